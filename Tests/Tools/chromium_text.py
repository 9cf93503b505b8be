#!/usr/bin/env python3
"""Lays out a corpus of paragraphs in a browser (Debian's Chromium by default, or Firefox ESR or
WebKitGTK) and writes what it measured.

usage: chromium_text.py --corpus CORPUS.json --setup SETUP.json --out OUT.json [--breaks]
                        [--engine chromium|firefox|webkit] [--widths 200,320] [--keep DIR] [--batch N]

CORPUS.json is what Benchmarks/text_corpus.py writes. SETUP.json names the font files and the CSS
the engine measured with:

  {"fonts": [{"family": "Gazette Sans", "weight": 400, "style": "normal", "file": "/abs/sans-400.ttf"}, …],
  (a font may add "unicodeRange": "U+20-7E,…", for web-font slices)
   "css": "font-family: 'Gazette Sans', 'Gazette Emoji'; font-size: 15px; line-height: 24px; …",
   "runCSS": {"em": "font-style: italic", "strong": "font-weight: 700", "code": "font-family: …"},
   "lang": "ko", "lineHeight": 24, "widths": [200, 272, 320, 336, 480]}

The browser is started by Tests/Tools/browsers.py. One page is served from 127.0.0.1: an
@font-face rule (font-display: block) per font file, one <p lang=…> per paragraph (runs inside
<em>, <strong>, <code>, which first inherit the paragraph's font and then take runCSS), margin and
padding 0. With --forced-breaks PREDICTIONS (what `gazette-bench measure-corpus --margin M`
writes), the explicit breaks the engine asks for are <br>s shown only at their width, as the
site's `<br class="w272">` are. The tool waits until every face has loaded and fails, naming the
file, when one does not (a browser's font sanitizer rejecting it, say), printing
the browser's console log. Then for every width the paragraphs are set to `width: Wpx` and
measured, all in a few scripts per width.

OUT.json is a list, in corpus order and then in the order of the widths:
  {"id": "korean-0001", "width": 200, "height": 168.0, "lines": 7}
with --breaks also "lineTexts": ["…", …] — the source text of each rendered line: each grapheme is
put on the line its Range's client rect lies on, whitespace at a break stays at the end of the line
before, a space collapsed away goes with the text before it (compare lines with whitespace collapsed).

Beside OUT.json, OUT-fonts.json (OUT.json with -fonts before .json) records which fonts the browser
really drew each kind of run with, over all the corpus text of that kind (Chromium: CDP
CSS.getPlatformFontsForNode, with glyph counts; Firefox: InspectorUtils.getUsedFontFaces in a
system-principal sandbox, without counts; WebKitGTK: not available), and lists as "warnings" every
font that is not one of the setup's files — a system fallback.
It also lists every corpus character that no setup font's cmap maps (such a character is drawn by a
system font, or as a missing-glyph box that CDP counts under the first font). Warnings are printed
too; they do not change the exit status.

Exit status: 0 measured, 2 on a setup problem (a font failing to load — unless
--allow-failed-fonts, which makes it a warning: Firefox's sanitizer rejects the CBDT emoji font —,
a missing file).
"""
import argparse
import html
import json
import os
import shutil
import struct
import sys
import unicodedata
import zlib
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tools
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browsers  # noqa: E402
from browsers import ToolError, fail  # noqa: E402

KINDS = ("plain", "em", "strong", "code")
TAGS = {"em": "em", "strong": "strong", "code": "code"}

# The measuring script, installed once in the page. Units are graphemes (Intl.Segmenter) of the
# paragraph's text nodes in DOM order; a unit's line is found from its Range's bounding client
# rect. Lines are monotonic in DOM order, so the line breaks are found by bisection: when the
# first and last unit of a span lie on one line, so does everything between them. Two rects are
# on one line when they overlap vertically by more than half the smaller height (runs of other
# sizes — code at 13.5 px — sit lower on the same line; lines are a line-height apart). A unit
# whose rect is empty (whitespace collapsed away) borrows the rect of the nearest non-empty unit
# before it (after it at the start of a paragraph).
MEASURE_JS = r"""
window.__gz = (function () {
  const seg = new Intl.Segmenter(document.documentElement.lang || 'ko', {granularity: 'grapheme'});
  const paragraphs = Array.from(document.querySelectorAll('#corpus > p'));
  const unitsCache = new Array(paragraphs.length);
  const range = document.createRange();

  function units(i) {
    if (unitsCache[i]) return unitsCache[i];
    const nodes = [], starts = [], ends = [], texts = [];
    const walker = document.createTreeWalker(paragraphs[i], NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      for (const s of seg.segment(node.data)) {
        nodes.push(node); starts.push(s.index); ends.push(s.index + s.segment.length); texts.push(s.segment);
      }
    }
    return (unitsCache[i] = {nodes, starts, ends, texts});
  }

  function measure(i, wantTexts) {
    const p = paragraphs[i];
    const height = p.getBoundingClientRect().height;
    const u = units(i);
    const n = u.texts.length;
    if (n === 0) return {height, lines: 0, lineTexts: wantTexts ? [] : undefined, calls: 0};
    const top = new Float64Array(n).fill(NaN), bottom = new Float64Array(n);
    let calls = 0;
    function raw(k) {
      if (Number.isNaN(top[k])) {
        range.setStart(u.nodes[k], u.starts[k]); range.setEnd(u.nodes[k], u.ends[k]);
        const r = range.getBoundingClientRect(); calls++;
        top[k] = r.top; bottom[k] = r.bottom;
      }
      return bottom[k] - top[k] > 0;
    }
    const resolved = new Int32Array(n).fill(-1);
    function rect(k) {  // index of the unit whose rect stands for unit k
      if (resolved[k] >= 0) return resolved[k];
      let j = k;
      while (j >= 0 && !raw(j)) j--;
      if (j < 0) { j = k; while (j < n && !raw(j)) j++; }
      if (j === n) j = k;  // nothing on the paragraph has a rect
      return (resolved[k] = j);
    }
    function same(a, b) {
      a = rect(a); b = rect(b);
      if (a === b) return true;
      const overlap = Math.min(bottom[a], bottom[b]) - Math.max(top[a], top[b]);
      const h = Math.min(bottom[a] - top[a], bottom[b] - top[b]);
      return overlap > 0.5 * h;
    }
    const breaks = [];
    // Iterative bisection, spans taken in order so that breaks come out sorted.
    const stack = [[0, n - 1]];
    while (stack.length) {
      const [lo, hi] = stack.pop();
      if (hi <= lo || same(lo, hi)) continue;
      if (hi - lo === 1) { breaks.push(hi); continue; }
      const mid = (lo + hi) >> 1;
      stack.push([mid, hi]); stack.push([lo, mid]);
    }
    const out = {height, lines: breaks.length + 1, calls};
    if (wantTexts) {
      const lineTexts = [];
      let start = 0;
      for (const b of breaks.concat([n])) { lineTexts.push(u.texts.slice(start, b).join('')); start = b; }
      out.lineTexts = lineTexts;
    }
    return out;
  }

  return {
    count: paragraphs.length,
    setWidth(w, k) {
      document.body.setAttribute('data-w', String(k));  // shows that width's forced breaks only
      for (const p of paragraphs) p.style.width = w + 'px';
      return document.body.offsetHeight;
    },
    measureBatch(from, to, wantTexts) {
      const out = [];
      for (let i = from; i < to; i++) out.push(measure(i, wantTexts));
      return JSON.stringify(out);
    },
  };
})();
return window.__gz.count;
"""

# Loads every face (a face not used by the page would otherwise stay "unloaded") and reports each
# face's status; resolves only when document.fonts.ready does.
FONTS_JS = r"""
const done = arguments[arguments.length - 1];
const faces = Array.from(document.fonts);
Promise.allSettled(faces.map(f => f.load()))
  .then(() => document.fonts.ready)
  .then(() => done(JSON.stringify(faces.map(f => ({family: f.family, weight: f.weight, style: f.style, status: f.status})))))
  .catch(e => done(JSON.stringify({error: String(e)})));
"""


def css_string(value):
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def font_format(path):
    ext = os.path.splitext(path)[1].lower()
    return {".woff2": "woff2", ".woff": "woff", ".ttf": "truetype", ".otf": "opentype"}.get(ext)


def normalise_weight(w):
    return {"normal": "400", "bold": "700"}.get(str(w), str(w))


def build_page(folder, corpus, setup, widths=(), forced=None):
    """Writes index.html and the font files into FOLDER; returns the faces as
    [(family, weight, style, original file)]. FORCED: {(id, width): [[run, offset], …]} — explicit
    breaks, each a <br> shown only while the paragraphs are that wide (the k-th of WIDTHS)."""
    faces, rules = [], []
    for i, font in enumerate(setup["fonts"]):
        src = font.get("file")
        if not src or not os.path.isfile(src):
            raise ToolError(f"setup font file missing: {src!r} ({font.get('family')} {font.get('weight', 400)})")
        name = f"f{i}-{os.path.basename(src)}"
        shutil.copyfile(src, os.path.join(folder, name))
        family = font["family"]
        weight = normalise_weight(font.get("weight", 400))
        style = font.get("style", "normal")
        fmt = font_format(src)
        unicode_range = f" unicode-range: {font['unicodeRange']};" if font.get("unicodeRange") else ""
        rules.append(
            f"@font-face {{ font-family: {css_string(family)}; src: url({css_string(name)})"
            f"{f' format({css_string(fmt)})' if fmt else ''}; font-weight: {weight}; font-style: {style};"
            f"{unicode_range}"
            f" font-display: block; }}")
        faces.append((family, weight, style, src))
    run_css = setup.get("runCSS", {})
    lang = setup.get("lang", "ko")
    style = "\n".join(rules) + f"""
html, body {{ margin: 0; padding: 0; }}
#corpus > p, #fontcheck > p {{ margin: 0; padding: 0; border: 0; {setup["css"]} }}
#corpus em, #corpus strong, #corpus code, #fontcheck em, #fontcheck strong, #fontcheck code {{
  font: inherit; letter-spacing: inherit; word-spacing: inherit; margin: 0; padding: 0; border: 0; background: none; }}
""" + "\n".join(f"#corpus {TAGS[k]}, #fontcheck {TAGS[k]} {{ {run_css[k]} }}" for k in TAGS if run_css.get(k))
    if forced:
        style += "\nbr.fb { display: none; }\n" + "\n".join(
            f'body[data-w="{k}"] br.w{k} {{ display: inline; }}' for k in range(len(widths)))
    index = {float(w): k for k, w in enumerate(widths)}

    def render(runs, pid=None):
        # Offsets (Unicode scalars, Python's str indexes) where a width's forced break goes.
        cuts = {}
        for (fid, width), breaks in (forced or {}).items():
            if fid != pid or width not in index:
                continue
            for run_index, offset in breaks:
                cuts.setdefault(run_index, {}).setdefault(offset, set()).add(index[width])
        parts = []
        for ri, run in enumerate(runs):
            raw, pieces, last = run["text"], [], 0
            for offset in sorted(cuts.get(ri, {})):
                classes = " ".join(f"w{k}" for k in sorted(cuts[ri][offset]))
                pieces.append(html.escape(raw[last:offset], quote=False) + f'<br class="fb {classes}">')
                last = offset
            pieces.append(html.escape(raw[last:], quote=False))
            text = "".join(pieces)
            kind = run.get("kind", "plain")
            if kind == "plain":
                parts.append(text)
            elif kind in TAGS:
                parts.append(f"<{TAGS[kind]}>{text}</{TAGS[kind]}>")
            else:
                raise ToolError(f"unknown run kind {kind!r} in the corpus")
        return "".join(parts)

    body = [f'<p lang="{html.escape(lang)}">{render(p["runs"], p["id"])}</p>' for p in corpus]
    # The font check: all the corpus text of each kind in one element, wide, out of the way.
    by_kind = {k: [] for k in KINDS}
    for p in corpus:
        for run in p["runs"]:
            by_kind[run.get("kind", "plain")].append(run["text"])
    check = []
    for k in KINDS:
        text = html.escape(" ".join(by_kind[k]), quote=False)
        inner = text if k == "plain" else f"<{TAGS[k]}>{text}</{TAGS[k]}>"
        check.append(f'<p lang="{html.escape(lang)}" id="fontcheck-{k}">{inner}</p>')
    page = (f'<!doctype html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f"<title>text layout</title>\n<style>\n{style}\n</style></head><body>\n"
            '<div id="corpus">\n' + "\n".join(body) + "\n</div>\n"
            '<div id="fontcheck" style="position:absolute; left:0; top:0; width:100000px; visibility:hidden">\n'
            + "\n".join(check) + "\n</div>\n</body></html>\n")
    with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as f:
        f.write(page)
    with open(os.path.join(folder, "404.html"), "w", encoding="utf-8") as f:
        f.write("<!doctype html><title>missing</title>")
    return faces


def wait_for_fonts(browser, faces, allow_failed=False):
    """Waits for every face; a face that did not load is an error, or with ALLOW_FAILED a warning
    (returned) — the browser then draws those characters with a system font."""
    result = json.loads(browser.execute_async(FONTS_JS))
    if isinstance(result, dict):
        raise ToolError(f"waiting for fonts failed: {result['error']}")
    by_key = {(f, w, s): src for f, w, s, src in faces}
    bad = []
    for face in result:
        if face["status"] != "loaded":
            key = (face["family"].strip('"'), normalise_weight(face["weight"]), face["style"])
            bad.append(f"{by_key.get(key, '?')} ({face['family']} {face['weight']} {face['style']}): {face['status']}")
    if len(result) != len(faces):
        bad.append(f"the page has {len(result)} font faces, the setup {len(faces)}")
    if bad and allow_failed:
        return [f"font did not load in {browser.version}: {b}" for b in bad]
    if bad:
        log = browser.console()
        raise ToolError(f"fonts did not load in {browser.version}:\n  " + "\n  ".join(bad)
                        + ("\nconsole:\n  " + "\n  ".join(log) if log else "")
                        + "\n(--allow-failed-fonts measures anyway, with the system's fallback)")
    return []


def platform_fonts(browser, faces):
    """Which fonts drew each kind of run; warnings for fonts that are not setup files. Returns
    ({kind: [{familyName, postScriptName, isCustomFont, glyphCount}]}, warnings), or (None, []) where
    the engine cannot tell."""
    if browser.engine == "chromium":
        return chromium_fonts(browser)
    if browser.engine == "firefox":
        return firefox_fonts(browser)
    return None, []


def chromium_fonts(browser):
    browser.cdp("DOM.enable")
    browser.cdp("CSS.enable")
    root = browser.cdp("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    report, warnings = {}, []
    for kind in KINDS:
        selector = f"#fontcheck-{kind}" + ("" if kind == "plain" else f" > {TAGS[kind]}")
        node = browser.cdp("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        if not node:
            continue
        fonts = browser.cdp("CSS.getPlatformFontsForNode", {"nodeId": node}).get("fonts", [])
        report[kind] = fonts
        for font in fonts:
            if not font.get("isCustomFont"):
                warnings.append(f"{kind} text drew {font.get('glyphCount')} glyphs with system font "
                                f"{font.get('familyName')} ({font.get('postScriptName')}), not a setup font")
    return report, warnings


# Firefox: the faces a range of text was drawn with (chrome-only InspectorUtils, so the script runs
# in a system-principal sandbox; the font check is made visible for it meanwhile). A face with a URI is a web font; fromSystemFallback marks a font
# the page did not name.
FIREFOX_FONTS_JS = """
const out = {};
const check = document.getElementById('fontcheck');
check.style.visibility = 'visible';  // InspectorUtils reports no faces for hidden text
for (const kind of arguments[0]) {
  const sel = '#fontcheck-' + kind + (kind === 'plain' ? '' : ' > ' + arguments[1][kind]);
  const el = document.querySelector(sel);
  if (!el) continue;
  const range = document.createRange();
  range.selectNodeContents(el);
  out[kind] = InspectorUtils.getUsedFontFaces(range, 1000).map(f => ({
    familyName: f.CSSFamilyName, postScriptName: f.name, isCustomFont: !!f.URI, uri: f.URI || null,
    fromSystemFallback: f.fromSystemFallback, glyphCount: null}));
}
check.style.visibility = 'hidden';
return out;
"""


def firefox_fonts(browser):
    report = browser.driver.execute_script(FIREFOX_FONTS_JS, script_args=[list(KINDS), TAGS],
                                           sandbox="system", new_sandbox=False)
    warnings = []
    for kind, fonts in report.items():
        for font in fonts:
            if not font.get("isCustomFont"):
                warnings.append(f"{kind} text drew glyphs with system font {font.get('familyName')} "
                                f"({font.get('postScriptName')}{', system fallback' if font.get('fromSystemFallback') else ''}), "
                                "not a setup font")
    return report, warnings


def sfnt_tables(data):
    """{tag: bytes} of an sfnt (TrueType/OpenType, the first font of a collection) or WOFF file;
    None for formats the standard library cannot read (WOFF2 needs Brotli)."""
    magic = data[:4]
    if magic == b"ttcf":
        (offset,) = struct.unpack_from(">I", data, 12)
        data, magic = data, data[offset:offset + 4]
        base = offset
    else:
        base = 0
    if magic == b"wOFF":
        (count,) = struct.unpack_from(">H", data, 12)
        tables = {}
        for i in range(count):
            tag, off, comp, orig, _ = struct.unpack_from(">4sIIII", data, 44 + 20 * i)
            raw = data[off:off + comp]
            tables[tag.decode("latin-1")] = zlib.decompress(raw) if comp < orig else raw
        return tables
    if magic in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        (count,) = struct.unpack_from(">H", data, base + 4)
        tables = {}
        for i in range(count):
            tag, _, off, length = struct.unpack_from(">4sIII", data, base + 12 + 16 * i)
            tables[tag.decode("latin-1")] = data[off:off + length]
        return tables
    return None


def cmap_coverage(path):
    """The code points FILE's cmap maps to a glyph other than .notdef, or None if unreadable."""
    with open(path, "rb") as f:
        tables = sfnt_tables(f.read())
    if not tables or "cmap" not in tables:
        return None
    cmap = tables["cmap"]
    (count,) = struct.unpack_from(">H", cmap, 2)
    subtables = {}
    for i in range(count):
        platform, encoding, off = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", cmap, off)
        subtables.setdefault(fmt, []).append((platform, encoding, off))
    covered = set()
    for platform, encoding, off in subtables.get(12, []):
        (groups,) = struct.unpack_from(">I", cmap, off + 12)
        for g in range(groups):
            start, end, glyph = struct.unpack_from(">III", cmap, off + 16 + 12 * g)
            covered.update(c for c in range(start, end + 1) if glyph + (c - start))
    for platform, encoding, off in subtables.get(4, []):
        (seg2,) = struct.unpack_from(">H", cmap, off + 6)
        n = seg2 // 2
        ends = struct.unpack_from(f">{n}H", cmap, off + 14)
        starts = struct.unpack_from(f">{n}H", cmap, off + 16 + seg2)
        deltas = struct.unpack_from(f">{n}h", cmap, off + 16 + 2 * seg2)
        range_offsets_at = off + 16 + 3 * seg2
        range_offsets = struct.unpack_from(f">{n}H", cmap, range_offsets_at)
        for i in range(n):
            for c in range(starts[i], ends[i] + 1):
                if c == 0xFFFF:
                    continue
                if range_offsets[i] == 0:
                    glyph = (c + deltas[i]) & 0xFFFF
                else:
                    at = range_offsets_at + 2 * i + range_offsets[i] + 2 * (c - starts[i])
                    if at + 2 > len(cmap):
                        continue
                    (glyph,) = struct.unpack_from(">H", cmap, at)
                    if glyph:
                        glyph = (glyph + deltas[i]) & 0xFFFF
                if glyph:
                    covered.add(c)
    return covered


# Characters that draw no glyph of their own: joiners, variation selectors, tags, the keycap mark
# is drawn but only inside an emoji cluster, so it is left to the platform-font check.
INVISIBLE = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x20E3} | set(range(0xFE00, 0xFE10)) | set(range(0xE0020, 0xE0080))


def uncovered_characters(corpus, faces):
    """Characters of the corpus that no setup font maps — Chromium draws them with a system font
    or as a missing-glyph box (which getPlatformFontsForNode counts under the first font). Returns
    (warnings, note)."""
    coverage, unreadable = set(), []
    for _, _, _, src in faces:
        cov = cmap_coverage(src)
        if cov is None:
            unreadable.append(os.path.basename(src))
        else:
            coverage |= cov
    counts = {}
    for p in corpus:
        for run in p["runs"]:
            for ch in run["text"]:
                c = ord(ch)
                if ch.isspace() or c in INVISIBLE or unicodedata.category(ch) == "Cc" or c in coverage:
                    continue
                counts[ch] = counts.get(ch, 0) + 1
    warnings = [f"U+{ord(ch):04X} {ch!r} ({unicodedata.name(ch, '?')}) ×{n} is in no setup font"
                for ch, n in sorted(counts.items())]
    note = f"cmap of {', '.join(unreadable)} not read (WOFF2)" if unreadable else None
    return warnings, note


def main():
    parser = argparse.ArgumentParser(description="Measure corpus paragraphs in a browser.")
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--setup", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--breaks", action="store_true", help="also write the text of each line")
    parser.add_argument("--engine", choices=browsers.ENGINES, default="chromium", help="the browser (default chromium)")
    parser.add_argument("--forced-breaks", metavar="PREDICTIONS",
                        help="carry the explicit line breaks the engine's predictions ask for (measure-corpus --margin)")
    parser.add_argument("--allow-failed-fonts", action="store_true",
                        help="measure even when a setup font does not load (a warning instead of exit 2)")
    parser.add_argument("--widths", help="comma-separated widths instead of the setup's")
    parser.add_argument("--keep", help="write the page into this folder and keep it (for debugging)")
    parser.add_argument("--batch", type=int, default=200, help="paragraphs per script call (default 200)")
    args = parser.parse_args()

    try:
        with open(args.corpus, encoding="utf-8") as f:
            corpus = json.load(f)["paragraphs"]
        with open(args.setup, encoding="utf-8") as f:
            setup = json.load(f)
    except (OSError, ValueError, KeyError) as e:
        fail(f"cannot read the corpus or setup: {e}")
    widths = [float(w) if "." in str(w) else int(w) for w in
              (args.widths.split(",") if args.widths else setup.get("widths", []))]
    if not widths:
        fail("no widths: give --widths or \"widths\" in the setup")
    for key in ("fonts", "css"):
        if key not in setup:
            fail(f"the setup has no {key!r}")
    forced = {}
    if args.forced_breaks:
        try:
            with open(args.forced_breaks, encoding="utf-8") as f:
                for e in json.load(f):
                    if e.get("forcedBreaks"):
                        forced[(e["id"], float(e["width"]))] = e["forcedBreaks"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            fail(f"cannot read the forced breaks in {args.forced_breaks}: {e}")

    started = time.monotonic()
    folder = args.keep or tempfile.mkdtemp(prefix="gazette-text-")
    os.makedirs(folder, exist_ok=True)
    try:
        faces = build_page(folder, corpus, setup, widths, forced)
        with browsers.StaticServer(folder) as server:
            browser = browsers.start(args.engine, width=1280, height=900)
            try:
                version = browser.version
                browser.load(server.base)
                failed = wait_for_fonts(browser, faces, args.allow_failed_fonts)
                loaded = time.monotonic()
                fonts_used, warnings = platform_fonts(browser, faces)
                warnings = failed + warnings
                missing, coverage_note = uncovered_characters(corpus, faces)
                warnings += missing
                count = browser.execute(MEASURE_JS)
                if count != len(corpus):
                    raise ToolError(f"the page has {count} paragraphs, the corpus {len(corpus)}")
                results = [[None] * len(widths) for _ in corpus]
                calls = 0
                for wi, width in enumerate(widths):
                    browser.execute(f"return window.__gz.setWidth({json.dumps(width)}, {wi});")
                    for start in range(0, len(corpus), args.batch):
                        end = min(len(corpus), start + args.batch)
                        batch = json.loads(browser.execute(
                            f"return window.__gz.measureBatch({start}, {end}, {'true' if args.breaks else 'false'});"))
                        for k, m in enumerate(batch):
                            calls += m["calls"]
                            entry = {"id": corpus[start + k]["id"], "width": width,
                                     "height": m["height"], "lines": m["lines"]}
                            if args.breaks:
                                entry["lineTexts"] = m["lineTexts"]
                            results[start + k][wi] = entry
                console = browser.console()
            finally:
                browser.quit()
    except ToolError as e:
        fail(str(e))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)

    layouts = [entry for row in results for entry in row]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(e, ensure_ascii=False) for e in layouts) + "\n]\n")
    fonts_path = (args.out[:-5] if args.out.endswith(".json") else args.out) + "-fonts.json"
    with open(fonts_path, "w", encoding="utf-8") as f:
        json.dump({"engine": args.engine, "browser": version,
                   **({"chromium": version} if args.engine == "chromium" else {}),
                   "faces": [{"family": fam, "weight": w, "style": s, "file": src} for fam, w, s, src in faces],
                   "platformFonts": fonts_used, "warnings": warnings, "coverageNote": coverage_note,
                   "console": [line for line in console if "favicon.ico" not in line]},
                  f, ensure_ascii=False, indent=1)
        f.write("\n")
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    elapsed = time.monotonic() - started
    print(f"{args.out}: {version}, {len(layouts)} layouts ({len(corpus)} paragraphs × {len(widths)} widths), "
          f"{calls} range rects, {elapsed:.1f} s ({time.monotonic() - loaded:.1f} s measuring); "
          f"fonts: {fonts_path}, {len(warnings)} warnings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
