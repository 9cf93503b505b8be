#!/usr/bin/env python3
"""Prints the 2,350 Hangul syllables of KS X 1001 (the common set: every syllable EUC-KR can
encode) ordered by how often they occur in Korean prose, most frequent first, as Gazette's
web-font slices use them (Sources/Site/HangulRanking.swift holds the output).

Counts come from the Korean word frequencies of wordfreq 3.1.1 (Robyn Speer; PyPI), its file
`wordfreq/data/small_ko.msgpack.gz`: about 30,000 words (as MeCab splits Korean), each with its
share of running text, measured over Korean Wikipedia, OpenSubtitles 2018, OSCAR's web text and
Twitter. A syllable's score is the sum, over the words holding it, of the word's share times the
times it holds it. Only those figures are used: no text of any source is copied, and the list of
words is not kept. wordfreq's code is under the Apache License 2.0 and its data files "may be
redistributed under a Creative Commons Attribution-ShareAlike 4.0 license"
(wordfreq-3.1.1.dist-info/METADATA, "License"); so this ranking credits wordfreq and its sources
(here and in HangulRanking.swift). An ordering of 2,350 syllables computed from the figures
copies none of the listed words or their frequencies.

Why these counts: of the licence-clean Korean text reachable as Debian and PyPI packages, they fit
news writing best. Tools/slice_fit.py counts the rare-syllable font slices (past the first 1,000
syllables) each journal of the example site needs: 0.80 per journal with this ranking, against
1.95 with the ranking it replaced (LibreOffice's Korean help and interface and Firefox's Korean
interface, MPL-2.0: software help and interface text fits news poorly) and 0.65 with the KCC
news counts that had to go (below). On the example site's 32 Korean news articles (titles and
descriptions), 0.34 against 0.78; on the ten National Assembly bills KoNLPy ships, 0.30 against
1.30. Mixing the MPL text in (shares summed) did worse on all three (1.05, 0.50, 0.40). Nothing
was tuned on the example site: wordfreq's figures are used as they are.

The syllables of Gazette's own Korean interface (Sources/Site/UIStrings.swift and templates/),
which every page of a Korean site shows, come first, by score; then the rest by score. Syllables
of the set with no score (those in no word of the list: rare in any text) come last; ties, and
those, in KS X 1001 (가나다) order.

An earlier ranking came from per-syllable counts of the KCC corpus as published in a public
repository without a licence, which gives no permission to reuse them; the MPL-2.0 ranking
replaced it, and this one that.

Usage: hangul_ranking.py [--counts] [WORDFREQ-WHEEL]. Without a wheel, wordfreq 3.1.1 is fetched
with `pip download` into a temporary folder (the version is fixed, so the output is too).
--counts prints rank, syllable and score instead."""
import collections
import glob
import gzip
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile

WORDFREQ = "wordfreq==3.1.1"
MEMBER = "wordfreq/data/small_ko.msgpack.gz"
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def fetch(folder):
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", folder, WORDFREQ],
                   check=True, stdout=subprocess.DEVNULL)
    return glob.glob(os.path.join(folder, "wordfreq-*.whl"))[0]


def unpack(data):
    """The msgpack value at the start of `data` (the subset wordfreq's files use: maps, arrays,
    strings, integers, nil and booleans), and the offset after it."""
    def value(at):
        tag = data[at]
        at += 1
        if tag <= 0x7F:
            return tag, at
        if 0x80 <= tag <= 0x8F or tag in (0xDE, 0xDF):
            n, at = (tag & 0x0F, at) if tag <= 0x8F else length(tag == 0xDE, at)
            result = {}
            for _ in range(n):
                key, at = value(at)
                result[key], at = value(at)
            return result, at
        if 0x90 <= tag <= 0x9F or tag in (0xDC, 0xDD):
            n, at = (tag & 0x0F, at) if tag <= 0x9F else length(tag == 0xDC, at)
            result = []
            for _ in range(n):
                item, at = value(at)
                result.append(item)
            return result, at
        if 0xA0 <= tag <= 0xBF or tag in (0xD9, 0xDA, 0xDB):
            if tag <= 0xBF:
                n = tag & 0x1F
            elif tag == 0xD9:
                n, at = data[at], at + 1
            else:
                n, at = length(tag == 0xDA, at)
            return data[at:at + n].decode("utf-8"), at + n
        if tag in (0xCC, 0xCD, 0xCE, 0xCF):
            size = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8}[tag]
            return int.from_bytes(data[at:at + size], "big"), at + size
        if tag in (0xC0, 0xC2, 0xC3):
            return {0xC0: None, 0xC2: False, 0xC3: True}[tag], at
        raise ValueError("msgpack type 0x%02x not expected in wordfreq's data" % tag)

    def length(short, at):
        return (struct.unpack(">H", data[at:at + 2])[0], at + 2) if short else (struct.unpack(">I", data[at:at + 4])[0], at + 4)

    return value(0)


def count(wheel):
    """Each syllable's score: its words' shares of text, summed (wordfreq's cBpack: the list at
    index i after the header holds the words of frequency 10^(-i/100))."""
    with zipfile.ZipFile(wheel) as archive:
        data, _ = unpack(gzip.decompress(archive.read(MEMBER)))
    header, buckets = data[0], data[1:]
    assert header == {"format": "cB", "version": 1}, header
    scores = collections.Counter()
    for index, words in enumerate(buckets):
        share = 10 ** (-index / 100)
        for word in words:
            for syllable in HANGUL.findall(word):
                scores[syllable] += share
    return scores


def interface_text():
    """Gazette's own Korean interface: the UI strings and the default theme's templates."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = [os.path.join(root, "Sources", "Site", "UIStrings.swift")] + sorted(glob.glob(os.path.join(root, "templates", "*.mustache")))
    return "".join(open(path, encoding="utf-8").read() for path in paths)


def common_syllables():
    """KS X 1001's 2,350 syllables in code (가나다) order."""
    common = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                common.append(bytes([lead, trail]).decode("euc-kr"))
            except UnicodeDecodeError:
                pass
    assert len(common) == 2350
    return common


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    with tempfile.TemporaryDirectory() as work:
        counts = count(args[0] if args else fetch(work))
    common = common_syllables()
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
