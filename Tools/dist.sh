#!/usr/bin/env bash
# Release artifacts that need no Swift toolchain (make dist, make deb; see the Makefile):
#
#   Tools/dist.sh archive CONFIG   dist/gazette-<version>-linux-<arch>.tar.gz and its .sha256
#   Tools/dist.sh deb CONFIG       dist/gazette_<version>_<debian arch>.deb, by dpkg-deb, its
#                                  library dependencies computed by dpkg-shlibdeps; lintian checks it
#   Tools/dist.sh all CONFIG       both, from one build
#   Tools/dist.sh package CONFIG   both again from the files the last build staged (no build)
#
# CONFIG is release (what is published) or debug (what the install test packages: the same
# libraries, linked statically from the objects `make test` has already compiled).
#
# The binary links the Swift runtime and Foundation statically (--static-swift-stdlib), so its
# shared libraries are Debian's runtime packages only. Same commit, same bytes: every file's
# time is the commit's (SOURCE_DATE_EPOCH), owners are root, names are sorted, gzip writes no
# name or time.
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:?archive or deb}
config=${2:-release}
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/GazetteModel/GazetteRelease.swift)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
stage=.build/dist-$config
mkdir -p dist

# What is published is packed hard; the install test's debug binary (134 MB, never published)
# is packed fast: gzip -9 and xz -6 spent a minute and a half of every CI run on it, twice.
if [ "$config" = release ]; then
    tar_gzip=(gzip -9n) deb_compress=(-Zxz)
else
    tar_gzip=(gzip -1n) deb_compress=(-Zgzip -z1)
fi

# The manual page from the usual debug build (the plugin builds the package's products there):
# the page comes from the commands' declarations, not from how the binary was linked.
make_manual() {
    swift package generate-manual --configuration debug \
        --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)" --authors 'Gazette contributors' >/dev/null
    install -D -m 644 .build/plugins/GenerateManual/outputs/gazette/gazette.1 "$stage/gazette.1"
}

# A build folder of its own: modules compiled for the static runtime import the toolchain's
# static Foundation, and SwiftPM does not tell their objects from the dynamic build's when both
# share .build (a later dynamic link then fails to find -lCoreFoundation).
# DIST_SCRATCH names another (an empty one: a build from nothing, to compare bytes with).
scratch=${DIST_SCRATCH:-.build/static}
build_binary() {
    set +o pipefail
    # Source paths compiled into the binary (C's __FILE__, Swift's #file in the dependencies,
    # BoringSSL's error tables) are the checkout's and the build folder's: mapped to fixed names,
    # so where the clone and the build folder are changes no byte (and names no one's home).
    local root build
    root=$(pwd -P)
    mkdir -p "$scratch"
    build=$(cd "$scratch" && pwd -P)
    local maps=()
    for pair in "$build=/gazette-build" "$root=/gazette"; do
        maps+=(-Xcc "-ffile-prefix-map=$pair" -Xcxx "-ffile-prefix-map=$pair" -Xswiftc -file-prefix-map -Xswiftc "$pair")
    done
    swift build --scratch-path "$scratch" -c "$config" --product gazette --static-swift-stdlib "${maps[@]}" 2>&1 |
        grep -v "the use of .mktemp' is dangerous\|prohibited flag" >&2
    set -o pipefail
    local bin
    bin="$(swift build --scratch-path "$scratch" -c "$config" --show-bin-path)/gazette"
    install_binary "$bin"
}

# The install test's binary: the objects of the usual debug build (which `make test` has just
# compiled for its own run) linked again, by SwiftPM's own link command for them, with the Swift
# runtime and Foundation static. Objects compiled against the shared Foundation link against the
# static one (same toolchain, same symbols); what the static libraries need besides themselves is
# what the toolchain has a module compiled for them ask for (its autolink entries, read from a
# probe object), so no list of the toolchain's libraries is kept here. Seconds instead of a
# second compile from nothing (five minutes on two cores), so `make test` can afford it.
relink_debug() {
    swift build --product gazette 2>&1 | { grep -v "you may be able to install" || true; } >&2
    local probe bin
    probe=$(mktemp -d)
    printf 'import Foundation\nimport FoundationNetworking\nimport FoundationXML\n' >"$probe/probe.swift"
    swiftc -static-stdlib -parse-as-library -c "$probe/probe.swift" -o "$probe/probe.o"
    "$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-autolink-extract" "$probe/probe.o" -o "$probe/static-libraries"
    bin="$probe/gazette"
    python3 - "$bin" "$probe/static-libraries" <<'PY'
import json, os, re, subprocess, sys
out, libraries = sys.argv[1], open(sys.argv[2]).read().split()
# The link command whose output is the gazette executable (not gazette-bench's, not a test's).
links = [json.loads(m) for m in re.findall(r'^    args: (\[.*"-emit-executable".*\])$', open(".build/debug.yaml").read(), re.M)]
link = [a for a in links if a[a.index("-o") + 1].endswith("/debug/gazette")]
if len(link) != 1:
    sys.exit("dist: SwiftPM's link command for gazette is not in .build/debug.yaml")
args = [a for a in link[0] if a != "-g"]
args[args.index("-o") + 1] = out
group = ["-Xlinker", "--start-group"] + [x for l in libraries for x in ("-Xlinker", l)] + ["-Xlinker", "--end-group"]
# In the probe's folder: the driver wraps the debug build's modules into objects (RealModule.o…)
# in the folder it runs in.
link = subprocess.run([args[0], "-static-stdlib"] + args[1:] + group, stderr=subprocess.PIPE, text=True, cwd=os.path.dirname(out))
# glibc's warning about Foundation's use of mktemp is not ours to act on.
sys.stderr.write("".join(l for l in link.stderr.splitlines(True) if "mktemp" not in l))
sys.exit(link.returncode)
PY
    install_binary "$bin"
    rm -rf "$probe"
}

# Stages `bin` stripped, checks that it needs nothing from the toolchain, writes its completions.
install_binary() {
    local bin=$1
    test -x "$bin" || { echo "dist: no binary at $bin" >&2; exit 1; }
    install -D -m 755 "$bin" "$stage/gazette"
    # Two sections differ between two builds of one commit from nothing: the Swift module hashes
    # (.swift_modhash, which nothing reads at run time) and the build ID that hashes them.
    strip --strip-all --remove-section=.swift_modhash --remove-section=.note.gnu.build-id "$stage/gazette"
    # Nothing from the toolchain: the point of the static link.
    if ldd "$stage/gazette" | grep -q "/opt/swift\|libswift\|libFoundation"; then
        echo "dist: $stage/gazette still links the Swift toolchain:" >&2
        ldd "$stage/gazette" >&2
        exit 1
    fi
    mkdir -p "$stage/completions"
    "$stage/gazette" --generate-completion-script bash >"$stage/completions/gazette.bash"
    "$stage/gazette" --generate-completion-script zsh >"$stage/completions/_gazette"
    "$stage/gazette" --generate-completion-script fish >"$stage/completions/gazette.fish"
    # The fixed web-font slices, cut by the binary from the pinned fonts, read by every build
    # instead of cut again (installed beside the binary: ../share/gazette/font-slices).
    rm -rf "$stage/font-slices"
    "$stage/gazette" prepare-fonts --into "$stage/font-slices" >/dev/null
}

binary() { if [ "$config" = debug ]; then relink_debug; else build_binary; fi; }

# The libraries the binary opens itself on first use (dlopen, in Sources/CVips, Sources/CCurl
# and Sources/CPangoCairo): dpkg-shlibdeps cannot see them in the binary, so a probe that links
# them (one call into each, built with the toolchain's clang) stands in for them beside it.
dlopened_libraries="vips curl pangocairo-1.0 pango-1.0 pangoft2-1.0 cairo fontconfig"
dlopen_probe() {
    cat <<'C' | "$(dirname "$(readlink -f "$(command -v swiftc)")")/clang" -x c - -o "$1" -Wl,--no-as-needed $(printf -- '-l%s ' $dlopened_libraries)
int vips_init(const char *);
char *curl_version(void);
void *pango_cairo_font_map_new_for_font_type(int);
void *pango_language_get_default(void);
void pango_fc_font_map_set_config(void *, void *);
int cairo_version(void);
int FcGetVersion(void);
int main(void) {
    pango_fc_font_map_set_config(0, 0);
    return vips_init("p") + (curl_version() == 0) + (pango_cairo_font_map_new_for_font_type(0) == 0)
        + (pango_language_get_default() == 0) + (cairo_version() == 0) + (FcGetVersion() == 0);
}
C
}

# The Debian packages whose libraries the binary links or opens (dpkg-shlibdeps), with versions.
shlib_depends() {
    local scratch
    scratch=$(mktemp -d)
    mkdir -p "$scratch/debian" "$scratch/root/usr/bin" "$scratch/root/usr/lib/gazette"
    printf 'Source: gazette\n\nPackage: gazette\nArchitecture: any\n' >"$scratch/debian/control"
    cp "$stage/gazette" "$scratch/root/usr/bin/gazette"
    dlopen_probe "$scratch/root/usr/lib/gazette/dlopen-probe"
    (cd "$scratch" && dpkg-shlibdeps -O -e root/usr/bin/gazette -e root/usr/lib/gazette/dlopen-probe 2>/dev/null) | sed -n 's/^shlibs:Depends=//p'
    rm -rf "$scratch"
}

# The fonts pages and packets are set in: data, not libraries, so no tool can compute them.
fonts=$(sed -e 's/#.*//' debian-packages.txt | tr ' ' '\n' | grep '^fonts-' | sort | paste -sd ' ')

# Files get the commit's time before archiving, so no build's clock reaches the bytes.
settle_times() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }

archive() {
    local arch name folder depends packages
    arch=$(uname -m)
    name="gazette-$version-linux-$arch"
    folder="$stage/archive/$name"
    rm -rf "$stage/archive"
    mkdir -p "$folder/completions"
    cp "$stage/gazette" "$stage/gazette.1" LICENSE "$folder/"
    cp "$stage/completions/"* "$folder/completions/"
    cp -R "$stage/font-slices" "$folder/font-slices"
    depends=$(shlib_depends)
    packages=$( (echo "$depends" | tr ',' '\n' | sed -e 's/(.*)//' -e 's/|.*//' -e 's/ //g'; echo "$fonts" | tr ' ' '\n') | grep . | sort -u | paste -sd ' ')
    # The same list one package a line, for scripts (the scaffolded workflow installs from it).
    echo "$packages" | tr ' ' '\n' >"$folder/runtime-packages.txt"
    cat >"$folder/README.md" <<EOF
# Gazette $version for Linux ($arch)

\`gazette\` turns a week of news reading into a published study digest: see
$(sed -n 's/.*static let repository = "\(.*\)".*/\1/p' Sources/GazetteModel/GazetteRelease.swift) for the guide.

This archive needs no Swift toolchain. On Debian 12 (bookworm), install the
libraries and fonts it uses with one line, then put \`gazette\` on your PATH (the list
includes libvips, libcurl, Pango and cairo, which \`gazette\` opens itself the first time it
scales a picture, sends mail or sets a packet, so \`ldd\` does not show them):

    sudo apt-get install --no-install-recommends $packages
    sudo install -m 755 gazette /usr/local/bin/gazette
    sudo install -D -m 644 gazette.1 /usr/local/share/man/man1/gazette.1
    sudo install -d /usr/local/share/gazette && sudo cp -R font-slices /usr/local/share/gazette/

\`font-slices/\` holds the web fonts' fixed slices, cut from the fonts above: a build reads
them instead of cutting them itself (a tenth of a clean build's processor time) from
\`../share/gazette/font-slices\` beside the binary's folder, else from \`font-slices\` beside
the binary (this folder, used as it is), or from \`GAZETTE_FONT_SLICES\`. They are under the
fonts' licence, the SIL Open Font License 1.1: \`font-slices/OFL.txt\`.

Shell completions are in \`completions/\` (bash, zsh, fish). Then:

    gazette init my-site && gazette build --site my-site

Or install the Debian package instead (\`apt-get install ./gazette_${version}_*.deb\`), which
pulls in the same packages by itself.
EOF
    settle_times "$stage/archive"
    tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
        --mode='u+rwX,go+rX,go-w' --format=gnu -C "$stage/archive" -cf - "$name" | "${tar_gzip[@]}" >"dist/$name.tar.gz.tmp"
    mv -f "dist/$name.tar.gz.tmp" "dist/$name.tar.gz"
    (cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
    echo "dist/$name.tar.gz"
}

deb() {
    local arch root depends size file
    arch=$(dpkg --print-architecture)
    root="$stage/deb"
    rm -rf "$root"
    install -D -m 755 "$stage/gazette" "$root/usr/bin/gazette"
    install -d "$root/usr/share/man/man1"
    gzip -9n <"$stage/gazette.1" >"$root/usr/share/man/man1/gazette.1.gz"
    install -D -m 644 "$stage/completions/gazette.bash" "$root/usr/share/bash-completion/completions/gazette"
    install -D -m 644 "$stage/completions/_gazette" "$root/usr/share/zsh/vendor-completions/_gazette"
    install -D -m 644 "$stage/completions/gazette.fish" "$root/usr/share/fish/vendor_completions.d/gazette.fish"
    install -d "$root/usr/share/gazette/font-slices"
    install -m 644 "$stage/font-slices/"* "$root/usr/share/gazette/font-slices/"
    install -d "$root/usr/share/doc/gazette"
    cat >"$root/usr/share/doc/gazette/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gazette
Source: $(sed -n 's/.*static let repository = "\(.*\)".*/\1/p' Sources/GazetteModel/GazetteRelease.swift)

Files: *
Copyright: $(date -u -d "@$SOURCE_DATE_EPOCH" +%Y) Gazette contributors
License: Apache-2.0
 On Debian systems, the full text of the Apache License, Version 2.0 is in
 /usr/share/common-licenses/Apache-2.0.

Files: usr/share/gazette/font-slices/*
Copyright: 2010, NAVER Corporation (http://www.nhncorp.com)
           2009, NAVER Corporation (http://www.navercorp.com)
License: OFL-1.1
 Web-font slices cut from NanumGothic, NanumGothic Bold and NanumGothicCoding
 (Modified Versions, without the fonts' names). The copyright notices, Reserved
 Font Names and full text of the SIL Open Font License, Version 1.1 are in
 /usr/share/gazette/font-slices/OFL.txt.
EOF
    printf 'gazette (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- Gazette contributors <gazette@users.noreply.github.com>  %s\n' \
        "$version" "$version" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n >"$root/usr/share/doc/gazette/changelog.gz"
    chmod 644 "$root/usr/share/doc/gazette/copyright" "$root/usr/share/doc/gazette/changelog.gz"
    # Two C libraries come compiled into the binary by Swift packages, which SwiftPM links
    # statically; there is no system copy to link instead without forking the packages.
    install -d "$root/usr/share/lintian/overrides"
    cat >"$root/usr/share/lintian/overrides/gazette" <<EOF
# Yams, which reads gazette.yml, builds its own libyaml into the binary (Swift packages link statically).
gazette: embedded-library libyaml [usr/bin/gazette]
# swift-nio-extras (under Hummingbird, for gazette serve) builds its own zlib as CNIOExtrasZlib.
gazette: embedded-library zlib [usr/bin/gazette]
EOF
    chmod 644 "$root/usr/share/lintian/overrides/gazette"
    depends=$(shlib_depends)
    size=$(du -k -s --apparent-size "$root/usr" | cut -f1)
    install -d "$root/DEBIAN"
    cat >"$root/DEBIAN/control" <<EOF
Package: gazette
Version: $version
Architecture: $arch
Maintainer: Gazette contributors <gazette@users.noreply.github.com>
Installed-Size: $size
Depends: $depends, $(echo "$fonts" | sed 's/ /, /g')
Section: web
Priority: optional
Homepage: $(sed -n 's/.*static let repository = "\(.*\)".*/\1/p' Sources/GazetteModel/GazetteRelease.swift)
Description: weekly study digests from the news, as a static site and PDF packets
 Gazette fetches articles from Naver News, NewsAPI, MediaStack and RSS/Atom
 feeds into files kept in git; members write journals about them in
 Markdown; gazette build renders a static site (weekly digests, a masonry
 board, tag pages, search, feeds) and paginated PDF study packets.
EOF
    find "$root" -type d -exec chmod 755 {} +
    settle_times "$root"
    file="dist/gazette_${version}_${arch}.deb"
    dpkg-deb --root-owner-group "${deb_compress[@]}" --build "$root" "$file.tmp" >/dev/null
    mv -f "$file.tmp" "$file"
    # Errors fail the target; warnings and notes are printed. (DIST_LINT=no: the install test's
    # second packing, which only compares bytes.)
    [ "${DIST_LINT:-yes}" = no ] || lintian --fail-on error --suppress-tags unstripped-binary-or-object "$file" >&2 || { echo "dist: lintian found errors in $file" >&2; exit 1; }
    echo "$file"
}

case $what in
    archive) make_manual; binary; archive ;;
    deb) make_manual; binary; deb ;;
    all) make_manual; binary; archive; deb ;;
    package) archive; deb ;;
    *) echo "usage: Tools/dist.sh archive|deb|all|package [release|debug]" >&2; exit 2 ;;
esac
