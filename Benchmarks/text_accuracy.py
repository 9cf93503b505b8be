#!/usr/bin/env python3
"""How well the Swift text-layout engine predicts Chromium's line breaks and paragraph heights.

usage: python3 Benchmarks/text_accuracy.py --bench BIN [--count N] [--work DIR]
           [--report Benchmarks/reports/text-accuracy.md] [--min-agreement 99.5] [--examples 30]
           [--python PY] [--timing]

1. Benchmarks/text_corpus.py writes WORK/corpus.json (N paragraphs, default 1200).
2. `BIN measure-corpus WORK/corpus.json --out WORK` writes WORK/setup.json (the fonts, CSS and
   widths it measured with) and WORK/predictions.json, a list of
   {"id", "width", "height", "lines", "lineTexts"}. BIN may be a command with arguments
   ("python3 stub.py"); it is split like a shell word list.
3. Tests/Tools/chromium_text.py --breaks lays the corpus out in Chromium with that setup:
   WORK/chromium.json (and WORK/chromium-fonts.json: the fonts Chromium really used).
4. Per (paragraph, width): does the line count agree, how far off is the height (px), are the
   lines the same text (whitespace collapsed, lines trimmed)?

Prints a Markdown report and writes it to --report (default
Benchmarks/reports/text-accuracy.md): a table per category plus an overall row, the setup, and
the first --examples disagreements with both line splits side by side. WORK/mismatches.json holds
every disagreement (line count, height beyond 1 px or different breaks). The report carries no
date or timing (so reruns give the same bytes) unless --timing.

Exit status: 0, or 1 when the overall line-count agreement is below --min-agreement percent,
2 when a step fails.
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
    """One row per Chromium layout: the comparison with the prediction for it."""
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


def report(args, corpus_path, corpus, setup, fonts_info, rows, extra, timing):
    categories = []
    for p in corpus:
        if p["category"] not in categories:
            categories.append(p["category"])
    out = ["# Text layout accuracy", ""]
    out.append("The Swift engine's predicted line breaks and heights against Chromium's layout of the same "
               "paragraphs, fonts and CSS (`Benchmarks/text_accuracy.py`). A layout is one paragraph at one "
               "width; lines are compared with whitespace collapsed and trimmed.")
    out.append("")
    out.append("| category | paragraphs | layouts | line count agrees | height within 1 px | same line breaks | max height error (px) |")
    out.append("|---|---:|---:|---:|---:|---:|---:|")
    for cat in categories + [None]:
        sel = [r for r in rows if cat is None or r["category"] == cat]
        n_par = len({p["id"] for p in corpus if cat is None or p["category"] == cat})
        s = summary(sel, n_par)
        name = "**all**" if cat is None else cat
        out.append(f"| {name} | {s['paragraphs']} | {s['layouts']} | {s['linesAgree']:.2f} % | "
                   f"{s['within1px']:.2f} % | {s['sameBreaks']:.2f} % | {fmt_px(s['maxHeightError'])} |")
    overall = summary(rows, len(corpus))
    out.append("")
    verdict = "meets" if overall["linesAgree"] >= args.min_agreement else "is BELOW"
    out.append(f"Overall line-count agreement {overall['linesAgree']:.2f} % {verdict} the required "
               f"{args.min_agreement:g} %.")
    if overall["missing"]:
        out.append(f"{overall['missing']} layouts have no prediction.")
    if extra:
        out.append(f"{len(extra)} predictions match no Chromium layout (unknown id or width), e.g. "
                   f"{extra[0][0]} at {fmt_num(extra[0][1])} px.")
    out.append("")
    out.append("## Setup")
    out.append("")
    out.append(f"- Chromium: {fonts_info.get('chromium', '?')}")
    out.append(f"- Corpus: {len(corpus)} paragraphs from `Benchmarks/text_corpus.py --count {args.count}`, "
               f"sha256 {sha256_file(corpus_path)[:16]}")
    out.append(f"- Widths (px): {', '.join(fmt_num(w) for w in setup.get('widths', []))}")
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
        out.append("Fonts Chromium drew with (CDP `CSS.getPlatformFontsForNode` over all the corpus text of each kind): "
                   + "; ".join(f"{kind}: " + ", ".join(f"{f.get('postScriptName')} ({f.get('glyphCount')} glyphs"
                                                      f"{'' if f.get('isCustomFont') else ', SYSTEM FONT'})" for f in fonts)
                               for kind, fonts in used.items()) + ".")
        out.append("")
    warnings = fonts_info.get("warnings", [])
    if warnings:
        out.append(f"Font warnings ({len(warnings)}):")
        out.append("")
        out.extend(f"- {md_escape(w)}" for w in warnings[:40])
        if len(warnings) > 40:
            out.append(f"- … {len(warnings) - 40} more in the chromium-fonts.json of the work folder")
    else:
        out.append("No font warnings: every glyph came from the setup's files.")
    out.append("")
    bad = [r for r in rows if not r["agrees"]]
    bad.sort(key=lambda r: (r["linesAgree"], not (r["heightError"] is None or r["heightError"] > HEIGHT_TOLERANCE)))
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
        out.append(f"### {r['id']} at {fmt_num(r['width'])} px — lines {c['lines']} (Chromium) vs {p['lines']} "
                   f"(engine), height {fmt_num(c['height'])} vs {fmt_num(p['height'])}")
        out.append("")
        out.append("| # | Chromium | engine | |")
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


def main():
    parser = argparse.ArgumentParser(description="Text-layout accuracy of the engine against Chromium.")
    parser.add_argument("--bench", required=True, help="the binary with a measure-corpus command (or a command line)")
    parser.add_argument("--count", type=int, default=1200, help="corpus paragraphs (default 1200)")
    parser.add_argument("--report", default=os.path.join(HERE, "reports", "text-accuracy.md"))
    parser.add_argument("--min-agreement", type=float, default=99.5, help="required line-count agreement, %%")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "text-accuracy"),
                        help="working folder (default .build/text-accuracy)")
    parser.add_argument("--examples", type=int, default=30, help="disagreements shown in the report")
    parser.add_argument("--python", default=VENV_PYTHON if os.path.exists(VENV_PYTHON) else sys.executable,
                        help="the Python with selenium, for chromium_text.py (default the tools venv)")
    parser.add_argument("--timing", action="store_true", help="add the run time of each step to the report")
    args = parser.parse_args()

    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    corpus_path = os.path.join(work, "corpus.json")
    setup_path = os.path.join(work, "setup.json")
    predictions_path = os.path.join(work, "predictions.json")
    chromium_path = os.path.join(work, "chromium.json")
    fonts_path = os.path.join(work, "chromium-fonts.json")
    for stale in (setup_path, predictions_path, chromium_path, fonts_path):
        if os.path.exists(stale):
            os.remove(stale)

    timing = {}
    timing["corpus"] = run("corpus", [sys.executable, CORPUS_TOOL, corpus_path, "--count", str(args.count)])
    bench = shlex.split(args.bench)
    timing["engine"] = run("measure-corpus", bench + ["measure-corpus", corpus_path, "--out", work])
    for path in (setup_path, predictions_path):
        if not os.path.exists(path):
            fail(f"{args.bench} measure-corpus did not write {path}")
    timing["chromium"] = run("chromium", [args.python, CHROMIUM_TOOL, "--corpus", corpus_path, "--setup", setup_path,
                                          "--out", chromium_path, "--breaks"])

    corpus = load_json(corpus_path, "corpus")["paragraphs"]
    setup = load_json(setup_path, "setup")
    predictions = load_json(predictions_path, "predictions")
    if isinstance(predictions, dict) and "layouts" in predictions:
        predictions = predictions["layouts"]
    chromium = load_json(chromium_path, "Chromium layouts")
    fonts_info = load_json(fonts_path, "Chromium font report") if os.path.exists(fonts_path) else {}
    for i, e in enumerate(predictions):
        missing = [k for k in ("id", "width", "height", "lines") if k not in e]
        if missing:
            fail(f"prediction #{i} lacks {', '.join(missing)}: {json.dumps(e, ensure_ascii=False)[:200]}")

    rows, extra = compare(corpus, chromium, predictions)
    text, overall, bad = report(args, corpus_path, corpus, setup, fonts_info, rows, extra,
                                timing if args.timing else None)
    with open(os.path.join(work, "mismatches.json"), "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps({
            "id": r["id"], "category": r["category"], "width": r["width"],
            "linesAgree": r["linesAgree"], "heightError": r["heightError"], "sameBreaks": r["sameBreaks"],
            "chromium": {"height": r["chromium"]["height"], "lines": r["chromium"]["lines"],
                         "lineTexts": r["chromium"].get("lineTexts")},
            "engine": None if r["prediction"] is None else {
                "height": r["prediction"]["height"], "lines": r["prediction"]["lines"],
                "lineTexts": r["prediction"].get("lineTexts")},
        }, ensure_ascii=False) for r in bad) + ("\n" if bad else "") + "]\n")
    os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
    with open(args.report, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)
    print(f"report: {args.report}; all {len(bad)} disagreements: {os.path.join(work, 'mismatches.json')}",
          file=sys.stderr)
    return 0 if overall["linesAgree"] >= args.min_agreement else 1


if __name__ == "__main__":
    sys.exit(main())
