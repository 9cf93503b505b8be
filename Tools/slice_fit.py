#!/usr/bin/env python3
"""How well a Hangul ranking fits a site's text: for each journal of the example site (its title
and Markdown, as `content/journals/**/*.md` holds them), the frequency slices it needs, cut from
the ranking with the slice sizes Sources/Site/FontSlices.swift gives the regular face (`.text`)
and the bold face (`.headings`); then the average number of rare slices per journal (slices past
the first 1,000 syllables: the small files a reader fetches for the odd syllable), the share of
the journals' syllables the first 1,000 cover, and the same for the index page as far as this
script can tell what it shows (the newest week's cards: titles, bold, and the start of each body;
the week's article list: titles and publishers). As a second news set, held out from every
choice the ranking tool made, the stored Korean articles (`content/articles/*.jsonl`, title and
description each) are counted the same way; and with --texts, any text files, one text each.

The example site is the test set: a ranking tuned until it fits these twenty journals best says
little about other sites. Its journals are news-study writing, so the figure compares rankings
for news-like text.

Usage: slice_fit.py [--site DIR] [--verbose] [RANKING...] [--texts FILE...]. A ranking is a Swift file in the
format of Sources/Site/HangulRanking.swift or a text file whose Hangul syllables, in order, are
the ranking (all 2,350 of KS X 1001); without one, the repository's HangulRanking.swift.
Importable: `load_ranking(path)`, `journal_texts(site)`, `fit(ranking, texts)`."""
import datetime
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANGUL = re.compile(r"[\uac00-\ud7a3]")
EXCERPT = 140  # characters of body a card shows (SiteRenderer.excerpt's limit for list rows)


def slice_sizes():
    """The Hangul slice sizes of the regular (`text`) and bold (`headings`) cuts, read from
    FontSlices.swift so the figures follow it."""
    source = open(os.path.join(ROOT, "Sources", "Site", "FontSlices.swift"), encoding="utf-8").read()
    sizes = {}
    for cut in ("text", "headings"):
        match = re.search(r"case \.%s: \[([0-9, ]+)\] \+ Array\(repeating: (\d+), count: (\d+)\)" % cut, source)
        head = [int(n) for n in match.group(1).split(",")]
        sizes[cut] = head + [int(match.group(2))] * int(match.group(3))
        assert sum(sizes[cut]) == 2350, (cut, sum(sizes[cut]))
    return sizes


def load_ranking(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".swift"):
        text = "".join(re.findall(r'"([^"]*)"', text.split("static let syllables", 1)[1]))
    ranking = HANGUL.findall(text)
    assert len(ranking) == 2350 and len(set(ranking)) == 2350, (path, len(ranking))
    return ranking


def front_matter(text):
    match = re.match(r"---\n(.*?\n)---\n?(.*)\Z", text, re.S)
    if not match:
        return {}, text
    fields = {}
    for line in match.group(1).splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip().strip('"')
    return fields, match.group(2)


def plain(markdown):
    """Markdown's visible text, roughly: no code, link targets or markup."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"[#*_`>|\[\]-]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def journal_texts(site):
    """(name, title, body, created) for each journal, in path order."""
    journals = []
    for path in sorted(glob.glob(os.path.join(site, "content", "journals", "**", "*.md"), recursive=True)):
        fields, body = front_matter(open(path, encoding="utf-8").read())
        journals.append((os.path.relpath(path, site), fields.get("title", ""), body, fields.get("created", "")))
    return journals


def index_texts(site, journals):
    """What the index (the newest week) shows: (bold text, regular text), as far as this script
    can tell: card titles; card excerpts, the week's article titles and publishers."""
    def week(created):
        try:
            return datetime.datetime.strptime(created[:10], "%Y-%m-%d").isocalendar()[:2]
        except ValueError:
            return None
    weeks = [week(j[3]) for j in journals if week(j[3])]
    newest = max(weeks)
    cards = [j for j in journals if week(j[3]) == newest]
    bold = " ".join(j[1] for j in cards)
    regular = " ".join(plain(j[2])[:EXCERPT] for j in cards)
    articles = os.path.join(site, "content", "articles", "%d-W%02d.jsonl" % newest)
    if os.path.exists(articles):
        for article in store_records(articles):
            regular += " " + (article.get("title") or "") + " " + (article.get("publisher") or "")
    return bold, regular


def store_records(path):
    """The records of one week file of the article store: one JSON object per line."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def article_texts(site):
    """(title, description) of each stored Korean article."""
    texts = []
    for path in sorted(glob.glob(os.path.join(site, "content", "articles", "*.jsonl"))):
        for article in store_records(path):
            if article.get("language") == "ko":
                texts.append((article.get("title") or "", article.get("description") or ""))
    return texts


def slices_of(text, rank, sizes):
    """The indices of the frequency slices holding `text`'s ranked syllables."""
    bounds = []
    total = 0
    for size in sizes:
        total += size
        bounds.append(total)
    needed = set()
    for syllable in set(HANGUL.findall(text)):
        r = rank.get(syllable)
        if r is None:
            continue
        lo, hi = 0, len(bounds)
        while lo < hi:
            mid = (lo + hi) // 2
            if bounds[mid] > r:
                hi = mid
            else:
                lo = mid + 1
        needed.add(lo)
    return needed


def rare(sizes, common=1000):
    """The indices of the slices past the first `common` syllables."""
    return {s for s in range(len(sizes)) if sum(sizes[:s]) >= common}


def fit(ranking, texts, sizes=None):
    """Figures for `ranking` over `texts` (title, body) pairs: rare slices per text (regular
    face, title and body), rare bold slices per title, first-1,000 coverage of all syllables."""
    sizes = sizes or slice_sizes()
    rank = {s: i for i, s in enumerate(ranking)}
    rare_text, rare_bold = rare(sizes["text"]), rare(sizes["headings"])
    per = []
    syllables = covered = 0
    for title, body in texts:
        text = title + "\n" + body
        regular = slices_of(text, rank, sizes["text"])
        bold = slices_of(title, rank, sizes["headings"])
        per.append((len(regular.intersection(rare_text)), len(bold.intersection(rare_bold))))
        found = HANGUL.findall(text)
        syllables += len(found)
        covered += sum(1 for s in found if rank.get(s, 2350) < 1000)
    n = max(1, len(per))
    return {"rare": sum(p[0] for p in per) / n, "rare_bold": sum(p[1] for p in per) / n,
            "first1000": covered / max(1, syllables), "per": per}


def main():
    argv = sys.argv[1:]
    files = []
    if "--texts" in argv:
        files = argv[argv.index("--texts") + 1:]
        argv = argv[:argv.index("--texts")]
    site = ROOT
    if "--site" in argv:
        site = argv[argv.index("--site") + 1]
        argv.remove(site)
    rankings = [a for a in argv if not a.startswith("--")] or [os.path.join(ROOT, "Sources", "Site", "HangulRanking.swift")]
    sizes = slice_sizes()
    journals = journal_texts(site)
    articles = article_texts(site)
    others = [("", open(path, encoding="utf-8").read()) for path in files]
    bold, regular = index_texts(site, journals)
    print("%d journals; index: %d syllables of titles, %d of other text; %d Korean articles; %d other texts" %
          (len(journals), len(HANGUL.findall(bold)), len(HANGUL.findall(regular)), len(articles), len(others)))
    print("rare: slices past the first 1,000 syllables a text needs (regular face), on average; bold: the same for titles")
    print("%-32s %8s %6s %8s %8s %8s %9s %9s" % ("ranking", "journals", "bold", "first1000", "index", "ix bold", "articles", "texts"))
    for path in rankings:
        ranking = load_ranking(path)
        result = fit(ranking, [(j[1], j[2]) for j in journals], sizes)
        rank = {s: i for i, s in enumerate(ranking)}
        index_regular = len(slices_of(regular + bold, rank, sizes["text"]) & rare(sizes["text"]))
        index_bold = len(slices_of(bold, rank, sizes["headings"]) & rare(sizes["headings"]))
        on_articles = "%9.2f" % fit(ranking, articles, sizes)["rare"] if articles else "%9s" % "-"
        on_others = "%9.2f" % fit(ranking, others, sizes)["rare"] if others else "%9s" % "-"
        print("%-32s %8.2f %6.2f %7.2f%% %8d %8d %s %s" % (os.path.relpath(path)[-32:], result["rare"], result["rare_bold"],
                                                          100 * result["first1000"], index_regular, index_bold, on_articles, on_others))
        if "--verbose" in argv:
            for journal, (count, count_bold) in zip(journals, result["per"]):
                print("    %-60s %3d %3d" % (journal[0][-60:], count, count_bold))


if __name__ == "__main__":
    main()
