# Sekretar: the one Makefile (see README.md).  Local overrides: config.mak.
# SPDX-License-Identifier: MIT

PROG = sekretar
VERSION = 0.1.0

CC ?= cc
CFLAGS ?= -g -O2
PKG_CONFIG ?= pkg-config
PROVE ?= prove
PROVE_OPTS ?= -j2
PREFIX ?= /usr/local
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
LOCALEDIR ?= $(PREFIX)/share/locale
BUILD ?= build
BIN ?= ./$(PROG)
# libharu 2.3.0 on Debian ships no pkg-config file.
HPDF_CFLAGS ?=
HPDF_LIBS ?= -lhpdf
# libxlsxwriter (render/xlsx.c), expanded when a recipe runs.
XLSX_CFLAGS = $(shell $(PKG_CONFIG) --cflags xlsxwriter)
XLSX_LIBS = $(shell $(PKG_CONFIG) --libs xlsxwriter)
# libqrencode (render/qr.c), likewise.
QR_CFLAGS = $(shell $(PKG_CONFIG) --cflags libqrencode)
QR_LIBS = $(shell $(PKG_CONFIG) --libs libqrencode)
# libpng (render/image.c), likewise.
PNG_CFLAGS = $(shell $(PKG_CONFIG) --cflags libpng)
PNG_LIBS = $(shell $(PKG_CONFIG) --libs libpng)

-include config.mak

WARNINGS = -Wall -Wextra -Wpedantic -Wstrict-prototypes -Wmissing-prototypes \
	-Wold-style-definition -Wwrite-strings -Wvla -Wpointer-arith \
	-Wformat=2 -Wdeclaration-after-statement -fno-common
ifdef DEVELOPER
WARNINGS += -Werror
endif
ALL_CFLAGS = -std=c11 -D_DEFAULT_SOURCE $(WARNINGS) $(CFLAGS) -Isrc -Itests \
	-DSEKRETAR_VERSION='"$(VERSION)"' \
	-DSEKRETAR_DATADIR='"$(PREFIX)/share/$(PROG)"' \
	-DSEKRETAR_LOCALEDIR='"$(LOCALEDIR)"' $(HPDF_CFLAGS) $(XLSX_CFLAGS) \
	$(QR_CFLAGS) $(PNG_CFLAGS) -MMD -MP
LIBS = $(HPDF_LIBS) $(XLSX_LIBS) $(QR_LIBS) $(PNG_LIBS) -lm -lpthread
# libzip, SQLite and jansson (archive/), libcrypto (util/sha256), libdeflate
# (util/deflate), HarfBuzz's subsetter (render/fontsubset), ICU
# (util/collate) and libmicrohttpd (util/http, the desk's server); expanded
# when a recipe runs, after 'make deps' has installed them.
ARCHIVE_PKGS = libzip sqlite3 jansson libcrypto libdeflate harfbuzz-subset \
	icu-i18n icu-uc libmicrohttpd
ARCHIVE_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(ARCHIVE_PKGS))
ARCHIVE_LIBS = $(shell $(PKG_CONFIG) --libs $(ARCHIVE_PKGS))

ifdef V
Q =
else
Q = @
endif

UTIL_SRCS = \
	src/util/arena.c \
	src/util/collate.c \
	src/util/date.c \
	src/util/deflate.c \
	src/util/diag.c \
	src/util/file.c \
	src/util/filetree.c \
	src/util/http.c \
	src/util/datadir.c \
	src/util/i18n.c \
	src/util/decline.c \
	src/util/name.c \
	src/util/num.c \
	src/util/os.c \
	src/util/sfnt.c \
	src/util/sha256.c \
	src/util/quote.c \
	src/util/strbuf.c \
	src/util/table.c \
	src/util/testpoint.c \
	src/util/utf8.c \
	src/util/xalloc.c

CORE_SRCS = \
	src/core/chess.c \
	src/core/diploma.c \
	src/core/event.c \
	src/core/knockout.c \
	src/core/mandate.c \
	src/core/norms.c \
	src/core/ranking.c \
	src/core/rating.c \
	src/core/region.c \
	src/core/standings.c \
	src/core/teams.c \
	src/core/teamscore.c \
	src/core/tiebreak/buchholz.c \
	src/core/tiebreak/context.c \
	src/core/tiebreak/counts.c \
	src/core/tiebreak/encounter.c \
	src/core/tiebreak/parse.c \
	src/core/tiebreak/performance.c \
	src/core/tiebreak/table.c \
	src/core/tiebreak/team.c \
	src/core/tournament.c \
	src/core/validate.c

INGEST_SRCS = \
	src/ingest/csv.c \
	src/ingest/csvedit.c \
	src/ingest/eventdir.c \
	src/ingest/eventgames.c \
	src/ingest/ini.c \
	src/ingest/load.c \
	src/ingest/matchcards.c \
	src/ingest/pgn.c \
	src/ingest/playoffs.c \
	src/ingest/presets.c \
	src/ingest/registry.c \
	src/ingest/results.c \
	src/ingest/text.c \
	src/ingest/trf.c \
	src/ingest/trf-report.c \
	src/ingest/trf-teams.c

RENDER_SRCS = \
	src/render/board.c \
	src/render/bracket.c \
	src/render/columns.c \
	src/render/crosstable.c \
	src/render/diploma.c \
	src/render/doc.c \
	src/render/layout.c \
	src/render/mandate.c \
	src/render/page.c \
	src/render/pdf.c \
	src/render/pdffix.c \
	src/render/fontsubset.c \
	src/render/image.c \
	src/render/qr.c \
	src/render/ranking.c \
	src/render/render.c \
	src/render/report.c \
	src/render/sheet.c \
	src/render/site.c \
	src/render/teamdocs.c \
	src/render/template.c \
	src/render/view.c \
	src/render/wording.c \
	src/render/xlsx.c

ARCHIVE_SRCS = \
	src/archive/bundle.c \
	src/archive/catalog.c \
	src/archive/commit.c \
	src/archive/manifest.c \
	src/archive/results.c \
	src/archive/store.c \
	src/archive/verify.c

PIPELINE_SRCS = \
	src/pipeline/archive.c \
	src/pipeline/build.c \
	src/pipeline/convert.c \
	src/pipeline/desk.c \
	src/pipeline/desk-edit.c \
	src/pipeline/edits.c \
	src/pipeline/forget.c \
	src/pipeline/games.c \
	src/pipeline/init.c \
	src/pipeline/prepare.c \
	src/pipeline/publish.c \
	src/pipeline/render.c \
	src/pipeline/site.c \
	src/pipeline/transfer.c

CLI_SRCS = \
	src/cli/cli.c \
	src/cli/cmd-archive.c \
	src/cli/cmd-build.c \
	src/cli/cmd-check.c \
	src/cli/cmd-completion.c \
	src/cli/cmd-convert.c \
	src/cli/cmd-desk.c \
	src/cli/cmd-init.c \
	src/cli/cmd-query.c \
	src/cli/cmd-mandate.c \
	src/cli/cmd-render.c \
	src/cli/cmd-standings.c \
	src/cli/cmd-verify.c \
	src/cli/helptext.c \
	src/cli/main.c \
	src/cli/man.c \
	src/cli/options.c

LIB_SRCS = $(UTIL_SRCS) $(CORE_SRCS) $(INGEST_SRCS) $(ARCHIVE_SRCS)
LIB_OBJS = $(LIB_SRCS:%.c=$(BUILD)/%.o)
RENDER_OBJS = $(RENDER_SRCS:%.c=$(BUILD)/%.o)
PIPELINE_OBJS = $(PIPELINE_SRCS:%.c=$(BUILD)/%.o)
CLI_OBJS = $(CLI_SRCS:%.c=$(BUILD)/%.o)

UNIT_TESTS = \
	tests/unit/t-chess.c \
	tests/unit/t-collate.c \
	tests/unit/t-csv.c \
	tests/unit/t-date.c \
	tests/unit/t-decline.c \
	tests/unit/t-diploma.c \
	tests/unit/t-ini.c \
	tests/unit/t-knockout.c \
	tests/unit/t-mandate.c \
	tests/unit/t-name.c \
	tests/unit/t-num.c \
	tests/unit/t-pdf.c \
	tests/unit/t-pdffix.c \
	tests/unit/t-pgn.c \
	tests/unit/t-prepare.c \
	tests/unit/t-rating.c \
	tests/unit/t-render.c \
	tests/unit/t-sha256.c \
	tests/unit/t-strbuf.c \
	tests/unit/t-teams.c \
	tests/unit/t-template.c \
	tests/unit/t-tiebreak.c \
	tests/unit/t-tiebreak-shared.c \
	tests/unit/t-trf.c \
	tests/unit/t-trf-shared.c \
	tests/unit/t-utf8.c
UNIT_BINS = $(UNIT_TESTS:tests/unit/%.c=$(BUILD)/tests/%)

# The example championship (input of 'make demo'), made by a generator.
EXAMPLE = tests/example/u10-lviv-2023
EXAMPLE_CP1251 = tests/example/u10-lviv-2023-cp1251
GEN_EXAMPLE = $(BUILD)/tests/gen-example
# The 2004 championships (women, men's semi-final, men's knock-out final).
EXAMPLE_UA2004 = tests/example/ua-2004
GEN_UA2004 = $(BUILD)/tests/gen-ua2004
GEN_COMMON = $(BUILD)/tests/gen/gen-common.o

# Debian packages the build, the tests and the documents need.
DEB_PACKAGES = gcc make pkg-config perl libhpdf-dev libxlsxwriter-dev \
	libzip-dev libsqlite3-dev libjansson-dev libssl-dev libdeflate-dev \
	libharfbuzz-dev libqrencode-dev libicu-dev libpng-dev fonts-liberation2 \
	poppler-utils qpdf python3-openpyxl unzip zbar-tools sqlite3 tidy \
	gettext locales chromium chromium-driver python3-selenium pgn-extract \
	libmicrohttpd-dev curl

# Debian packages that only 'make deb' and 'make deb-check' need: for deb
# build-essential (dpkg-checkbuilddeps asks for it), lintian and the
# Build-Depends of debian/control (debhelper-compat is debhelper's; those
# marked <!nocheck> only when the tests run, DEB_BUILD_OPTIONS=).
DEB_BUILD_DEPENDS = $(shell awk 'f && /^[^ \t]/ { exit } \
	sub(/^Build-Depends:/, "") { f = 1 } f' debian/control | tr ',' '\n' | \
	awk -v nocheck=$(if $(filter nocheck,$(DEB_BUILD_PROFILES)),1,0) \
	'/<!nocheck>/ && nocheck { next } { sub(/[|].*/, ""); \
	gsub(/[(][^()]*[)]|[[][^]]*[]]|<[^>]*>|[ \t]/, ""); \
	sub(/^debhelper-compat$$/, "debhelper"); if ($$0 != "") print }')
DEB_BUILD_PACKAGES = build-essential lintian $(DEB_BUILD_DEPENDS)
DEB_CHECK_PACKAGES = debootstrap

.PHONY: all deps check asan-check demo example clean install uninstall fuzz \
	windows windows-deps windows-check \
	bench bench-archive bench-games check-deps fonts man completion deb \
	deb-check \
	update-po mo po-vars docs

all: $(BUILD)/.deps-ok $(BIN) fonts mo

# The message catalogues (GNU gettext): po/LANG.po (the messages) and
# man/LANG.po (the --help texts, also the manual pages') make one
# $(BUILD)/locale/LANG/LC_MESSAGES/sekretar.mo, which ./sekretar finds
# beside it and 'make install' puts in $(LOCALEDIR).  'make update-po'
# extracts the messages of the sources into po/sekretar.pot and merges
# them into every po/LANG.po.
PO_LANGS = uk
MOS = $(PO_LANGS:%=$(BUILD)/locale/%/LC_MESSAGES/$(PROG).mo)
mo: $(MOS)
$(BUILD)/locale/%/LC_MESSAGES/$(PROG).mo: po/%.po man/%.po $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  MSGFMT  $@")
	$(Q)msgcat --use-first po/$*.po man/$*.po -o $@.po && \
		msgfmt --check -o $@.tmp $@.po && rm -f $@.po && mv $@.tmp $@
XGETTEXT_OPTS = --language=C --from-code=UTF-8 --add-location=file \
	--sort-by-file --package-name=$(PROG) --package-version=$(VERSION) \
	--add-comments=TRANSLATORS: \
	--keyword=_ --keyword=N_ --keyword=i18n_ngettext:1,2 \
	--keyword=diag_error:5 --keyword=diag_warning:5 --keyword=diag_note:5 \
	--keyword=diag_add:6 --keyword=cli_error --keyword=cli_warning \
	--keyword=cli_usage_error:2 --keyword=doc_fail:3 --keyword=fail_at:4 \
	--keyword=fail:3 --keyword=err_at:4 --flag=err_at:4:c-format \
	--flag=diag_error:5:c-format --flag=diag_warning:5:c-format \
	--flag=diag_note:5:c-format --flag=diag_add:6:c-format \
	--flag=cli_error:1:c-format --flag=cli_warning:1:c-format \
	--flag=cli_usage_error:2:c-format --flag=doc_fail:3:c-format \
	--flag=fail_at:4:c-format --flag=fail:3:c-format --flag=_:1:pass-c-format \
	--flag=i18n_ngettext:1:pass-c-format --flag=i18n_ngettext:2:pass-c-format
PO_SRCS = $(sort $(LIB_SRCS) $(RENDER_SRCS) $(PIPELINE_SRCS) $(CLI_SRCS))
# For tests/cli/0004-i18n.t run by hand: make -s po-vars.
po-vars:
	@echo 'XGETTEXT_OPTS="$(XGETTEXT_OPTS)"'
	@echo 'PO_SRCS="$(PO_SRCS)"'
update-po:
	$(Q)xgettext $(XGETTEXT_OPTS) -o po/$(PROG).pot $(PO_SRCS)
	$(Q)for l in $(PO_LANGS); do \
		msgmerge --quiet --update --backup=none --no-fuzzy-matching \
			po/$$l.po po/$(PROG).pot && \
		msgattrib --no-obsolete -o po/$$l.po po/$$l.po || exit 1; \
		msgfmt --statistics -o /dev/null po/$$l.po; \
	done

# The fonts embedded in the PDFs, copied from Debian's fonts-liberation2
# (fonts/README.md); nothing binary is committed.
FONT_SRC ?= /usr/share/fonts/truetype/liberation2
FONT_FILES = LiberationSerif-Regular.ttf LiberationSerif-Bold.ttf \
	LiberationSans-Regular.ttf LiberationSans-Bold.ttf
FONTS = $(FONT_FILES:%=fonts/%)
fonts: $(FONTS)
fonts/%.ttf: | $(BUILD)/.deps-ok
	@$(if $(Q),echo "  FONT    $@")
	$(Q)cp $(FONT_SRC)/$(notdir $@) $@

# Install what is missing (as root), or say what to install.  SKIP_DEPS=1
# (a package build, where dpkg checks the Build-Depends) looks at nothing.
# $(call apt_install,PACKAGES,LOG)
apt_install = if ! command -v dpkg-query >/dev/null 2>&1; then \
		echo "deps: not a Debian system; install by hand: $(1)"; \
	else \
		missing=; \
		for p in $(1); do \
			dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
				grep -q 'install ok installed' || missing="$$missing $$p"; \
		done; \
		if [ -n "$$missing" ]; then \
			if [ "$$(id -u)" = 0 ]; then \
				echo "deps: installing$$missing"; \
				export DEBIAN_FRONTEND=noninteractive; \
				apt-get update -qq && \
				apt-get install -y -qq --no-install-recommends $$missing \
					>$(2) 2>&1 || \
				{ tail -20 $(2); exit 1; }; \
			else \
				echo "deps: missing packages; run:"; \
				echo "  sudo apt-get install$$missing"; \
				exit 1; \
			fi; \
		fi; \
	fi
# Make the locale LANG.UTF-8 (the Ukrainian tests' uk_UA) when locale -a
# lacks it (as root), or say how.
# $(call locale_gen,LANG)
locale_gen = if command -v localedef >/dev/null 2>&1 && \
		! locale -a 2>/dev/null | grep -qix '$(1)\.utf-\?8'; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "deps: making the locale $(1).UTF-8"; \
			localedef -i $(1) -c -f UTF-8 -A /usr/share/locale/locale.alias \
				$(1).UTF-8 || exit 1; \
		else \
			echo "deps: the locale $(1).UTF-8 is missing (the tests in" \
				"Ukrainian are skipped); run:"; \
			echo "  sudo localedef -i $(1) -c -f UTF-8 $(1).UTF-8"; \
		fi; \
	fi
deps: $(BUILD)/.deps-ok
$(BUILD)/.deps-ok: Makefile
	$(Q)mkdir -p $(BUILD)
ifndef SKIP_DEPS
	$(Q)$(call apt_install,$(DEB_PACKAGES),$(BUILD)/apt.log)
	$(Q)$(call locale_gen,uk_UA)
endif
	$(Q)touch $@

$(BUILD)/%.o: %.c $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(ARCHIVE_CFLAGS) -c -o $@ $<

$(BIN): $(LIB_OBJS) $(RENDER_OBJS) $(PIPELINE_OBJS) $(CLI_OBJS)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(LIB_OBJS) $(RENDER_OBJS) \
		$(PIPELINE_OBJS) \
		$(CLI_OBJS) $(LIBS) $(ARCHIVE_LIBS)

# The manual pages, made from the --help texts (sekretar help --man), in
# English and, through man/uk.po, in Ukrainian; the bash completion, made
# from the command and tie-break tables (sekretar completion bash).
MAN_COMMANDS = init check standings convert build archive query render verify \
	mandate desk
MAN_PAGES = sekretar $(MAN_COMMANDS:%=sekretar-%)
MAN_EN = $(MAN_PAGES:%=$(BUILD)/man/man1/%.1)
MAN_UK = $(MAN_PAGES:%=$(BUILD)/man/uk/man1/%.1)
COMPLETION = $(BUILD)/completion/$(PROG)
man: $(MAN_EN) $(MAN_UK)
completion: $(COMPLETION)
$(BUILD)/man/man1/%.1: $(BIN)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  MAN     $@")
	$(Q)$(BIN) help --man $* >$@.tmp && mv $@.tmp $@
$(BUILD)/man/uk/man1/%.1: $(BIN) man/uk.po
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  MAN     $@")
	$(Q)$(BIN) help --man --translations man/uk.po $* >$@.tmp && \
		mv $@.tmp $@
$(COMPLETION): $(BIN)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  GEN     $@")
	$(Q)$(BIN) completion bash >$@.tmp && mv $@.tmp $@

# The tie-break table of docs/tie-breaks.md, written from the program's own
# (sekretar help --tiebreaks) between the page's marker comments; commit
# what changes.  tests/cli/0006-docs.t fails while the page and the
# program differ.
DOCS_TIEBREAKS = docs/tie-breaks.md
docs: $(BIN)
	@mkdir -p $(BUILD)
	@$(if $(Q),echo "  GEN     $(DOCS_TIEBREAKS)")
	$(Q)$(BIN) help --tiebreaks >$(BUILD)/tiebreaks.md && \
		sh tests/lib/docs-block.sh $(DOCS_TIEBREAKS) $(BUILD)/tiebreaks.md \
			>$(BUILD)/tie-breaks.md.tmp && \
		mv $(BUILD)/tie-breaks.md.tmp $(DOCS_TIEBREAKS)

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(LIB_OBJS) $(RENDER_OBJS) \
		$(PIPELINE_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(RENDER_OBJS) \
		$(PIPELINE_OBJS) $(LIBS) \
		$(ARCHIVE_LIBS)

$(BUILD)/tests/gen-%: $(BUILD)/tests/gen/gen-%.o $(GEN_COMMON) $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(GEN_COMMON) $(LIB_OBJS) $(LIBS) \
		$(ARCHIVE_LIBS)

# The 2004 championships include the club championship's module.
$(GEN_UA2004): $(BUILD)/tests/gen/gen-ua2004.o $(BUILD)/tests/gen/gen-clubs.o \
		$(GEN_COMMON) $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIBS) $(ARCHIVE_LIBS)

# Write the example events again (every folder); commit what changes.
example: $(GEN_EXAMPLE) $(GEN_UA2004)
	$(Q)mkdir -p $(EXAMPLE) $(EXAMPLE_CP1251) $(EXAMPLE_UA2004)
	$(Q)$(GEN_EXAMPLE) $(EXAMPLE) $(EXAMPLE_CP1251)
	$(Q)$(GEN_UA2004) $(EXAMPLE_UA2004)

ZIPEDIT = $(BUILD)/tests/zipedit
$(ZIPEDIT): tests/gen/zipedit.c $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(ARCHIVE_CFLAGS) -o $@ $< \
		$(shell $(PKG_CONFIG) --libs libzip)

# The render fuzz target's seeds run once through it, with the build's own
# compiler and flags (so asan-check runs them through the sanitizers):
# tests/cli/3019-fuzz-render-seeds.t.
FUZZ_RENDER_SEEDS = $(BUILD)/tests/fuzz-render-seeds
$(FUZZ_RENDER_SEEDS): tests/fuzz/fuzz-render.c tests/fuzz/run-corpus.c \
		$(LIB_OBJS) $(RENDER_OBJS) $(PIPELINE_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/fuzz/fuzz-render.c \
		tests/fuzz/run-corpus.c $(LIB_OBJS) $(RENDER_OBJS) \
		$(PIPELINE_OBJS) $(LIBS) $(ARCHIVE_LIBS)

check: all $(UNIT_BINS) $(GEN_EXAMPLE) $(GEN_UA2004) $(ZIPEDIT) \
		$(FUZZ_RENDER_SEEDS)
	$(Q)rm -rf $(BUILD)/test-logs
	$(Q)SEKRETAR=$(abspath $(BIN)) SEKRETAR_BUILD=$(abspath $(BUILD)) \
		SEKRETAR_DATADIR=$(CURDIR) \
		SEKRETAR_LOCALEDIR=$(abspath $(BUILD))/locale \
		XGETTEXT_OPTS="$(XGETTEXT_OPTS)" PO_SRCS="$(PO_SRCS)" \
		$(PROVE) $(PROVE_OPTS) --exec "sh tests/lib/run-logged.sh" \
		$(UNIT_BINS) tests/cli/*.t || \
		{ sh tests/lib/show-failed.sh $(BUILD)/test-logs; exit 1; }

# The same suite built with AddressSanitizer and UBSan.
asan-check: $(BUILD)/.deps-ok
	$(Q)$(MAKE) --no-print-directory BUILD=build/asan BIN=build/asan/$(PROG) \
		CFLAGS="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
		check

# The main job on the example championships (U10 2023, and the 2004
# championships with their knock-out final): build them into archive/
# (check, rank, bundle, catalogue), then ask the archive who the champions
# are.
demo: all
	$(Q)$(BIN) build --archive archive $(EXAMPLE)
	$(Q)$(BIN) build --archive archive --slug ua-2004 $(EXAMPLE_UA2004)
	$(Q)$(BIN) query --archive archive champions

# Coverage-guided fuzzing (clang's libFuzzer) of the parsers, the manifest
# reader, bundle import, an event.ini through ranking to the catalogue, and
# every document of a fuzzed event with fuzzed templates and background
# images (render; its seeds from tests/fuzz/seed-render.sh);
# FUZZ_TIME seconds per target (FUZZ_TARGETS to choose), seeds from
# tests/data and the example event, small real bundles from
# tests/fuzz/seed-bundle.
FUZZ_TIME ?= 60
FUZZ_TARGETS ?= trf csv ini template manifest bundle event render presets \
	pgn
FUZZ_CC = clang -std=c11 -D_DEFAULT_SOURCE -g -O1 -Isrc -Itests \
	-DSEKRETAR_VERSION='"$(VERSION)"' \
	-DSEKRETAR_DATADIR='"$(PREFIX)/share/$(PROG)"' \
	-fsanitize=fuzzer,address,undefined $(ARCHIVE_CFLAGS) $(XLSX_CFLAGS) \
	$(QR_CFLAGS) $(PNG_CFLAGS)
FUZZ_SRCS = $(LIB_SRCS) src/render/template.c
FUZZ_SRCS_event = $(LIB_SRCS) $(RENDER_SRCS) $(PIPELINE_SRCS)
FUZZ_SRCS_render = $(FUZZ_SRCS_event)
FUZZ_EVENT_RULES = 'tiebreaks = EDET' 'tiebreaks = BH:GP,GPTS' \
	'rules = ua-2023' 'rules = ua-2004-teams' 'system = round-robin' \
	'tiebreaks = BH/C99' 'unplayed = fide-2009' 'prize-places = 2'
fuzz: $(BUILD)/.deps-ok
	$(Q)command -v clang >/dev/null || \
		{ echo "fuzz: needs clang (apt-get install clang)"; exit 1; }
	$(Q)mkdir -p build/fuzz/corpus-template build/fuzz/corpus-bundle \
		build/fuzz/corpus-event build/fuzz/corpus-presets && \
		cp templates/*.ini build/fuzz/corpus-template/ && \
		cp presets/norms/*.ini presets/regions/*.ini \
			build/fuzz/corpus-presets/
	$(Q)$(CC) $(ALL_CFLAGS) $(ARCHIVE_CFLAGS) \
		-o build/fuzz/seed-bundle tests/fuzz/seed-bundle.c $(LIB_SRCS) \
		$(LIBS) $(ARCHIVE_LIBS) && \
		build/fuzz/seed-bundle build/fuzz/corpus-bundle
	$(Q)cp tests/data/mini-event/event.ini build/fuzz/corpus-event/mini.ini; \
	cp tests/data/mandate-event/event.ini build/fuzz/corpus-event/mandate.ini; \
	n=0; for r in $(FUZZ_EVENT_RULES); do n=$$((n + 1)); \
		sed "/^\[section girls\]/a $$r" tests/data/mini-event/event.ini \
			>build/fuzz/corpus-event/rule-$$n.ini; \
	done
	$(Q)for f in $(FUZZ_TARGETS); do \
		mkdir -p build/fuzz/corpus-$$f && \
		cp tests/data/*.$$f tests/data/*/*.$$f \
			build/fuzz/corpus-$$f/ 2>/dev/null; \
		for x in tests/example/*/*.$$f; do \
			[ -f "$$x" ] && head -c 4000 "$$x" \
				>"build/fuzz/corpus-$$f/$$(echo $$x | tr / _)"; \
		done; \
		srcs='$(FUZZ_SRCS)'; \
		[ $$f = event ] && srcs='$(FUZZ_SRCS_event)'; \
		[ $$f = render ] && srcs='$(FUZZ_SRCS_render)' && \
			sh tests/fuzz/seed-render.sh build/fuzz/corpus-render; \
		$(FUZZ_CC) -o build/fuzz/fuzz-$$f tests/fuzz/fuzz-$$f.c $$srcs \
			$(LIBS) $(ARCHIVE_LIBS) && \
		build/fuzz/fuzz-$$f -max_total_time=$(FUZZ_TIME) -max_len=65536 \
			-close_fd_mask=3 build/fuzz/corpus-$$f || exit 1; \
	done

# Speed and size against their targets (tests/bench/bench.sh): the full
# tie-break list on synthetic Swiss events against a floor program and the
# FIDE checker (FIDE_CHECKER=.../tiebreakchecker.py), check with a big
# registry, an unchanged rebuild, the example's bundle (files written into
# $(BUILD)/bench); a knock-out of 128 players with every stage; then the
# documents of a 1,000-player, 11-round section and 500 diplomas in one
# file; check of an event of 2,000 sections; a PGN of 100,000 games read
# and checked against pgn-extract.
bench: all $(BUILD)/bench/gen-swiss $(BUILD)/bench/floor \
		$(BUILD)/bench/bench-knockout $(BUILD)/bench/timeit \
		$(BUILD)/bench/bench-pgn
	$(Q)sh tests/bench/bench.sh $(abspath $(BIN)) $(BUILD)/bench/gen-swiss \
		$(BUILD)/bench/floor $(BUILD)/bench $(BUILD)/bench/timeit
	$(Q)sh tests/bench/bench-knockout.sh $(abspath $(BIN)) \
		$(BUILD)/bench/bench-knockout $(BUILD)/bench
	$(Q)SEKRETAR=$(abspath $(BIN)) SEKRETAR_DATADIR=$(CURDIR) \
		TIMEIT=$(abspath $(BUILD)/bench/timeit) sh tests/bench/bench-render.sh
	$(Q)SEKRETAR=$(abspath $(BIN)) SEKRETAR_DATADIR=$(CURDIR) \
		sh tests/bench/bench-diplomas.sh
	$(Q)SEKRETAR=$(abspath $(BIN)) \
		TIMEIT=$(abspath $(BUILD)/bench/timeit) sh tests/bench/bench-sections.sh
	$(Q)sh tests/bench/bench-pgn.sh $(BUILD)/bench/bench-pgn $(BUILD)/bench \
		$(BUILD)/bench/timeit
	$(Q)SEKRETAR=$(abspath $(BIN)) SEKRETAR_DATADIR=$(CURDIR) \
		sh tests/bench/bench-desk.sh

# The archive at scale (tests/bench/bench-archive.sh): BENCH_EVENTS synthetic
# championships (2,000: about 1.5 million games) built into one archive in
# $(BUILD)/bench-archive, then the queries, 'archive verify' and 'archive
# site' (the website of the whole archive, first and unchanged) timed.
BENCH_EVENTS ?= 2000
bench-archive: all $(BUILD)/bench/gen-archive
	$(Q)sh tests/bench/bench-archive.sh $(abspath $(BIN)) \
		$(BUILD)/bench/gen-archive $(BUILD)/bench-archive $(BENCH_EVENTS)

# 'query games' over a catalogue of BENCH_GAMES synthetic games (a
# million: filled by SQL in $(BUILD)/bench-games; tests/bench/bench-games.sh)
# by a player, a range of ECO codes and a year.
BENCH_GAMES ?= 1000000
bench-games: all $(BUILD)/bench/timeit
	$(Q)sh tests/bench/bench-games.sh $(abspath $(BIN)) \
		$(abspath $(BUILD)/bench/timeit) $(BUILD)/bench-games $(BENCH_GAMES)

$(BUILD)/bench/bench-knockout: $(BUILD)/tests/bench/bench-knockout.o $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(LIBS) $(ARCHIVE_LIBS)

$(BUILD)/bench/bench-pgn: $(BUILD)/tests/bench/bench-pgn.o $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(LIBS) $(ARCHIVE_LIBS)

$(BUILD)/bench/gen-archive: $(BUILD)/tests/bench/gen-archive.o $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJS) $(LIBS) $(ARCHIVE_LIBS)

$(BUILD)/bench/timeit: tests/bench/timeit.c $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $<

$(BUILD)/bench/floor: tests/bench/floor.c $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $<

$(BUILD)/bench/gen-swiss: tests/bench/gen-swiss.c $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $<

# Every #include must follow the module arrows of DESIGN.md.
# The layers (README, Layout): each includes only those below it, util <-
# core <- ingest, render, archive <- pipeline <- cli; render and archive
# not each other; cli only pipeline/, util/ and the core headers of the
# types it prints (CLI_TYPE_HEADERS).
CLI_TYPE_HEADERS = event tournament standings ranking teams knockout \
	tiebreak mandate region diploma
check-deps:
	$(Q)fail=0; \
	no() { dir=$$1; shift; \
		for f in $$(find src/$$dir -name '*.[ch]'); do \
			for up in "$$@"; do \
				grep -Hn "#include \"$$up/" $$f && fail=1; \
			done; \
		done; }; \
	no util core ingest render archive pipeline cli; \
	no core ingest render archive pipeline cli; \
	no ingest render archive pipeline cli; \
	no render ingest archive pipeline cli; \
	no archive ingest render pipeline cli; \
	no pipeline cli; \
	for f in $$(find src/cli -name '*.[ch]'); do \
		grep -Hn '#include "\(ingest\|render\|archive\)/' $$f && fail=1; \
		for h in $$(grep -o '#include "core/[^"]*"' $$f | \
				sed 's|.*core/||; s|\.h"||'); do \
			case " $(CLI_TYPE_HEADERS) " in \
			*" $$h "*) ;; \
			*) echo "$$f: includes core/$$h.h, not a type cli prints"; \
				fail=1 ;; \
			esac; \
		done; \
	done; \
	exit $$fail

# Every $(BUILD)/locale/LANG/LC_MESSAGES/sekretar.mo goes to $(LOCALEDIR).

install: all man completion
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/$(PROG) \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/uk/man1 \
		$(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/$(PROG)
	cp -R templates fonts presets $(DESTDIR)$(PREFIX)/share/$(PROG)/
	install -m 644 $(MAN_EN) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(MAN_UK) $(DESTDIR)$(MANDIR)/uk/man1/
	install -m 644 $(COMPLETION) $(DESTDIR)$(BASHCOMPDIR)/$(PROG)
	$(Q)for mo in $(MOS); do \
		d=$(DESTDIR)$(LOCALEDIR)/$${mo#$(BUILD)/locale/}; \
		install -d $$(dirname $$d) && install -m 644 $$mo $$d || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/$(PROG)
	rm -rf $(DESTDIR)$(PREFIX)/share/$(PROG)
	rm -f $(MAN_PAGES:%=$(DESTDIR)$(MANDIR)/man1/%.1) \
		$(MAN_PAGES:%=$(DESTDIR)$(MANDIR)/uk/man1/%.1) \
		$(DESTDIR)$(BASHCOMPDIR)/$(PROG) \
		$(MOS:$(BUILD)/locale/%=$(DESTDIR)$(LOCALEDIR)/%)

# The Debian package (debian/), built with dpkg-buildpackage from a copy of
# the sources in $(BUILD)/deb (the .deb lands there), then checked by
# lintian; the tests run with DEB_BUILD_OPTIONS= (default: nocheck, as
# 'make check' runs them; with it the nocheck build profile too).
# Installs DEB_BUILD_PACKAGES first, as 'make deps' does.
DEB_BUILD_OPTIONS ?= nocheck
DEB_BUILD_PROFILES ?= $(filter nocheck,$(DEB_BUILD_OPTIONS))
DEB_DIR = $(BUILD)/deb
deb:
	$(Q)mkdir -p $(BUILD)
	$(Q)$(call apt_install,$(DEB_BUILD_PACKAGES),$(BUILD)/apt-deb.log)
	$(Q)rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)/$(PROG)-$(VERSION)
	$(Q)tar -cf - --exclude=./build --exclude=./.git --exclude='./archive/*' \
		--exclude=./$(PROG) --exclude='./fonts/*.ttf' --exclude=./out \
		--exclude=./config.mak . | tar -C $(DEB_DIR)/$(PROG)-$(VERSION) -xf -
	$(Q)cd $(DEB_DIR)/$(PROG)-$(VERSION) && \
		DEB_BUILD_OPTIONS="$(DEB_BUILD_OPTIONS)" \
		DEB_BUILD_PROFILES="$(DEB_BUILD_PROFILES)" \
		dpkg-buildpackage -b -us -uc >../build.log 2>&1 || \
		{ tail -30 ../build.log; exit 1; }
	$(Q)ls $(DEB_DIR)/*.deb
	$(Q)lintian --fail-on error $(DEB_DIR)/*.deb

# The package installed into a clean Debian 12 root (debootstrap, as
# ../shared/tools/freshcheck.sh makes it), then 'sekretar build' of the
# example event there (tests/deb-check.sh; slow, as root; not in check).
deb-check: deb
	$(Q)$(call apt_install,$(DEB_CHECK_PACKAGES),$(BUILD)/apt-deb.log)
	$(Q)sh tests/deb-check.sh $(DEB_DIR) $(EXAMPLE)

# Windows (64-bit), cross-built with Debian's mingw-w64: 'make windows'
# makes $(WIN)/sekretar.exe and $(WIN)/sekretar-win64.zip (the program,
# templates, fonts, presets, the Ukrainian catalogue, a guide); the
# libraries come from Debian's source packages, built once into
# $(WIN)/deps by windows/deps.sh (nice, $(WIN)/deps.log).  'make
# windows-check' tries the zip under Wine (windows/check.sh; not in check).
WIN = build/windows
WIN_HOST = x86_64-w64-mingw32
WIN_DEPS = $(WIN)/deps
# What 'make windows' builds with (the libraries, the program, the zip),
# and what 'make windows-check' runs; each installed as 'make deps' does.
WIN_PACKAGES = gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 gcc g++ \
	dpkg-dev cmake make tcl bzip2 xz-utils autoconf automake libtool \
	gettext fonts-liberation2 zip
WIN_CHECK_PACKAGES = wine64 unzip poppler-utils curl
WIN_LIBS_ORDER = zlib libpng libharu libzip sqlite3 libxlsxwriter jansson \
	qrencode libdeflate harfbuzz libmicrohttpd gettext icu
WIN_CFLAGS = -I$(abspath $(WIN_DEPS))/include \
	-I$(abspath $(WIN_DEPS))/include/harfbuzz \
	-DU_STATIC_IMPLEMENTATION -D__USE_MINGW_ANSI_STDIO=1 -Wno-format
WIN_LIBS = -static -L$(abspath $(WIN_DEPS))/lib -lxlsxwriter -lzip -lhpdfs \
	-lpng16 -lqrencode -ljansson -lsqlite3 -lharfbuzz-subset -lharfbuzz \
	-ldeflate -lmicrohttpd -lintl -lsicuin -lsicuuc -lsicudt -lz \
	-lstdc++ -lws2_32 -lbcrypt -lshell32 -lole32 -lpthread -lm
# The program's own C code is built by this Makefile's rules with the
# cross-compiler (of the POSIX thread model, as ICU's C++ wants), into its
# own BUILD (where the catalogue is made too, SKIP_DEPS: the packages are
# WIN_PACKAGES).
WIN_MAKE = $(MAKE) --no-print-directory SKIP_DEPS=1 BUILD=$(WIN)/obj \
	BIN=$(WIN)/$(PROG).exe CC=$(WIN_HOST)-gcc-posix PKG_CONFIG=false \
	PREFIX=. LOCALEDIR=locale CFLAGS="-O2" \
	HPDF_CFLAGS= HPDF_LIBS= XLSX_CFLAGS= XLSX_LIBS= QR_CFLAGS= QR_LIBS= \
	PNG_CFLAGS= PNG_LIBS= ARCHIVE_CFLAGS="$(WIN_CFLAGS)" \
	LDFLAGS="$(abspath $(WIN))/obj/sekretar-res.o" \
	ARCHIVE_LIBS="$(WIN_LIBS)"
WIN_ZIP = $(WIN)/$(PROG)-win64.zip

$(WIN)/.packages-ok: Makefile
	$(Q)mkdir -p $(WIN)
	$(Q)$(call apt_install,$(WIN_PACKAGES),$(WIN)/apt.log)
	$(Q)touch $@
$(WIN)/.check-packages-ok: Makefile | $(WIN)/.packages-ok
	$(Q)mkdir -p $(WIN)
	$(Q)$(call apt_install,$(WIN_CHECK_PACKAGES),$(WIN)/apt-check.log)
	$(Q)touch $@

windows-deps: $(WIN_DEPS)/.ok
$(WIN_DEPS)/.ok: windows/deps.sh | $(WIN)/.packages-ok
	$(Q)echo "windows-deps: building the libraries (once; log:" \
		"$(WIN)/deps.log)"
	$(Q)nice -n 19 sh windows/deps.sh $(WIN) $(WIN_LIBS_ORDER) \
		>$(WIN)/deps.log 2>&1 || { tail -30 $(WIN)/deps.log; exit 1; }
	$(Q)tail -1 $(WIN)/deps.log
	$(Q)touch $@

$(WIN)/obj/sekretar-res.o: windows/sekretar.rc windows/sekretar.manifest \
		| $(WIN)/.packages-ok
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  WINDRES $@")
	$(Q)$(WIN_HOST)-windres windows/sekretar.rc -O coff -o $@

windows: $(WIN_DEPS)/.ok $(WIN)/obj/sekretar-res.o
	$(Q)$(WIN_MAKE) fonts mo $(WIN)/$(PROG).exe
	$(Q)sh windows/package.sh $(WIN) $(WIN)/$(PROG).exe $(WIN)/obj/locale \
		$(WIN_ZIP)

$(WIN)/holdfile.exe: tests/windows/holdfile.c $(WIN)/obj/sekretar-res.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(WIN_HOST)-gcc -O2 -o $@ $< $(WIN)/obj/sekretar-res.o

windows-check: windows all $(WIN)/holdfile.exe $(WIN)/.check-packages-ok
	$(Q)sh windows/check.sh $(WIN) $(WIN_ZIP) $(EXAMPLE) $(EXAMPLE_UA2004)

clean:
	rm -rf build $(PROG)

.SECONDARY:

-include $(LIB_OBJS:.o=.d) $(RENDER_OBJS:.o=.d) $(PIPELINE_OBJS:.o=.d) \
	$(CLI_OBJS:.o=.d) \
	$(UNIT_TESTS:tests/unit/%.c=$(BUILD)/tests/unit/%.d) \
	$(BUILD)/tests/gen/gen-example.d $(BUILD)/tests/gen/gen-common.d \
	$(BUILD)/tests/gen/gen-ua2004.d $(BUILD)/tests/gen/gen-clubs.d
