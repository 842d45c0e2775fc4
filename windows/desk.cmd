@echo off
rem Drop an event folder on this file: the secretary's desk opens in the browser.
"%~dp0sekretar.exe" desk %*
