#!/usr/bin/env python3
"""Writes a benchmark site: N journals (default 200) of mixed Korean and English Markdown —
headings, paragraphs, lists, task lists, a table, code, a quote, links — about three A4 pages
each, all in ISO week 2026-W47, or with WEEKS=K in the environment spread evenly over the K ISO
weeks that end with 2026-W47 (a growing archive). Deterministic (a fixed seed), so runs compare.

With SYLLABLES=all in the environment, Korean words are made of syllables drawn in an order of
frequency counted from Korean text the web fonts' ranking (Sources/Site/HangulRanking.swift,
from wordfreq) is not counted from, so the draw does not flatter it: the syllables' shares of
the National Assembly bills and the constitution KoNLPy ships (kobill, kolaw: public works) and of
the morpheme probabilities of the Kkma analyser's dictionary (in the same wheel, which is under
the GPL-3.0 as a whole; the jar states no licence of its own), each source weighing the same;
syllables in neither come next by how many words of Open Korean Text's noun lists (Apache-2.0,
its pom says; same wheel) hold them, then in KS X 1001 order. Only the benchmark's generated
text depends on them; nothing of them ships. Each stretch of that order
gets the share of text that stretch of ranks has in Korean news text (the first 100 syllables
make 65.7 % of text, the first 300 90.3 %, 500 96.8 %, 750 99.0 %, 1,000 99.7 %, 1,500 99.98 %:
aggregate figures of the KCC news corpus, a shape only), and every one of the 2,350 common
syllables appears somewhere in the site (those the draw missed are put into random sentences):
a year of real journals, as far as the web fonts can tell. Where the two orders disagree, text
needs more of the ranking's rare slices, as real text does: under the wordfreq ranking a
generated journal needs about 10 rare 10-syllable slices, against 6 when the draw followed the
ranking itself (Tools/slice_fit.py's count). The wheel (konlpy 0.6.0, checked by its SHA-256) is
read from KONLPY_WHEEL, or from .build/tools/, where `pip download` puts it the first time; no
text of it is written anywhere but into the generated journals.

Importable: `journals(count, weeks)` yields (file name, front-matter fields, body) for tools that
write the same journals for another generator (Benchmarks/peers.py)."""
import datetime
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tools"))
sys.dont_write_bytecode = True
from hangul_ranking import common_syllables  # noqa: E402  KS X 1001's 2,350 syllables, as the ranking lists them

site = sys.argv[1] if __name__ == "__main__" else None
count = int(sys.argv[2]) if __name__ == "__main__" and len(sys.argv) > 2 else 200
rng = random.Random(47)

korean = ("금리 가계부채 반도체 수출 기준금리 한국은행 대출 정책 시장 기업 투자 경제 성장 물가 소비 고용 "
          "기후 예산 지자체 산업 기술 데이터 인공지능 메모리 수요 공급 가격 환율 무역 정부 국회 규제 "
          "소비자 생산 지표 분석 전망 위험 효과 비용 이익 구조 변화 문제 해결 방향 기사 스터디 면접").split()
english = ("rate policy market growth inflation export memory demand supply price budget climate energy "
           "household debt bank lending study interview question analysis forecast risk effect cost "
           "structure change reform data model chip industry trade currency").split()
tags = ["politics", "economy", "science", "technology", "world", "health"]
authors = ["heedon", "jiwoo", "sam"]


ALL_SYLLABLES = os.environ.get("SYLLABLES") == "all"


KONLPY = "konlpy==0.6.0"
KONLPY_SHA256 = "0b7928059e20eb1c72f6fe65a3d12c104fae9e68173904e16beef869cf0ea590"
HANGUL_RE = r"[\uac00-\ud7a3]"


def konlpy_wheel():
    """The KoNLPy wheel: KONLPY_WHEEL, or the copy in .build/tools/, fetched with pip if missing;
    its SHA-256 checked, so the same seed writes the same journals anywhere."""
    import glob
    import hashlib
    import subprocess
    path = os.environ.get("KONLPY_WHEEL")
    if not path:
        tools = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "tools")
        found = glob.glob(os.path.join(tools, "konlpy-0.6.0-*.whl"))
        if not found:
            os.makedirs(tools, exist_ok=True)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", tools, KONLPY],
                           check=True, stdout=subprocess.DEVNULL)
            found = glob.glob(os.path.join(tools, "konlpy-0.6.0-*.whl"))
        path = found[0]
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
    if digest != KONLPY_SHA256:
        sys.exit(f"make_journals: {path} is not the konlpy 0.6.0 wheel this script counts (SHA-256 {digest})")
    return path


def independent_order():
    """The 2,350 common syllables, most frequent first, counted from the KoNLPy wheel (see the
    docstring), never from the ranking the fonts are cut by."""
    import collections
    import io
    import math
    import re
    import zipfile
    hangul = re.compile(HANGUL_RE)
    wheel = zipfile.ZipFile(konlpy_wheel())
    law = collections.Counter()
    for name in sorted(n for n in wheel.namelist() if n.startswith("konlpy/data/corpus/") and n.endswith(".txt")):
        law.update(hangul.findall(wheel.read(name).decode("utf-8")))
    morphemes = collections.Counter()
    kkma = zipfile.ZipFile(io.BytesIO(wheel.read("konlpy/java/kkma-2.0.jar")))
    for line in kkma.read("dic/prob/lnpr_morp.dic").decode("utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) >= 3:
            for syllable in hangul.findall(fields[0]):
                morphemes[syllable] += math.exp(float(fields[2]))
    nouns = collections.Counter()
    okt = zipfile.ZipFile(io.BytesIO(wheel.read("konlpy/java/open-korean-text-2.1.0.jar")))
    for name in ("nouns", "congress", "geolocations", "entities"):
        nouns.update(hangul.findall(okt.read(f"org/openkoreantext/processor/util/noun/{name}.txt").decode("utf-8")))
    law_total, morpheme_total = sum(law.values()), sum(morphemes.values())
    score = {s: law[s] / law_total + morphemes[s] / morpheme_total for s in set(law) | set(morphemes)}
    common = common_syllables()
    order = sorted(range(len(common)), key=lambda i: (-score.get(common[i], 0), -nouns[common[i]], i))
    return "".join(common[i] for i in order)


RANKED, CUMULATIVE = "", []


def use_real_frequencies(on=True):
    """Switches the draw to real Korean syllable frequencies (what SYLLABLES=all does), for tools
    that import this module and write both shapes in one run (Benchmarks/peers.py)."""
    global ALL_SYLLABLES, RANKED, CUMULATIVE
    ALL_SYLLABLES = on
    if not on or RANKED:
        return
    RANKED = independent_order()
    # Cumulative share of text by rank (the shape of Korean news text), linear within each stretch.
    knots = [(0, 0.0), (100, 0.6565), (300, 0.9030), (500, 0.9675), (750, 0.9900), (1000, 0.9969), (1500, 0.9998), (2350, 1.0)]
    weights = []
    for (a, fa), (b, fb) in zip(knots, knots[1:]):
        weights += [(fb - fa) / (b - a)] * (b - a)
    total = 0.0
    CUMULATIVE = []
    for w in weights:
        total += w
        CUMULATIVE.append(total)


use_real_frequencies(ALL_SYLLABLES)


def korean_word():
    if not ALL_SYLLABLES:
        return rng.choice(korean)
    return "".join(rng.choices(RANKED, cum_weights=CUMULATIVE, k=rng.choice([1, 2, 2, 2, 3, 3, 4])))


def sentence(lang):
    if lang == "ko" and ALL_SYLLABLES:
        n = rng.randint(8, 16)
        text = " ".join(korean_word() + rng.choice(["은", "는", "이", "가", "을", "를", "의", "에서", ""]) for _ in range(n))
        return text + "."
    words = korean if lang == "ko" else english
    n = rng.randint(8, 16)
    text = " ".join(rng.choice(words) + (rng.choice(["은", "는", "이", "가", "을", "를", "의", "에서", ""]) if lang == "ko" else "")
                    for _ in range(n))
    return text[0].upper() + text[1:] + "."


def paragraph(lang, sentences=None):
    return " ".join(sentence(lang) for _ in range(sentences or rng.randint(4, 7)))


SHORT = False


def use_short_bodies(on=True):
    """Switches bodies to what members really write every day (Benchmarks/peers.py's `short`
    shape): 300 to 1,000 characters, one to three paragraphs, sometimes a heading or a list."""
    global SHORT
    SHORT = on


def short_body(i):
    lang = "en" if i % 8 == 7 else "ko"
    target = rng.randint(300, 1000)
    parts = []
    if i % 3 == 0:
        parts.append("## " + ("요약" if lang == "ko" else "Summary"))
    while sum(len(p) for p in parts) < target - 120:
        if i % 5 == 0 and len(parts) == 1:
            parts.append("\n".join(f"- {sentence(lang)}" for _ in range(rng.randint(2, 3))))
        else:
            parts.append(paragraph(lang, rng.randint(1, 3)))
    text = "\n\n".join(parts)
    if len(text) > 1000:
        cut = text.rfind(". ", 0, 1000)
        text = text[:cut + 1] if cut > 300 else text[:1000]
    return lang, text + "\n"


def body(i):
    if SHORT:
        return short_body(i)
    lang = "en" if i % 4 == 3 else "ko"
    parts = ["## " + ("요약" if lang == "ko" else "Summary"), paragraph(lang), paragraph(lang)]
    parts.append("\n".join(f"- **{rng.choice(english)}**: {sentence(lang)}" for _ in range(5)))
    parts += ["## " + ("내 생각" if lang == "ko" else "What I think"), paragraph(lang), paragraph(lang),
              f"See [the report](https://example.org/report/{i}) and `rate_{i}` for details. {paragraph(lang, 3)}"]
    if i % 3 == 0:
        parts.append("| 항목 | 지난달 | 이번 달 | 변화 |\n|---|---:|---:|---:|\n" + "\n".join(
            f"| {rng.choice(korean)} | {rng.randint(100, 999)} | {rng.randint(100, 999)} | {rng.randint(-50, 50):+d} |"
            for _ in range(5)))
    if i % 4 == 0:
        parts.append("```python\n" + "\n".join(f"rate_{k} = base * (1 + {k} / 100)  # {rng.choice(english)}"
                                               for k in range(6)) + "\n```")
    parts.append("> " + paragraph(lang, 2))
    parts += [paragraph(lang), paragraph(lang), paragraph(lang), "## " + ("면접 대비 질문" if lang == "ko" else "Questions"),
              "\n".join(f"{k}. {sentence(lang)}" for k in range(1, 5)),
              "\n".join(f"- [{'x' if k % 2 else ' '}] {sentence(lang)}" for k in range(3)), paragraph(lang)]
    return lang, "\n\n".join(parts) + "\n"


def journals(count, weeks=1):
    """(file name, fields, body) for each journal; fields: title, article, tags, author, created
    (a datetime, site time), in creation order."""
    rng.seed(47)
    last_monday = datetime.datetime(2026, 11, 16)
    made = []
    for i in range(count):
        # Journal i falls in week (i * weeks // count) counted back from 2026-W47, spread over its days.
        week = weeks - 1 - i * weeks // count
        span = count / weeks
        day = int((i - (weeks - 1 - week) * span) * 7 // span) if weeks > 1 else i * 7 // count
        created = last_monday - datetime.timedelta(weeks=week) + datetime.timedelta(days=day, hours=8 + (i * 13) % 14, minutes=i % 60)
        lang, text = body(i)
        title = f"{korean_word()}와 {korean_word()}: 벤치마크 저널 {i + 1}" if lang == "ko" else f"Benchmark journal {i + 1}: {rng.choice(english)}"
        fields = {"title": title, "article": f"https://example.org/news/{i + 1}", "tags": rng.sample(tags, 2),
                  "author": rng.choice(authors), "created": created}
        made.append((f"bench-{i + 1:03d}.md", fields, text))
    if ALL_SYLLABLES:
        # Every common syllable somewhere: the ones no journal drew go into random sentences.
        used = set("".join(fields["title"] + text for _, fields, text in made))
        korean_journals = [k for k, (_, _, text) in enumerate(made) if any("\uac00" <= c <= "\ud7a3" for c in text)]
        for syllable in RANKED:
            if syllable in used:
                continue
            k = rng.choice(korean_journals)
            name, fields, text = made[k]
            lines = text.split("\n")
            prose = [n for n, line in enumerate(lines) if len(line) > 40 and line[0] not in "#|`-0123456789>"]
            n = rng.choice(prose)
            words = lines[n].split(" ")
            words.insert(rng.randint(1, len(words) - 1), syllable + rng.choice(["은", "를", "의", ""]))
            lines[n] = " ".join(words)
            made[k] = (name, fields, "\n".join(lines))
    yield from made


if __name__ == "__main__":
    os.makedirs(os.path.join(site, "content", "journals"), exist_ok=True)
    with open(os.path.join(site, "gazette.yml"), "w") as f:
        f.write("title: 벤치마크 스터디\nlanguage: ko\ntimezone: Asia/Seoul\n"
                "authors: { heedon: 함희돈, jiwoo: 박지우, sam: Sam Carter }\n")
    for name, fields, text in journals(count, int(os.environ.get("WEEKS", "1"))):
        stamp = fields["created"].strftime("%Y-%m-%d %H:%M")
        with open(os.path.join(site, "content", "journals", name), "w") as f:
            f.write(f"---\ntitle: \"{fields['title']}\"\narticle: {fields['article']}\n"
                    f"tags: [{', '.join(fields['tags'])}]\nauthor: {fields['author']}\n"
                    f"created: {stamp}\nupdated: {stamp}\n---\n")
            f.write(text)
