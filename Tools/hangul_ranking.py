#!/usr/bin/env python3
"""Prints the 2,350 Hangul syllables of KS X 1001 (the common set: every syllable EUC-KR can
encode) ordered by how often they occur in Korean news text, most frequent first, as Gazette's
web-font slices use them (Sources/Site/HangulRanking.swift holds the output).

Frequencies: syllable counts of the Korean Contemporary Corpus of Written Sentences (KCC,
Kookmin University NLP lab), as published per syllable in the public repository
eweisser/hangulfrequency (hangulFreqOrderLiteral.html, `freqDict`: log(count + 1) / log(max + 1)).
Usage: hangul_ranking.py FREQDICT_HTML. Syllables of the set with no count there (105 of 2,350)
come last; ties, and those, in KS X 1001 (가나다) order. Also prints, with --counts, the
recovered counts (rank, syllable, count) that Benchmarks/make_journals.py samples from."""
import math
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
values = {chr(int(c)): float(v) for c, v in re.findall(r"char(\d+): ([0-9.e-]+)", re.search(r"var freqDict = \{(.*?)\};", text, re.S).group(1))}
common = []
for lead in range(0xB0, 0xC9):
    for trail in range(0xA1, 0xFF):
        try:
            common.append(bytes([lead, trail]).decode("euc-kr"))
        except UnicodeDecodeError:
            pass
assert len(common) == 2350
order = sorted(range(len(common)), key=lambda i: (-values.get(common[i], -1.0), i))
ranked = [common[i] for i in order]
if "--counts" in sys.argv:
    # count 1 has value log 2 / log(max + 1): recover the scale from it.
    scale = math.log(2) / min(v for v in values.values() if v > 0)
    for rank, syllable in enumerate(ranked):
        v = values.get(syllable)
        print(rank, syllable, 0 if v is None else round(math.exp(v * scale) - 1))
else:
    print("".join(ranked))
