#!/usr/bin/env python3
"""Prints the 2,350 Hangul syllables of KS X 1001 (the common set: every syllable EUC-KR can
encode) ordered by how often they occur in Korean prose, most frequent first, as Gazette's
web-font slices use them (Sources/Site/HangulRanking.swift holds the output).

Counts come from Korean text that Debian ships under the MPL-2.0, which allows this use (only
the counts are used; no text is copied), each package's share of a syllable weighing the same,
so the long help does not drown the shorter interface text, which is closer to everyday writing:
- libreoffice-help-ko: LibreOffice's Korean help, about 650,000 syllables of prose;
- libreoffice-l10n-ko: LibreOffice's Korean interface strings;
- firefox-esr-l10n-ko: Firefox's Korean interface strings and messages.
Of the mixes tried (these, with or without CLDR's Korean locale data, counts summed or shares
summed), this one needed the fewest rare-syllable slices for the example site's journals.
The syllables of Gazette's own Korean interface (Sources/Site/UIStrings.swift and templates/),
which every page of a Korean site shows, come first, by count; then the rest by count.
Syllables of the set with no count (about a thousand of 2,350, rare in any text) come last; ties,
and those, in KS X 1001 (가나다) order.

An earlier ranking came from per-syllable counts of the KCC corpus as published in a public
repository without a licence, which gives no permission to reuse it; this one replaced it.

Usage: hangul_ranking.py [--counts] [DEB-FOLDER]. Without a folder, the three packages are
fetched with `apt-get download` into a temporary folder. --counts prints rank, syllable and
score (the summed shares) instead."""
import collections
import glob
import os
import re
import subprocess
import sys
import tempfile
import zipfile

PACKAGES = ["libreoffice-help-ko", "libreoffice-l10n-ko", "firefox-esr-l10n-ko"]
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def unpack(folder):
    subprocess.run(["apt-get", "download", *PACKAGES], cwd=folder, check=True, stdout=subprocess.DEVNULL)
    for deb in glob.glob(os.path.join(folder, "*.deb")):
        subprocess.run(["dpkg-deb", "-x", deb, os.path.join(folder, "root")], check=True)
    return os.path.join(folder, "root")


def texts(root):
    """The text counted, by package: help pages, LibreOffice's interface strings (.mo, .xcd),
    Firefox's (the Fluent, properties and DTD files inside its language pack)."""
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(directory, name)
            if "/help/ko/" in path and name.endswith((".html", ".xhp")):
                yield "help", open(path, "rb").read()
            elif "/libreoffice/" in path and name.endswith((".mo", ".xcd")):
                yield "interface", open(path, "rb").read()
            elif "firefox" in path and name.endswith(".xpi"):
                with zipfile.ZipFile(path) as pack:
                    for member in sorted(pack.namelist()):
                        if member.endswith((".ftl", ".properties", ".dtd", ".json")):
                            yield "firefox", pack.read(member)


def count(root):
    """Each syllable's share of each package's text, summed over the packages."""
    per = collections.defaultdict(collections.Counter)
    for package, data in texts(root):
        per[package].update(HANGUL.findall(re.sub(r"<[^>]*>", " ", data.decode("utf-8", errors="ignore"))))
    scores = collections.Counter()
    for counts in per.values():
        total = sum(counts.values())
        for syllable, n in counts.items():
            scores[syllable] += n / total
    return scores


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
            print(rank, syllable, "%.8f" % counts.get(syllable, 0))
    else:
        print("".join(ranked))


if __name__ == "__main__":
    main()
