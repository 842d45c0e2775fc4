#!/bin/sh
# tests/deb-check.sh: install the built package into a clean Debian 12 root
# (debootstrap, minbase) and run 'sekretar build' on the example event
# there; TAP on stdout.  As root: 'make deb-check' (slow: not in check).
# Usage: deb-check.sh DEB_DIR EXAMPLE_DIR
# The root is kept as a tar in $DEB_CHECK_DIR (/var/tmp/sekretar-deb-check)
# and unpacked anew every run; the mirror is the one of this machine's apt
# sources.
# SPDX-License-Identifier: MIT
set -u
debdir=$(cd "$1" && pwd)
example=$(cd "$2" && pwd)
base=${DEB_CHECK_DIR:-/var/tmp/sekretar-deb-check}
root=$base/root
deb=$(ls "$debdir"/sekretar_*.deb | head -1)
[ -f "$deb" ] || { echo "deb-check: no package in $debdir" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "deb-check: needs root (chroot)" >&2; exit 2; }

mirror=$(awk '/^URIs:/ { print $2; exit }' \
    /etc/apt/sources.list.d/debian.sources 2>/dev/null)
[ -n "$mirror" ] || mirror=$(awk '/^deb / { print $2; exit }' \
    /etc/apt/sources.list 2>/dev/null)
if [ ! -f "$base/pristine.tar" ]; then
    mkdir -p "$base"
    echo "# debootstrap bookworm (minbase) into $root"
    debootstrap --variant=minbase bookworm "$root" "$mirror" \
        >"$base/debootstrap.log" 2>&1 || {
        tail "$base/debootstrap.log"
        exit 2
    }
    tar -C "$root" -cf "$base/pristine.tar" .
fi
# Start from the pristine root every time; never delete through a mount.
for m in "$root/dev/pts" "$root/dev" "$root/proc"; do
    umount "$m" 2>/dev/null
done
if grep -q " $root/" /proc/mounts; then
    echo "deb-check: $root still has mounts; not touching it" >&2
    exit 2
fi
rm -rf --one-file-system "$root" && mkdir -p "$root" &&
    tar -C "$root" -xf "$base/pristine.tar"
cp /etc/resolv.conf "$root/etc/resolv.conf"
[ -f /etc/apt/sources.list.d/debian.sources ] &&
    cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"
name=$(basename "$example")
mkdir -p "$root/srv/$name"
cp "$deb" "$root/srv/"
cp -R "$example/." "$root/srv/$name/"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
trap 'umount "$root/dev" "$root/proc" 2>/dev/null' EXIT

chroot "$root" /bin/sh -s "$(basename "$deb")" "$name" <<'IN_ROOT'
deb=$1
event=/srv/$2
n=0
failed=0
ok() {
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else
        echo "not ok $n - $2"; failed=$((failed + 1)); fi
}
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
apt-get update -qq >/tmp/apt.log 2>&1 &&
    apt-get install -y -qq "/srv/$deb" >>/tmp/apt.log 2>&1
rc=$?
ok $rc "apt-get install ./$deb into a clean Debian 12"
[ $rc = 0 ] || tail -20 /tmp/apt.log | sed 's/^/#   /'
sekretar --version >/tmp/out 2>&1
ok $? "sekretar --version: $(cat /tmp/out)"
test -f /usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf
ok $? "fonts-liberation2 came as a dependency"
test -f /usr/share/sekretar/fonts/LiberationSans-Bold.ttf
ok $? "the fonts are found through /usr/share/sekretar/fonts"
test -f /usr/share/man/man1/sekretar-build.1.gz &&
    test -f /usr/share/man/uk/man1/sekretar-build.1.gz
ok $? "manual pages in English and Ukrainian"
test -f /usr/share/bash-completion/completions/sekretar
ok $? "the bash completion"
zcat /usr/share/man/man1/sekretar.1.gz | grep -q '^\.SH "THE WAY THROUGH AN EVENT"$'
ok $? "sekretar(1) has the way through an event"
# No uk_UA.UTF-8 here (no locales package): the messages in Ukrainian
# all the same.
env -u LC_ALL LANG=uk_UA.UTF-8 sekretar check --help >/tmp/out 2>&1
grep -q '^  -q, --quiet  *повідомляти лише про помилки' /tmp/out
rc=$?
ok $rc "LANG=uk_UA.UTF-8, a locale not generated ($(locale -a | tr '\n' ' ')): check --help in Ukrainian"
[ $rc = 0 ] || head -5 /tmp/out | sed 's/^/#   /'
cd /srv && sekretar build --archive /srv/archive "$event" >/tmp/out 2>&1
rc=$?
ok $rc "sekretar build of the example event"
sed 's/^/#   /' /tmp/out | head -30
ls /srv/archive/*/*.zip >/dev/null 2>&1
ok $? "the bundle is in the archive: $(ls /srv/archive/*/*.zip)"
sekretar query --archive /srv/archive champions >/tmp/out 2>&1
ok $? "sekretar query champions"
bash -c '. /usr/share/bash-completion/completions/sekretar
    COMP_WORDS=(sekretar bu); COMP_CWORD=1; _sekretar
    [ "${COMPREPLY[*]}" = build ]' 2>/dev/null
ok $? "the completion completes 'bu' to build"
echo "1..$n"
[ $failed = 0 ]
IN_ROOT
rc=$?
echo "# deb-check exit: $rc"
exit $rc
