#!/usr/bin/env bash
# Installs the release artifacts in a minimal Debian bookworm root made with debootstrap (no
# Swift toolchain, no -dev package) and builds the sample site there, packet included:
#   the .deb with apt-get, which must pull in what it needs by itself;
#   the archive after the one apt-get line its README gives.
# Needs root (debootstrap, chroot) and the Debian mirror apt uses; says so plainly and exits 0
# when either is missing, so that `make test` runs everywhere. Usage: Tools/install_test.sh DEB ARCHIVE
# `Tools/install_test.sh --root` only makes the minimal root (`make test` starts it at the
# beginning, in the background: it is mostly downloads, done while the tests compile); a run
# that needs the root waits for one being made.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --root ]; then
    root_only=1
else
    deb=${1:?the .deb}
    archive=${2:?the .tar.gz}
fi
if [ "$(id -u)" != 0 ]; then echo "install test SKIPPED: debootstrap and chroot need root"; exit 0; fi
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
mirror=${mirror:-http://deb.debian.org/debian}
if ! curl -sfI --max-time 30 "$mirror/dists/bookworm/Release" >/dev/null; then
    echo "install test SKIPPED: the Debian mirror $mirror cannot be reached (debootstrap needs it)"
    exit 0
fi
command -v debootstrap >/dev/null || { echo "install test: debootstrap is missing (make test-deps installs it)" >&2; exit 1; }

# One minimal root, kept between local runs (a fresh clone makes it anew: about two minutes),
# made by one process at a time.
pristine=.build/debroot-bookworm
mkdir -p .build
exec 9>.build/debroot.lock
flock 9
if [ ! -x "$pristine/usr/bin/apt-get" ]; then
    rm -rf "$pristine.tmp"
    debootstrap --variant=minbase bookworm "$pristine.tmp" "$mirror" >.build/debootstrap.log 2>&1 ||
        { echo "install test: debootstrap failed (.build/debootstrap.log):" >&2; tail -5 .build/debootstrap.log >&2; exit 1; }
    mv "$pristine.tmp" "$pristine"
fi
flock -u 9
if [ -n "${root_only:-}" ]; then echo "install test: the minimal Debian root is ready ($pristine)"; exit 0; fi

mounted=()
cleanup() { for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done; }
trap cleanup EXIT

# A copy of the pristine root with /proc and /dev, DNS, and no Swift anywhere.
fresh_root() {
    local root=$1
    rm -rf "$root"
    mkdir -p "$(dirname "$root")"
    cp -a "$pristine" "$root"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mount -t proc proc "$root/proc" && mounted+=("$root/proc")
    mount --bind /dev "$root/dev" && mounted+=("$root/dev")
    mount --bind /dev/pts "$root/dev/pts" && mounted+=("$root/dev/pts")
    if [ -e "$root/opt/swift" ] || chroot "$root" sh -c 'command -v swift' >/dev/null 2>&1; then
        echo "install test: the root has a Swift toolchain" >&2; exit 1
    fi
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
}

# The sample site, built with its packet; the pages and the PDF must be there.
build_sample() {
    local root=$1 label=$2
    chroot "$root" sh -c 'cd /tmp && rm -rf s && gazette init s -q'
    # A picture wider than the column, beside a journal of its own: its smaller WebP copies are
    # made by libvips, which gazette opens itself (dlopen), so only the package's own list of
    # dependencies puts it in this root.
    python3 -c 'import struct, sys, zlib
w, h = 1600, 40
chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
rows = b"".join(b"\0" + bytes([40, 120, 200]) * w for _ in range(h))
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))' \
        >"$root/tmp/s/content/journals/wide.png"
    printf -- '---\ntitle: Wide\ncreated: 2026-11-20 09:00\n---\n![A wide band](wide.png)\n' >"$root/tmp/s/content/journals/wide.md"
    local built
    built=$(chroot "$root" sh -c 'gazette build --site /tmp/s -v')
    # The fixed font slices the package ships are read, not cut again.
    echo "$built" | grep -q " as installed" || { echo "install test ($label): the installed font slices were not read:" >&2; echo "$built" >&2; exit 1; }
    test -s "$root/tmp/s/public/index.html" || { echo "install test ($label): no index.html" >&2; exit 1; }
    test -s "$root/tmp/s/public/journals/wide/wide-760w.webp" || { echo "install test ($label): no WebP copy of the picture (libvips not opened?)" >&2; exit 1; }
    ls "$root"/tmp/s/public/packets/*.pdf >/dev/null 2>&1 || { echo "install test ($label): no packet" >&2; exit 1; }
    if chroot "$root" dpkg-query -W -f '${Package}\n' | grep -- '-dev$'; then
        echo "install test ($label): a -dev package was installed" >&2; exit 1
    fi
    local seconds
    seconds=$(awk -v now="$(date +%s.%N)" -v then="$started" 'BEGIN { printf "%.1f", now - then }')
    echo "install test ($label): $(chroot "$root" gazette --version); sample site and packet built $seconds s after apt-get install began (downloads included); $(chroot "$root" dpkg-query -W -f '${Package}\n' | wc -l) packages in the root"
}

root=.build/install-test/deb
fresh_root "$root"
cp "$deb" "$root/tmp/"
started=$(date +%s.%N)
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >/dev/null
build_sample "$root" deb
test -f "$root/usr/share/man/man1/gazette.1.gz" && test -f "$root/usr/share/bash-completion/completions/gazette"
cleanup; mounted=()

root=.build/install-test/archive
fresh_root "$root"
tar -xzf "$archive" -C "$root/tmp"
folder="/tmp/$(basename "$archive" .tar.gz)"
line=$(sed -n 's/^ *sudo \(apt-get install .*\)$/\1/p' "$root$folder/README.md")
test -n "$line" || { echo "install test: the archive's README gives no apt-get line" >&2; exit 1; }
started=$(date +%s.%N)
chroot "$root" env DEBIAN_FRONTEND=noninteractive sh -c "$line -y -qq" >/dev/null
chroot "$root" install -m 755 "$folder/gazette" /usr/local/bin/gazette
chroot "$root" sh -c "install -d /usr/local/share/gazette && cp -R $folder/font-slices /usr/local/share/gazette/"
build_sample "$root" archive
