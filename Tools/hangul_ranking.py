#!/usr/bin/env python3
"""Prints the 2,350 Hangul syllables of KS X 1001 (the common set: every syllable EUC-KR can
encode) ordered by how often they occur in Korean prose, most frequent first, as Gazette's
web-font slices use them (Sources/Site/HangulRanking.swift holds the output).

Counts come from Korean text that Debian ships under licences that allow this use (only the
counts are used; no text is copied):
- libreoffice-help-ko: LibreOffice's Korean help, about 650,000 syllables of prose (MPL-2.0);
- libreoffice-l10n-ko: LibreOffice's Korean interface strings (MPL-2.0);
- unicode-cldr-core: CLDR's Korean locale data, annotations and subdivision names (Unicode
  License v3), leaving out the collation tables, which list every syllable once.
The syllables of Gazette's own Korean interface (Sources/Site/UIStrings.swift and templates/),
which every page of a Korean site shows, come first, by count; then the rest by count.
Syllables of the set with no count (about a thousand of 2,350, rare in any text) come last; ties,
and those, in KS X 1001 (가나다) order.

An earlier ranking came from per-syllable counts of the KCC corpus as published in a public
repository without a licence, which gives no permission to reuse it; this one replaced it.

Usage: hangul_ranking.py [--counts] [DEB-FOLDER]. Without a folder, the three packages are
fetched with `apt-get download` into a temporary folder. --counts prints rank, syllable and
count instead (Benchmarks/make_journals.py's stretch shares come from them)."""
import collections
import glob
import os
import re
import subprocess
import sys
import tempfile

PACKAGES = ["libreoffice-help-ko", "libreoffice-l10n-ko", "unicode-cldr-core"]
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def unpack(folder):
    subprocess.run(["apt-get", "download", *PACKAGES], cwd=folder, check=True, stdout=subprocess.DEVNULL)
    for deb in glob.glob(os.path.join(folder, "*.deb")):
        subprocess.run(["dpkg-deb", "-x", deb, os.path.join(folder, "root")], check=True)
    return os.path.join(folder, "root")


def texts(root):
    """The files counted: help pages, interface strings (.mo, .xcd), CLDR's Korean files."""
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(directory, name)
            if "/help/ko/" in path and name.endswith((".html", ".xhp")):
                yield path
            elif "/libreoffice/" in path and name.endswith((".mo", ".xcd")):
                yield path
            elif "/cldr/common/" in path and "/collation/" not in path and name in ("ko.xml", "ko_KR.xml", "ko_KP.xml"):
                yield path


def count(root):
    counts = collections.Counter()
    for path in texts(root):
        with open(path, "rb") as f:
            text = f.read().decode("utf-8", errors="ignore")
        counts.update(HANGUL.findall(re.sub(r"<[^>]*>", " ", text)))
    return counts


def interface_text():
    """Gazette's own Korean interface: the UI strings and the default theme's templates."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = [os.path.join(root, "Sources", "Site", "UIStrings.swift")] + sorted(glob.glob(os.path.join(root, "templates", "*.mustache")))
    return "".join(open(path, encoding="utf-8").read() for path in paths)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    with tempfile.TemporaryDirectory() as work:
        root = args[0] if args else unpack(work)
        counts = count(root)
    common = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                common.append(bytes([lead, trail]).decode("euc-kr"))
            except UnicodeDecodeError:
                pass
    assert len(common) == 2350
    interface = set(HANGUL.findall(interface_text()))
    order = sorted(range(len(common)), key=lambda i: (common[i] not in interface, -counts.get(common[i], 0), i))
    ranked = [common[i] for i in order]
    if "--counts" in sys.argv:
        for rank, syllable in enumerate(ranked):
            print(rank, syllable, counts.get(syllable, 0))
    else:
        print("".join(ranked))


if __name__ == "__main__":
    main()
