#!/bin/sh
# windows/deps.sh: the libraries sekretar.exe links, cross-built for 64-bit
# Windows (mingw-w64) from Debian's source packages, static, into OUT/deps.
# SPDX-License-Identifier: MIT
#
#   sh windows/deps.sh OUT [LIBRARY...]
#
# Each source package is fetched with 'apt-get source --download-only' into
# OUT/src (a deb-src entry must exist; 'make windows-deps' adds one), unpacked
# with dpkg-source (Debian's patches applied) or, where the Debian part of a
# package is missing from the mirror, from its upstream tarball alone, built
# in OUT/work and installed into OUT/deps.  A library built once is not built
# again (OUT/deps/stamp/NAME); OUT/deps/stamp/NAME.version says what was used.
# Nothing is downloaded from anywhere but the Debian mirror.
set -eu

OUT=$(cd "$1" && pwd)
shift
HOST=x86_64-w64-mingw32
SRC=$OUT/src
WORK=$OUT/work
P=$OUT/deps
JOBS=${JOBS:-2}
mkdir -p "$SRC" "$WORK" "$P/include" "$P/lib" "$P/stamp"

export CC=$HOST-gcc CXX=$HOST-g++ AR=$HOST-ar RANLIB=$HOST-ranlib
CFLAGS_W="-O2 -I$P/include"

log() { echo "windows-deps: $*"; }

# A deb-src entry for the system's Debian mirror, when there is none (as
# root; else say so).
deb_src() {
    grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list \
        /etc/apt/sources.list.d/ && return 0
    if [ "$(id -u)" != 0 ]; then
        log "no deb-src entry in /etc/apt/sources.list.d/; as root run"
        log "'make windows-deps', or add one"
        exit 1
    fi
    uri=$(sed -n 's/^URIs: *\(.*debian\)$/\1/p' \
        /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
    . /etc/os-release
    log "adding /etc/apt/sources.list.d/debian-src.sources"
    cat >/etc/apt/sources.list.d/debian-src.sources <<EOF
Types: deb-src
URIs: ${uri:-http://deb.debian.org/debian}
Suites: $VERSION_CODENAME $VERSION_CODENAME-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt-get update -qq
}

# Fetch the source package PKG into $SRC (the .dsc and what the mirror has).
fetch() {
    if ! ls "$SRC/$1"_*.dsc >/dev/null 2>&1; then
        log "fetching the source package $1"
        (cd "$SRC" && apt-get source -qq --download-only "$1") ||
            log "$1: part of the source package is missing; using what came"
    fi
    ls "$SRC/$1"_*.dsc >/dev/null 2>&1 || { log "$1: no source"; exit 1; }
}

# Unpack PKG into $WORK/PKG and print the source directory's path.  With
# its Debian tarball, dpkg-source (patches applied); without, the upstream
# tarball alone.
unpack() {
    dsc=$(ls "$SRC/$1"_*.dsc | head -1)
    rm -rf "$WORK/$1" && mkdir -p "$WORK/$1"
    deb=$(ls "$SRC/$1"_*.debian.tar.* 2>/dev/null | head -1 || true)
    if [ -n "$deb" ]; then
        dpkg-source --no-check -x "$dsc" "$WORK/$1/src" >/dev/null
        echo "$(basename "$dsc" .dsc) (Debian source package)" >"$P/stamp/$1.version"
    else
        orig=$(ls "$SRC/$1"_*.orig.tar.* | grep -v '\.asc$' | grep -v -- '-www' | head -1)
        tar -C "$WORK/$1" -xf "$orig"
        mv "$WORK/$1"/*/ "$WORK/$1/src"
        echo "$(basename "$orig") (upstream tarball; the mirror lacks the" \
            "Debian part)" >"$P/stamp/$1.version"
    fi
    # Its licence, for the zip: Debian's copyright file, else upstream's.
    mkdir -p "$P/licences"
    for l in debian/copyright COPYING LICENSE LICENSE.md License.txt README; do
        if [ -f "$WORK/$1/src/$l" ]; then
            cp "$WORK/$1/src/$l" "$P/licences/$1.txt"
            break
        fi
    done
    echo "$WORK/$1/src"
}

toolchain() {
    cat >"$WORK/toolchain.cmake" <<EOF
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_C_COMPILER $HOST-gcc)
set(CMAKE_CXX_COMPILER $HOST-g++)
set(CMAKE_RC_COMPILER $HOST-windres)
set(CMAKE_FIND_ROOT_PATH /usr/$HOST $P)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
EOF
}

# cmake_build DIR [OPTION...]: configure, build and install a CMake project.
cmake_build() {
    d=$1
    shift
    cmake -S "$d" -B "$d/_build" -DCMAKE_TOOLCHAIN_FILE="$WORK/toolchain.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$P" \
        -DCMAKE_PREFIX_PATH="$P" -DBUILD_SHARED_LIBS=OFF \
        -DCMAKE_C_FLAGS="$CFLAGS_W" "$@" >"$d/_cmake.log" 2>&1 ||
        { tail -n 30 "$d/_cmake.log"; exit 1; }
    cmake --build "$d/_build" -j "$JOBS" >"$d/_build.log" 2>&1 ||
        { tail -n 30 "$d/_build.log"; exit 1; }
    cmake --install "$d/_build" >>"$d/_build.log" 2>&1
}

build_zlib() {
    fetch zlib
    s=$(unpack zlib)
    (cd "$s" && CHOST=$HOST ./configure --static --prefix="$P" \
        >_configure.log 2>&1 && make -j"$JOBS" libz.a >_build.log 2>&1) ||
        { tail -n 20 "$s"/_*.log; exit 1; }
    cp "$s/zlib.h" "$s/zconf.h" "$P/include/"
    cp "$s/libz.a" "$P/lib/"
}

# configure_build DIR [OPTION...]: configure (for Windows, static), build
# and install an Autotools project.
configure_build() {
    d=$1
    shift
    (cd "$d" && ./configure --host=$HOST --prefix="$P" --disable-shared \
        --enable-static CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib" "$@" \
        >_configure.log 2>&1 && make -j"$JOBS" >_build.log 2>&1 &&
        make install >>_build.log 2>&1) ||
        { tail -n 30 "$d"/_*.log; exit 1; }
}

build_libpng() {
    fetch libpng1.6
    s=$(unpack libpng1.6)
    configure_build "$s"
}

build_libharu() {
    fetch libharu
    s=$(unpack libharu)
    cmake_build "$s" -DLIBHPDF_SHARED=OFF -DLIBHPDF_STATIC=ON \
        -DLIBHPDF_EXAMPLES=OFF -DDEVPAK=OFF \
        -DZLIB_INCLUDE_DIR="$P/include" -DZLIB_LIBRARY="$P/lib/libz.a" \
        -DPNG_PNG_INCLUDE_DIR="$P/include" -DPNG_LIBRARY="$P/lib/libpng16.a"
}

build_libzip() {
    fetch libzip
    s=$(unpack libzip)
    cmake_build "$s" -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF -DENABLE_ZSTD=OFF \
        -DENABLE_OPENSSL=OFF -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF \
        -DENABLE_COMMONCRYPTO=OFF -DENABLE_WINDOWS_CRYPTO=OFF \
        -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF \
        -DBUILD_DOC=OFF -DZLIB_INCLUDE_DIR="$P/include" \
        -DZLIB_LIBRARY="$P/lib/libz.a"
}

# SQLite: the amalgamation (sqlite3.c), made by the build machine's tclsh
# from the Debian source tree, then compiled for Windows.
build_sqlite3() {
    fetch sqlite3
    s=$(unpack sqlite3)
    (cd "$s" && mkdir -p _native && cd _native &&
        CC=cc ../configure >../_configure.log 2>&1 &&
        make sqlite3.c >../_build.log 2>&1) ||
        { tail -n 30 "$s"/_*.log; exit 1; }
    $CC -O2 -DSQLITE_THREADSAFE=1 -DSQLITE_DQS=0 -c -o "$s/sqlite3.o" \
        "$s/_native/sqlite3.c"
    rm -f "$P/lib/libsqlite3.a"
    $AR rcs "$P/lib/libsqlite3.a" "$s/sqlite3.o"
    cp "$s/_native/sqlite3.h" "$s/_native/sqlite3ext.h" "$P/include/"
}

build_libxlsxwriter() {
    fetch libxlsxwriter
    s=$(unpack libxlsxwriter)
    cmake_build "$s" -DBUILD_TESTS=OFF -DBUILD_EXAMPLES=OFF \
        -DUSE_STATIC_MSVC_RUNTIME=OFF -DZLIB_INCLUDE_DIR="$P/include" \
        -DZLIB_LIBRARY="$P/lib/libz.a"
}

build_jansson() {
    fetch jansson
    s=$(unpack jansson)
    # Its UTF-8 helpers are not static; a shared library hides them, a
    # static one would clash with util/utf8's names.
    keep=$CFLAGS_W
    for f in encode check_first check_full iterate check_string; do
        CFLAGS_W="$CFLAGS_W -Dutf8_$f=jansson_utf8_$f"
    done
    cmake_build "$s" -DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF \
        -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_BUILD_SHARED_LIBS=OFF
    CFLAGS_W=$keep
}

build_qrencode() {
    fetch qrencode
    s=$(unpack qrencode)
    cmake_build "$s" -DWITH_TOOLS=NO -DWITH_TESTS=NO
}

build_libdeflate() {
    fetch libdeflate
    s=$(unpack libdeflate)
    make -C "$s" CC=$CC AR=$AR libdeflatestatic.lib >"$s/_build.log" 2>&1 ||
        { tail -n 20 "$s/_build.log"; exit 1; }
    cp "$s/libdeflate.h" "$P/include/"
    cp "$s/libdeflatestatic.lib" "$P/lib/libdeflate.a"
}

# HarfBuzz: its own one-file builds of the library and of the subsetter,
# with nothing optional (no FreeType, GLib, ICU, GDI, DirectWrite).
build_harfbuzz() {
    fetch harfbuzz
    s=$(unpack harfbuzz)
    for u in harfbuzz harfbuzz-subset; do
        $CXX -O2 -std=c++11 -fno-exceptions -fno-rtti \
            -fno-threadsafe-statics -fvisibility-inlines-hidden \
            -DHB_NO_MT -c -o "$s/$u.o" "$s/src/$u.cc" >>"$s/_build.log" 2>&1 ||
            { tail -n 30 "$s/_build.log"; exit 1; }
    done
    rm -f "$P/lib/libharfbuzz.a" "$P/lib/libharfbuzz-subset.a"
    $AR rcs "$P/lib/libharfbuzz.a" "$s/harfbuzz.o"
    $AR rcs "$P/lib/libharfbuzz-subset.a" "$s/harfbuzz-subset.o"
    mkdir -p "$P/include/harfbuzz"
    cp "$s"/src/hb.h "$s"/src/hb-*.h "$P/include/harfbuzz/"
}

build_libmicrohttpd() {
    fetch libmicrohttpd
    s=$(unpack libmicrohttpd)
    configure_build "$s" --disable-doc --disable-examples --disable-curl \
        --disable-https --without-gnutls --disable-nls
}

# libintl: gettext-runtime's intl/ alone (the messages are UTF-8 as the
# catalogue is: no iconv).  Debian's patches change its configure.ac and
# Makefile.am, so make runs Autoconf and Automake again, as Debian's own
# build does (autoconf, automake and libtool are among the packages).
build_gettext() {
    fetch gettext
    s=$(unpack gettext)
    (cd "$s/gettext-runtime" && ./configure --host=$HOST --prefix="$P" \
        --disable-shared --enable-static --disable-java --disable-csharp \
        --disable-libasprintf --disable-openmp --without-libiconv-prefix \
        --disable-c++ --disable-threads \
        CPPFLAGS="-I$P/include" >../_configure.log 2>&1 &&
        make -C intl -j"$JOBS" >../_build.log 2>&1 &&
        make -C intl install >>../_build.log 2>&1) ||
        { tail -n 30 "$s"/_*.log; exit 1; }
}

# ICU (collation): the build machine's tools first (a native build, which
# the cross build needs), then the libraries for Windows with the data
# linked in.
build_icu() {
    fetch icu
    s=$(unpack icu)
    mkdir -p "$s/_native" "$s/_cross"
    (cd "$s/_native" && CC=cc CXX=c++ AR=ar RANLIB=ranlib \
        ../source/configure --disable-tests --disable-samples \
        --disable-extras --disable-layoutex --disable-icuio \
        >../_native-configure.log 2>&1 &&
        make -j"$JOBS" >../_native-build.log 2>&1) ||
        { tail -n 30 "$s"/_native-*.log; exit 1; }
    # ICU's mutex is std::mutex: the compilers of the POSIX thread model.
    (cd "$s/_cross" && CC=$HOST-gcc-posix CXX=$HOST-g++-posix \
        ../source/configure --host=$HOST --prefix="$P" \
        --with-cross-build="$s/_native" --enable-static --disable-shared \
        --disable-tests --disable-samples --disable-extras \
        --disable-layoutex --disable-icuio --disable-tools \
        --with-data-packaging=static \
        >../_cross-configure.log 2>&1 &&
        make -j"$JOBS" >../_cross-build.log 2>&1 &&
        make install >>../_cross-build.log 2>&1) ||
        { tail -n 30 "$s"/_cross-*.log; exit 1; }
    # Its data: without the tools the cross build links a stub.  The
    # source's own icudt*l.dat, cut by the native icupkg to what collation
    # in Ukrainian reads (31 MB to 2 MB: the root and uk collations, the
    # locale tree's root, the character properties), becomes an object
    # through the native genccode.
    rm -rf "$s/_data" && mkdir -p "$s/_data"
    dat=$(ls "$s"/source/data/in/icudt*l.dat)
    export LD_LIBRARY_PATH="$s/_native/lib"
    "$s/_native/bin/icupkg" -l "$dat" | grep -v -E '^(coll/(root|uk|res_index)'\
'\.res|coll/ucadata\.icu|(root|uk|res_index|pool|likelySubtags|'\
'supplementalData|metadata)\.res|[^/]*\.(icu|nrm))$' >"$s/_data/remove.lst"
    "$s/_native/bin/icupkg" -r "$s/_data/remove.lst" "$dat" \
        "$s/_data/$(basename "$dat")"
    "$s/_native/bin/genccode" --assembly gcc-mingw64 -d "$s/_data" \
        -e "$(basename "$dat" l.dat)" "$s/_data/$(basename "$dat")" >/dev/null
    unset LD_LIBRARY_PATH
    $CC -c -o "$s/_data/icudt.o" "$s"/_data/icudt*l_dat.S
    rm -f "$P/lib/libsicudt.a"
    $AR rcs "$P/lib/libsicudt.a" "$s/_data/icudt.o"
}

ALL="zlib libpng libharu libzip sqlite3 libxlsxwriter jansson qrencode
libdeflate harfbuzz libmicrohttpd gettext icu"
[ $# -gt 0 ] && ALL=$*
deb_src
toolchain
start=$(date +%s)
for lib in $ALL; do
    [ -f "$P/stamp/$lib" ] && continue
    t=$(date +%s)
    log "building $lib"
    "build_$lib"
    echo "$(($(date +%s) - t))" >"$P/stamp/$lib"
    log "$lib built in $(cat "$P/stamp/$lib") s"
done
log "done in $(($(date +%s) - start)) s"
