#!/usr/bin/env python3
"""How well the Swift text-layout engine predicts the line breaks and paragraph heights of
Chromium (and, on request, Firefox ESR and WebKitGTK).

usage: python3 Benchmarks/text_accuracy.py --bench BIN [--count N] [--work DIR]
           [--engines chromium,firefox] [--margin PX] [--report Benchmarks/reports/text-accuracy.md]
           [--min-agreement 99.5] [--examples 30] [--python PY] [--timing]

1. Benchmarks/text_corpus.py writes WORK/corpus.json (N paragraphs, default 1200).
2. `BIN measure-corpus WORK/corpus.json --out WORK` writes WORK/setup.json (the fonts, CSS and
   widths it measured with) and WORK/predictions.json, a list of
   {"id", "width", "height", "lines", "lineTexts"}. BIN may be a command with arguments
   ("python3 stub.py"); it is split like a shell word list.
3. For each engine of --engines (default chromium), Tests/Tools/chromium_text.py --breaks
   --engine ENGINE lays the corpus out in that browser with that setup: WORK/ENGINE.json (and
   WORK/ENGINE-fonts.json: the fonts the browser really used). Engines other than Chromium run
   with --allow-failed-fonts: Firefox's sanitizer rejects the CBDT emoji font, and Firefox then
   draws emoji with the system's Noto Color Emoji (the same font), which the report says.
   With --margin PX, measure-corpus breaks explicitly where a line would end within PX of the
   edge (as the board's cards do) and the browsers' pages carry those breaks (--forced-breaks).
4. Per (paragraph, width): does the line count agree, how far off is the height (px), are the
   lines the same text (whitespace collapsed, lines trimmed)?

Prints a Markdown report per engine and writes it: Chromium's to --report (default
Benchmarks/reports/text-accuracy.md), another engine's beside it with the engine's name
(text-accuracy-firefox.md): a table per category plus an overall row, the setup, and the first
--examples disagreements with both line splits side by side. A non-Chromium report also has the
engines side by side, and "near the edge": for every layout whose breaks differ, the first line
that differs, which side broke earlier, and how much room the engine's prediction left on that
line (available width − the line's predicted width, from the predictions' lineWidths) — how wide
a "too close to call" margin would have to be. WORK/mismatches.json (WORK/mismatches-ENGINE.json)
holds every disagreement (line count, height beyond 1 px or different breaks). The reports carry
no date or timing (so reruns give the same bytes) unless --timing.

Exit status: 0, or 1 when an engine's overall line-count agreement is below --min-agreement
percent, 2 when a step fails.
"""
import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS_TOOL = os.path.join(HERE, "text_corpus.py")
CHROMIUM_TOOL = os.path.join(ROOT, "Tests", "Tools", "chromium_text.py")
VENV_PYTHON = os.path.join(ROOT, ".build", "tools", "venv", "bin", "python")
HEIGHT_TOLERANCE = 1.0
ENGINES = {"chromium": "Chromium", "firefox": "Firefox", "webkit": "WebKitGTK"}


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def run(step, argv):
    print(f"$ {' '.join(shlex.quote(a) for a in argv)}", file=sys.stderr, flush=True)
    started = time.monotonic()
    try:
        done = subprocess.run(argv)
    except OSError as e:
        fail(f"{step}: cannot run {argv[0]}: {e}")
    if done.returncode != 0:
        fail(f"{step} failed (exit status {done.returncode})")
    return time.monotonic() - started


def load_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail(f"cannot read {what} {path}: {e}")


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


WS = re.compile(r"[ \t\n\r\f]+")


def norm_lines(lines):
    return [WS.sub(" ", line).strip() for line in lines or []]


def width_key(w):
    return float(w)


def compare(corpus, chromium, predictions):
    """One row per browser layout: the comparison with the prediction for it. (The browser's
    layout is under the key "chromium" whatever the engine.)"""
    category = {p["id"]: p["category"] for p in corpus}
    predicted = {}
    for e in predictions:
        predicted[(e["id"], width_key(e["width"]))] = e
    rows = []
    for c in chromium:
        key = (c["id"], width_key(c["width"]))
        p = predicted.pop(key, None)
        row = {"id": c["id"], "category": category.get(c["id"], "?"), "width": c["width"],
               "chromium": c, "prediction": p}
        if p is None:
            row.update(missing=True, linesAgree=False, heightError=None, sameBreaks=False)
        else:
            row.update(missing=False, linesAgree=int(p["lines"]) == int(c["lines"]),
                       heightError=abs(float(p["height"]) - float(c["height"])),
                       sameBreaks=("lineTexts" in p and norm_lines(p["lineTexts"]) == norm_lines(c.get("lineTexts"))))
        row["agrees"] = (row["linesAgree"] and row["heightError"] is not None
                         and row["heightError"] <= HEIGHT_TOLERANCE and row["sameBreaks"])
        rows.append(row)
    extra = sorted(predicted)
    return rows, extra


def pct(n, d):
    return 100.0 * n / d if d else 0.0


def summary(rows, paragraphs):
    layouts = len(rows)
    errors = [r["heightError"] for r in rows if r["heightError"] is not None]
    return {
        "paragraphs": paragraphs,
        "layouts": layouts,
        "linesAgree": pct(sum(r["linesAgree"] for r in rows), layouts),
        "within1px": pct(sum(1 for r in rows if r["heightError"] is not None and r["heightError"] <= HEIGHT_TOLERANCE), layouts),
        "sameBreaks": pct(sum(r["sameBreaks"] for r in rows), layouts),
        "maxHeightError": max(errors) if errors else None,
        "missing": sum(r["missing"] for r in rows),
    }


def md_escape(text):
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_\[\]|#~])", r"\\\1", text)


def show_line(text):
    """A line for the side-by-side table: escaped, spaces at the ends made visible."""
    if text is None:
        return ""
    lead = len(text) - len(text.lstrip(" "))
    trail = len(text) - len(text.rstrip(" "))
    core = text.strip(" ")
    return "␣" * lead + md_escape(core) + "␣" * trail if core else "␣" * len(text)


def fmt_px(v):
    return "—" if v is None else f"{v:.2f}"


def fmt_num(v):
    return f"{float(v):g}"


def categories_of(corpus):
    categories = []
    for p in corpus:
        if p["category"] not in categories:
            categories.append(p["category"])
    return categories


def report(args, corpus_path, corpus, setup, fonts_info, rows, extra, timing, engine="chromium", others=None):
    """The Markdown report for ENGINE. OTHERS: {engine: rows} of every engine run (side by side)."""
    name = ENGINES[engine]
    categories = categories_of(corpus)
    out = ["# Text layout accuracy" + ("" if engine == "chromium" else f": {name}"), ""]
    out.append(f"The Swift engine's predicted line breaks and heights against {name}'s layout of the same "
               "paragraphs, fonts and CSS (`Benchmarks/text_accuracy.py`). A layout is one paragraph at one "
               "width; lines are compared with whitespace collapsed and trimmed.")
    out.append("")
    out.append("| category | paragraphs | layouts | line count agrees | height within 1 px | same line breaks | max height error (px) |")
    out.append("|---|---:|---:|---:|---:|---:|---:|")
    for cat in categories + [None]:
        sel = [r for r in rows if cat is None or r["category"] == cat]
        n_par = len({p["id"] for p in corpus if cat is None or p["category"] == cat})
        s = summary(sel, n_par)
        label = "**all**" if cat is None else cat
        out.append(f"| {label} | {s['paragraphs']} | {s['layouts']} | {s['linesAgree']:.2f} % | "
                   f"{s['within1px']:.2f} % | {s['sameBreaks']:.2f} % | {fmt_px(s['maxHeightError'])} |")
    overall = summary(rows, len(corpus))
    out.append("")
    verdict = "meets" if overall["linesAgree"] >= args.min_agreement else "is BELOW"
    out.append(f"Overall line-count agreement {overall['linesAgree']:.2f} % {verdict} the required "
               f"{args.min_agreement:g} %.")
    if overall["missing"]:
        out.append(f"{overall['missing']} layouts have no prediction.")
    if extra:
        out.append(f"{len(extra)} predictions match no {name} layout (unknown id or width), e.g. "
                   f"{extra[0][0]} at {fmt_num(extra[0][1])} px.")
    out.append("")
    out.append("## Setup")
    out.append("")
    out.append(f"- {name}: {fonts_info.get('browser') or fonts_info.get('chromium', '?')}")
    out.append(f"- Corpus: {len(corpus)} paragraphs from `Benchmarks/text_corpus.py --count {args.count}`, "
               f"sha256 {sha256_file(corpus_path)[:16]}")
    out.append(f"- Widths (px): {', '.join(fmt_num(w) for w in setup.get('widths', []))}")
    if args.margin:
        forced = sum(1 for r in rows if r["prediction"] and r["prediction"].get("forcedBreaks"))
        out.append(f"- Near-edge margin {args.margin:g} px: the engine broke {forced} of {len(rows)} layouts explicitly "
                   "where a line would have ended that close to the edge; the browser's page carries those breaks")
    out.append(f"- Language: `{setup.get('lang', 'ko')}`, line height {setup.get('lineHeight', '?')} px")
    out.append(f"- Paragraph CSS: `{setup.get('css', '')}`")
    for kind, css in sorted(setup.get("runCSS", {}).items()):
        out.append(f"- `{kind}` runs: `{css}`")
    out.append("")
    out.append("| family | weight | style | file | bytes | sha256 |")
    out.append("|---|---|---|---|---:|---|")
    for font in setup.get("fonts", []):
        path = font.get("file", "")
        size = os.path.getsize(path) if os.path.isfile(path) else 0
        digest = sha256_file(path)[:16] if os.path.isfile(path) else "missing"
        out.append(f"| {font.get('family')} | {font.get('weight', 400)} | {font.get('style', 'normal')} | "
                   f"`{os.path.basename(path)}` | {size} | {digest} |")
    out.append("")
    used = fonts_info.get("platformFonts", {})
    if used:
        how = ("CDP `CSS.getPlatformFontsForNode`" if engine == "chromium"
               else "`InspectorUtils.getUsedFontFaces`" if engine == "firefox" else "the browser")

        def face(f):
            notes = ([f"{f['glyphCount']} glyphs"] if f.get("glyphCount") is not None else []) \
                + ([] if f.get("isCustomFont") else ["SYSTEM FONT"])
            return f"{f.get('postScriptName')}" + (f" ({', '.join(notes)})" if notes else "")
        out.append(f"Fonts {name} drew with ({how} over all the corpus text of each kind): "
                   + "; ".join(f"{kind}: " + ", ".join(face(f) for f in fonts) for kind, fonts in used.items()) + ".")
        out.append("")
    warnings = fonts_info.get("warnings", [])
    if "platformFonts" in fonts_info and fonts_info["platformFonts"] is None:
        out.append(f"{name} cannot tell which fonts it drew with (no such call through its driver); "
                   + ("every setup font loaded." if not warnings else "see the warnings."))
        out.append("")
    if warnings:
        out.append(f"Font warnings ({len(warnings)}):")
        out.append("")
        out.extend(f"- {md_escape(w)}" for w in warnings[:40])
        if len(warnings) > 40:
            out.append(f"- … {len(warnings) - 40} more in the {engine}-fonts.json of the work folder")
    elif fonts_info.get("platformFonts") is not None or "platformFonts" not in fonts_info:
        out.append("No font warnings: every glyph came from the setup's files.")
    out.append("")
    bad = [r for r in rows if not r["agrees"]]
    bad.sort(key=lambda r: (r["linesAgree"], not (r["heightError"] is None or r["heightError"] > HEIGHT_TOLERANCE)))
    if engine != "chromium":
        out.extend(side_by_side(corpus, others or {engine: rows}))
        out.extend(near_edge_section(bad, name))
    shown = bad[:args.examples]
    out.append(f"## Disagreements ({len(shown)} shown of {len(bad)})")
    out.append("")
    if not bad:
        out.append("None.")
        out.append("")
    out.append("Line-count disagreements first, then height, then different breaks at the same count; "
               "`␣` is a space at the end of a line, ≠ marks lines that differ.")
    out.append("")
    for r in shown:
        c, p = r["chromium"], r["prediction"]
        if p is None:
            out.append(f"### {r['id']} at {fmt_num(r['width'])} px — no prediction")
            out.append("")
            continue
        out.append(f"### {r['id']} at {fmt_num(r['width'])} px — lines {c['lines']} ({name}) vs {p['lines']} "
                   f"(engine), height {fmt_num(c['height'])} vs {fmt_num(p['height'])}")
        out.append("")
        out.append(f"| # | {name} | engine | |")
        out.append("|---:|---|---|---|")
        cl, pl = c.get("lineTexts") or [], p.get("lineTexts") or []
        cn, pn = norm_lines(cl), norm_lines(pl)
        for i in range(max(len(cl), len(pl))):
            a = cl[i] if i < len(cl) else None
            b = pl[i] if i < len(pl) else None
            differs = (cn[i] if i < len(cn) else None) != (pn[i] if i < len(pn) else None)
            out.append(f"| {i + 1} | {show_line(a)} | {show_line(b)} | {'≠' if differs else ''} |")
        out.append("")
    if timing:
        out.append("## Run time")
        out.append("")
        out.append(", ".join(f"{k} {v:.1f} s" for k, v in timing.items()))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n", overall, bad


def side_by_side(corpus, by_engine):
    """Line-count agreement and same breaks per category, one column pair per engine."""
    engines = list(by_engine)
    out = ["## Engines side by side", "",
           "| category | " + " | ".join(f"{ENGINES[e]}: line count | {ENGINES[e]}: same breaks" for e in engines) + " |",
           "|---|" + "---:|---:|" * len(engines)]
    for cat in categories_of(corpus) + [None]:
        cells = []
        for e in engines:
            sel = [r for r in by_engine[e] if cat is None or r["category"] == cat]
            s = summary(sel, 0)
            cells += [f"{s['linesAgree']:.2f} %", f"{s['sameBreaks']:.2f} %"]
        out.append(f"| {'**all**' if cat is None else cat} | " + " | ".join(cells) + " |")
    out.append("")
    return out


def near_edge(r):
    """For a layout whose breaks differ: (line index, who broke earlier, the room the engine's
    prediction left on that line in px or None, the two lines), from the first line that differs."""
    c, p = r["chromium"], r["prediction"]
    if p is None:
        return None
    cl, pl = c.get("lineTexts") or [], p.get("lineTexts") or []
    cn, pn = norm_lines(cl), norm_lines(pl)
    for i in range(max(len(cn), len(pn))):
        a = cn[i] if i < len(cn) else None
        b = pn[i] if i < len(pn) else None
        if a == b:
            continue
        if a is None or b is None:
            earlier = "engine" if a is None else "browser"
        else:
            earlier = "browser" if len(a) < len(b) else "engine"
        widths = p.get("lineWidths") or []
        room = float(r["width"]) - float(widths[i]) if i < len(widths) else None
        return {"line": i, "earlier": earlier, "room": room, "browserLine": a, "engineLine": b,
                "cause": cause_of(a or "", b or "")}
    return None


URL_LIKE = re.compile(r"[a-z][a-z0-9+.-]*://|www\.|[\w.-]+@[\w-]+\.|\w/\w|\.(?:com|org|kr|net|io)\b", re.I)


def cause_of(browser_line, engine_line):
    """A rough cause for a first differing line: the text one side put on the line and the other
    did not (the longer line past the shorter) tells. 'url': a URL or address is split differently;
    'hyphen': one side broke after a hyphen, the other would not; 'emoji': the text at the break
    holds an emoji; 'width': none of those — the line ended near the edge and the engines measured
    it differently."""
    short, long_ = sorted((browser_line, engine_line), key=len)
    extra = long_[len(short):] if long_.startswith(short) else long_
    at_break = (short[-12:] + extra[:24]) if long_.startswith(short) else long_
    if URL_LIKE.search(at_break) or URL_LIKE.search(extra):
        return "url"
    if short.endswith("-") or extra.rstrip().endswith("-") or re.search(r"\w-\w", extra):
        return "hyphen"
    if any(ord(ch) >= 0x1F000 or 0x2600 <= ord(ch) <= 0x27BF or ch in "\ufe0f\u200d" for ch in at_break):
        return "emoji"
    return "width"


def near_edge_section(bad, name):
    found = [(r, near_edge(r)) for r in bad if not r["sameBreaks"]]
    found = [(r, e) for r, e in found if e is not None]
    out = ["## Near the edge", ""]
    if not found:
        out += [f"Every layout breaks where {name} does.", ""]
        return out
    out.append(f"The first line that differs in each of the {len(found)} layouts whose breaks differ. *Room* is the "
               f"available width minus the width the engine predicted for its own line there (the predictions' "
               f"`lineWidths`): where {name} broke earlier, its line did not fit although the engine left that much "
               f"room — a margin at least this wide, treated as a break, would have taken the guess away. The cause is "
               f"read off the text at the break: *url* (a URL or address split elsewhere), *hyphen* (one side breaks "
               f"after a hyphen, the other does not), *emoji* (an emoji at the break), *width* (none of those: the "
               f"line ended near the edge and the two measured it differently).")
    out.append("")
    bounds = (0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
    out.append("| cause | broke earlier | layouts | " + " | ".join(f"room ≤ {b:g}" for b in bounds)
               + " | room min / median / max (px) |")
    out.append("|---|---|---:|" + "---:|" * len(bounds) + "---|")
    for cause in ("width", "emoji", "hyphen", "url"):
        for side in ("browser", "engine"):
            rooms = sorted(e["room"] for _, e in found if e["cause"] == cause and e["earlier"] == side
                           and e["room"] is not None)
            if rooms:
                out.append(f"| {cause} | {name if side == 'browser' else 'engine'} | {len(rooms)} | "
                           + " | ".join(str(sum(1 for x in rooms if x <= b + 1e-9)) for b in bounds)
                           + f" | {rooms[0]:.3f} / {rooms[len(rooms) // 2]:.3f} / {rooms[-1]:.3f} |")
    out.append("")
    out.append("Counts are cumulative: a layout with room ≤ 0.1 px is counted under ≤ 0.25 px too. Past a fraction "
               "of a pixel the differences are break opportunities, not widths (a margin would not help there).")
    out.append("")
    shown = sorted(found, key=lambda x: (("width", "emoji", "hyphen", "url").index(x[1]["cause"]),
                                         x[1]["room"] is None, x[1]["room"] or 0.0))
    limit = 60
    out.append(f"The {min(limit, len(shown))} first of {len(shown)}, *width* and *emoji* first, by room "
               f"(all in the work folder's mismatches file):")
    out.append("")
    out.append(f"| paragraph | width | line | cause | broke earlier | room (px) | {name} | engine |")
    out.append("|---|---:|---:|---|---|---:|---|---|")
    for r, e in shown[:limit]:
        out.append(f"| {r['id']} | {fmt_num(r['width'])} | {e['line'] + 1} | {e['cause']} | "
                   f"{name if e['earlier'] == 'browser' else 'engine'} | "
                   f"{fmt_room(e['room'])} | "
                   f"{show_line(e['browserLine'])} | {show_line(e['engineLine'])} |")
    out.append("")
    return out


def fmt_room(v):
    return "—" if v is None else f"{v:.3f}"


def report_path(base, engine):
    if engine == "chromium":
        return base
    stem, ext = os.path.splitext(base)
    return f"{stem}-{engine}{ext or '.md'}"


def main():
    parser = argparse.ArgumentParser(description="Text-layout accuracy of the engine against browsers.")
    parser.add_argument("--bench", required=True, help="the binary with a measure-corpus command (or a command line)")
    parser.add_argument("--count", type=int, default=1200, help="corpus paragraphs (default 1200)")
    parser.add_argument("--engines", default="chromium",
                        help="browsers to compare with, comma-separated: chromium, firefox, webkit (default chromium)")
    parser.add_argument("--report", default=os.path.join(HERE, "reports", "text-accuracy.md"),
                        help="Chromium's report; another engine's goes beside it as NAME-ENGINE.md")
    parser.add_argument("--min-agreement", type=float, default=99.5, help="required line-count agreement, %%")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "text-accuracy"),
                        help="working folder (default .build/text-accuracy)")
    parser.add_argument("--examples", type=int, default=30, help="disagreements shown in the report")
    parser.add_argument("--python", default=VENV_PYTHON if os.path.exists(VENV_PYTHON) else sys.executable,
                        help="the Python with selenium, for chromium_text.py (default the tools venv)")
    parser.add_argument("--timing", action="store_true", help="add the run time of each step to the report")
    parser.add_argument("--margin", type=float, default=0.0,
                        help="near-edge margin in px (measure-corpus --margin): the engine forces a break where a "
                             "line would end this close to the edge, and the browsers' pages carry those breaks")
    args = parser.parse_args()
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = [e for e in engines if e not in ENGINES]
    if unknown or not engines:
        fail(f"--engines: unknown {', '.join(unknown) or 'none given'} (known: {', '.join(ENGINES)})")

    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    corpus_path = os.path.join(work, "corpus.json")
    setup_path = os.path.join(work, "setup.json")
    predictions_path = os.path.join(work, "predictions.json")
    layout_paths = {e: os.path.join(work, f"{e}.json") for e in engines}
    fonts_paths = {e: os.path.join(work, f"{e}-fonts.json") for e in engines}
    for stale in [setup_path, predictions_path] + list(layout_paths.values()) + list(fonts_paths.values()):
        if os.path.exists(stale):
            os.remove(stale)

    timing = {}
    timing["corpus"] = run("corpus", [sys.executable, CORPUS_TOOL, corpus_path, "--count", str(args.count)])
    bench = shlex.split(args.bench)
    timing["engine"] = run("measure-corpus", bench + ["measure-corpus", corpus_path, "--out", work]
                           + (["--margin", f"{args.margin:g}"] if args.margin else []))
    for path in (setup_path, predictions_path):
        if not os.path.exists(path):
            fail(f"{args.bench} measure-corpus did not write {path}")
    for e in engines:
        timing[e] = run(e, [args.python, CHROMIUM_TOOL, "--engine", e, "--corpus", corpus_path, "--setup", setup_path,
                            "--out", layout_paths[e], "--breaks"] + ([] if e == "chromium" else ["--allow-failed-fonts"])
                        + (["--forced-breaks", predictions_path] if args.margin else []))

    corpus = load_json(corpus_path, "corpus")["paragraphs"]
    setup = load_json(setup_path, "setup")
    predictions = load_json(predictions_path, "predictions")
    if isinstance(predictions, dict) and "layouts" in predictions:
        predictions = predictions["layouts"]
    for i, e in enumerate(predictions):
        missing = [k for k in ("id", "width", "height", "lines") if k not in e]
        if missing:
            fail(f"prediction #{i} lacks {', '.join(missing)}: {json.dumps(e, ensure_ascii=False)[:200]}")

    results = {}
    for e in engines:
        layouts = load_json(layout_paths[e], f"{ENGINES[e]} layouts")
        fonts_info = load_json(fonts_paths[e], f"{ENGINES[e]} font report") if os.path.exists(fonts_paths[e]) else {}
        rows, extra = compare(corpus, layouts, predictions)
        results[e] = (rows, extra, fonts_info)
    status = 0
    for e in engines:
        rows, extra, fonts_info = results[e]
        text, overall, bad = report(args, corpus_path, corpus, setup, fonts_info, rows, extra,
                                    timing if args.timing else None, engine=e,
                                    others={k: v[0] for k, v in results.items()})
        mismatches = os.path.join(work, "mismatches.json" if e == "chromium" else f"mismatches-{e}.json")
        with open(mismatches, "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(json.dumps({
                "id": r["id"], "category": r["category"], "width": r["width"],
                "linesAgree": r["linesAgree"], "heightError": r["heightError"], "sameBreaks": r["sameBreaks"],
                **({"nearEdge": near_edge(r)} if not r["sameBreaks"] else {}),
                e: {"height": r["chromium"]["height"], "lines": r["chromium"]["lines"],
                    "lineTexts": r["chromium"].get("lineTexts")},
                "engine": None if r["prediction"] is None else {
                    "height": r["prediction"]["height"], "lines": r["prediction"]["lines"],
                    "lineTexts": r["prediction"].get("lineTexts"), "lineWidths": r["prediction"].get("lineWidths")},
            }, ensure_ascii=False) for r in bad) + ("\n" if bad else "") + "]\n")
        path = report_path(args.report, e)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(text)
        print(f"report: {path}; all {len(bad)} disagreements: {mismatches}", file=sys.stderr)
        if overall["linesAgree"] < args.min_agreement:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
