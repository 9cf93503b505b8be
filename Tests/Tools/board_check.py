#!/usr/bin/env python3
"""Checks every masonry board of a built site in Chromium, Firefox or WebKitGTK, in a reader's
scenario, and optionally that no page scrolls sideways.

usage: board_check.py --site DIR [--prefix /] [--widths 768,1280,1600|none] [--json OUT]
           [--engine chromium|firefox|webkit] [--scripts on|off] [--block-fonts]
           [--fontconfig FILE] [--text-scale PCT] [--expect exact|heal]
           [--no-sideways-scroll 320,360,390] [--page RELPATH]... [--settle-timeout S] [--quiet]

The browser is started by Tests/Tools/browsers.py (read it for how each engine is driven); DIR is
served on 127.0.0.1 under PREFIX by its StaticServer. Every HTML file under DIR with an element of
class `board` holding at least one `card` is checked (files are parsed, not crawled; --page limits
the check to the given files). The scenario, verified before any page is checked (exit 2 if it
did not take effect):

- --scripts off (default): every response carries `Content-Security-Policy: script-src 'none'`;
  a probe page proves that page scripts do not run while this tool's own scripts do. --scripts on:
  the probe's scripts must run.
- --block-fonts: the server answers 404 for *.woff2, *.woff, *.ttf and *.otf and sends
  `Content-Security-Policy: font-src 'none'`, which refuses a page's own inline font too (every
  engine alike; the fonts-blocked comparison of exact runs is served from a second port, another origin, since
  Firefox and WebKit keep a URL's font in memory whatever the cache headers say).
- --fontconfig FILE: the browser runs with FONTCONFIG_FILE=FILE; a probe must measure `sans-serif`
  as DejaVu Sans and find no NanumGothic (the file is meant to load only DejaVu: see
  browsers.write_dejavu_fontconfig; `--fontconfig dejavu` writes such a file itself).
- --text-scale PCT (Firefox): `ui.textScaleFactor` = PCT, `browser.display.os-zoom-behavior` = 2;
  a 10 px probe paragraph must compute to PCT/10 px.

For each page and viewport width W (window.innerWidth and documentElement.clientWidth made exactly
W, no classic scrollbar, device scale 1), after the fonts have loaded — and with --scripts on after
the page's heal script has checked the boards: the page's <html> must carry `data-board-pass`
after load, and its value must change after every viewport change (a timeout is an error naming
page and width) — all in one script per page and width:

- every `.board` and its `.card`s in DOM order (cards whose nearest board it is). A card whose
  computed position is static is *fluid* (the one-column stack below the two-column breakpoint):
  it must be as wide as the board's content box (±0.5 px) and gets no prediction check. Any other
  card's `data-h="W:H,W:H…"` gives its predicted height H for each card width W; its rendered
  width must be one of the Ws (±0.05 px).
- natural height: a clone of the card appended to the board with position:absolute;
  visibility:hidden; height:auto; width: the rendered width. |H − natural| is the prediction error.
- overlap: two cards whose rects intersect by more than 0.5 px on both axes.
- clipping: a card whose content overflows it (scrollHeight > clientHeight + 0.5, or content —
  the client rects of the text and elements inside it, except what a descendant with overflow
  other than visible clips itself, as a line-clamped excerpt does — reaching below its bottom
  border), or a card reaching below the board's bottom border.
- placement: columns are the distinct card left edges (clustered within 0.5 px), the gutter the
  horizontal gap between adjacent columns (with one column: the most common gap between a card's
  natural bottom and the next card's top). Replaying the cards in DOM order (newest first) on
  their natural heights, each goes to the column whose next top is highest, the leftmost within
  0.5 px; its column and top (±1 px) must be where the card really is.
- healed: a board carrying `data-healed` (set by the heal script when it re-packed it) is counted.
- layout shift (Chromium): a `layout-shift` PerformanceObserver (buffered) registered in every
  document before its own scripts (CDP Page.addScriptToEvaluateOnNewDocument); the sum of the
  values of shifts without recent input (a viewport change counts as input) is reported per page.
  Shifts before the web fonts are in (document.fonts.ready + 100 ms) are reported apart as font
  swap: a font that arrives after the first layout moves text outside the boards, which is not
  the board's doing (its own moves are the healed boards, counted above).

--expect exact (default) — Chromium's and Firefox's contract: at least 99 % of each board's
predicted cards and 99.5 % of all of them within 1 px, no card off by a line (≥ 10 px), every card
width in data-h, 0 overlaps, 0 clipped, 0 placement errors, no font failing to load (unless
blocked); with scripts off, every page is loaded a second time with the fonts blocked and no card
may move within its board (≤ 0.01 px); with scripts on, layout shift 0 and no board healed.
--expect heal — the contract where predictions cannot hold (other rasterizers, larger text,
missing fonts): 0 clipped, 0 overlaps, 0 placement errors; predictions, font errors, healed boards
and layout shift are reported, not enforced.

--no-sideways-scroll WIDTHS: every HTML page under DIR (all of them: a check costs about 0.1 s per
page and width; --page limits it) is loaded in the same scenario and, at each width, documentElement.scrollWidth
must be ≤ clientWidth (+0.5) and no element or text may reach beyond the viewport's right edge
(content of an element that clips or scrolls horizontally is that element's business: only the
element is looked at). A violation names page, width and the element reaching furthest.
With --widths none only this pass runs.

Prints one line per page and width (cards, fluid, share within 1 px, max error, overlaps, clipped,
placement errors, moved, healed boards, layout shift) and a total, then every violation. Exit
status 1 on any violation, 2 when the check itself cannot run.

--json OUT writes {"site", "prefix", "engine", "browser", "scenario", "widths", "pages": [{"page",
"url", "widths": [{"width", "innerWidth", "clientWidth", "fontErrors", "boardPass", "layoutShift",
"boards": [{"index", "id", "rect", "columns", "gutter", "healed", "cards": [{"index", "label",
"rect", "position", "fluid", "dataH", "predicted", "natural", "error", "contentBottom",
"scrollHeight", "clientHeight", "column", "expectedColumn", "expectedTop", "blockedRect"}]}]}]}],
"sideways": [{"page", "width", "scrollWidth", "clientWidth", "widest"}], "totals", "violations"}
— rects are {left, top, width, height} in document CSS px.
"""
import argparse
import html.parser
import json
import os
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tools
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browsers  # noqa: E402
from browsers import ToolError, fail  # noqa: E402

WIDTH_TOLERANCE = 0.05     # rendered card width against a W of data-h
FLUID_WIDTH = 0.5          # a fluid card against the board's content width
WITHIN = 1.0               # a prediction "within 1 px"
LINE = 10.0                # an error this large is "off by a line"
MIN_BOARD_SHARE = 99.0     # % of a board's predicted cards that must be within 1 px (exact)
MIN_TOTAL_SHARE = 99.5     # % of all predicted cards that must be within 1 px (exact)
OVERLAP = 0.5
CLIP = 0.5
COLUMN_CLUSTER = 0.5
TIE = 0.5
PLACEMENT = 1.0
MOVED = 0.01
SIDEWAYS = 0.5
HEIGHT = 900

# One call per page and width: waits for layout and fonts, then reads everything. Rects are in
# document coordinates. Clones for the natural heights are appended after the real cards were
# read, all at once (one layout), and removed before returning.
MEASURE_JS = r"""
const done = arguments[arguments.length - 1];
const wantNatural = arguments[0];
document.body && document.body.offsetHeight;
document.fonts.ready.then(() => {
  const sx = window.scrollX, sy = window.scrollY;
  const rect = r => ({left: r.left + sx, top: r.top + sy, width: r.width, height: r.height});
  const px = v => parseFloat(v) || 0;
  const root = document.documentElement;
  const out = {innerWidth: window.innerWidth, clientWidth: root.clientWidth,
               boardPass: root.getAttribute('data-board-pass'), fontErrors: [], fontsLoaded: [], boards: []};
  // Iterators, not document.fonts.forEach: a callback from the browser's own code into a script
  // may be refused where page scripts are off.
  for (const f of document.fonts) {
    const name = f.family + ' ' + f.weight + ' ' + f.style;
    if (f.status === 'error') out.fontErrors.push(name);
    if (f.status === 'loaded') out.fontsLoaded.push(name);
  }
  const range = document.createRange();
  // The lowest visible content of a card: text and element boxes, but nothing a descendant clips
  // itself (overflow other than visible — a line-clamped excerpt hides its extra lines that way):
  // such a descendant counts with its own box, and what it holds is not looked at.
  function bottomOf(card) {
    let bottom = null;
    const take = q => { if ((q.width > 0 || q.height > 0) && (bottom === null || q.bottom > bottom)) bottom = q.bottom; };
    const visit = node => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === Node.TEXT_NODE) {
          range.selectNodeContents(child);
          for (const q of range.getClientRects()) take(q);
        } else if (child.nodeType === Node.ELEMENT_NODE) {
          const cs = getComputedStyle(child);
          if (cs.display === 'none') continue;
          for (const q of child.getClientRects()) take(q);
          if (cs.overflowX === 'visible' && cs.overflowY === 'visible') visit(child);
        }
      }
    };
    visit(card);
    return bottom;
  }
  const boards = Array.from(document.querySelectorAll('.board'));
  const pending = [];
  boards.forEach((board, bi) => {
    const br = board.getBoundingClientRect();
    const bs = getComputedStyle(board);
    const b = {index: bi, id: board.id || null, rect: rect(br), healed: board.getAttribute('data-healed'),
               contentTop: br.top + sy + px(bs.borderTopWidth) + px(bs.paddingTop),
               contentWidth: board.clientWidth - px(bs.paddingLeft) - px(bs.paddingRight),
               innerBottom: br.bottom + sy - px(bs.borderBottomWidth), cards: []};
    const cards = Array.from(board.querySelectorAll('.card')).filter(c => c.parentElement.closest('.board') === board);
    cards.forEach((card, ci) => {
      const r = card.getBoundingClientRect();
      const cs = getComputedStyle(card);
      const contentBottom = bottomOf(card);
      const heading = card.querySelector('h1,h2,h3,h4,a');
      const label = card.id ? '#' + card.id : (heading ? heading.textContent : card.textContent).trim().replace(/\s+/g, ' ').slice(0, 60);
      const c = {index: ci, label, rect: rect(r), position: cs.position, dataH: card.getAttribute('data-h'),
                 contentBottom: contentBottom === null ? null : contentBottom + sy,
                 innerBottom: r.bottom + sy - px(cs.borderBottomWidth),
                 scrollHeight: card.scrollHeight, clientHeight: card.clientHeight,
                 hidden: r.width === 0 && r.height === 0, natural: null};
      b.cards.push(c);
      if (wantNatural && !c.hidden) pending.push([board, card, c, r.width]);
    });
    out.boards.push(b);
  });
  const clones = pending.map(([board, card, c, w]) => {
    const k = card.cloneNode(true);
    k.removeAttribute('id');
    const set = (p, v) => k.style.setProperty(p, v, 'important');
    set('position', 'absolute'); set('visibility', 'hidden'); set('top', '0'); set('left', '0');
    set('right', 'auto'); set('bottom', 'auto'); set('height', 'auto'); set('min-height', '0');
    set('max-height', 'none'); set('box-sizing', 'border-box'); set('width', w + 'px');
    set('margin', '0'); set('transform', 'none');
    board.appendChild(k);
    return k;
  });
  clones.forEach((k, i) => { pending[i][2].natural = k.getBoundingClientRect().height; });
  clones.forEach(k => k.remove());
  done(JSON.stringify(out));
}).catch(e => done(JSON.stringify({error: String(e)})));
"""

# Registered in every new document before its own scripts (Chromium): sums layout-shift entries.
# Shifts until the web fonts are in (document.fonts.ready, plus 100 ms for the frame that lays
# the text out again) are counted apart, in `fontSwap`: on a loaded machine a preloaded font can
# still arrive after the first layout, and text outside the boards (headings, the fluid stack)
# moves then. That is the fonts' doing, not the board's; the board's own moves are the healed
# boards, enforced on their own.
LAYOUT_SHIFT_INIT_JS = r"""
(() => {
  const s = window.__gazetteLayoutShift = {sum: 0, withInput: 0, fontSwap: 0, count: 0, shifts: [], error: null, fontsAt: null};
  if (document.fonts) document.fonts.ready.then(() => { s.fontsAt = performance.now(); });
  const take = list => {
    for (const e of list) {
      s.count++;
      if (e.hadRecentInput) { s.withInput += e.value; continue; }
      if (s.fontsAt === null || e.startTime <= s.fontsAt + 100) { s.fontSwap += e.value; continue; }
      s.sum += e.value;
      if (s.shifts.length < 8) s.shifts.push({value: e.value, time: Math.round(e.startTime),
        sources: (e.sources || []).slice(0, 4).map(x => x.node && x.node.nodeType === 1
          ? (x.node.tagName.toLowerCase() + (x.node.className ? '.' + String(x.node.className).trim().split(/\s+/).join('.') : ''))
          : String(x.node && x.node.nodeName))});
    }
  };
  try {
    s.observer = new PerformanceObserver(list => take(list.getEntries()));
    s.observer.observe({type: 'layout-shift', buffered: true});
    s.flush = () => take(s.observer.takeRecords());
  } catch (e) { s.error = String(e); }
})();
"""

LAYOUT_SHIFT_READ_JS = r"""
const s = window.__gazetteLayoutShift;
if (!s) return null;
if (s.flush) s.flush();
return {sum: s.sum, withInput: s.withInput, fontSwap: s.fontSwap, count: s.count, shifts: s.shifts, error: s.error};
"""

# The heal script's pass counter (null without one) and whether the page has a board.
PASS_JS = "return [document.readyState, document.documentElement.getAttribute('data-board-pass'), !!document.querySelector('.board')];"

# Two animation frames and a moment: lets a resize event be handled before the pass is read.
FRAMES_JS = r"""
const done = arguments[arguments.length - 1];
let called = false;
const finish = () => { if (!called) { called = true; done(document.documentElement.getAttribute('data-board-pass')); } };
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, 30)));
setTimeout(finish, 500);  // a window that draws no frames (hidden) still answers
"""

# No sideways scroll: the document's scroll width, and everything reaching beyond the viewport's
# right edge that is not inside an element clipping or scrolling horizontally (that element is
# looked at instead). Returns the furthest few.
SIDEWAYS_JS = r"""
const done = arguments[arguments.length - 1];
const slack = arguments[0];
document.body && document.body.offsetHeight;
document.fonts.ready.then(() => {
  const root = document.documentElement;
  const vw = root.clientWidth, sx = window.scrollX;
  const range = document.createRange();
  const found = [];
  const name = el => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      let s = e.tagName.toLowerCase();
      if (e.id) { s += '#' + e.id; parts.unshift(s); break; }
      const cls = (e.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
      if (cls.length) s += '.' + cls.join('.');
      parts.unshift(s);
    }
    return parts.join(' > ');
  };
  const visit = el => {
    const cs = getComputedStyle(el);
    if (cs.display === 'none') return;
    const r = el.getBoundingClientRect();
    if ((r.width > 0 || r.height > 0) && r.right + sx > vw + slack) {
      found.push({element: name(el), right: r.right + sx, width: r.width, text: false});
    }
    if (cs.overflowX !== 'visible') return;  // it clips or scrolls what it holds
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === Node.ELEMENT_NODE) visit(child);
      else if (child.nodeType === Node.TEXT_NODE && child.data.trim()) {
        range.selectNodeContents(child);
        const q = range.getBoundingClientRect();
        if (q.width > 0 && q.right + sx > vw + slack)
          found.push({element: name(el) + ' (text "' + child.data.trim().slice(0, 40) + '")', right: q.right + sx, width: q.width, text: true});
      }
    }
  };
  if (document.body) visit(document.body);
  found.sort((a, b) => b.right - a.right);
  done(JSON.stringify({innerWidth: window.innerWidth, clientWidth: vw, scrollWidth: root.scrollWidth,
                       beyond: found.length, widest: found.slice(0, 5)}));
}).catch(e => done(JSON.stringify({error: String(e)})));
"""


class BoardFinder(html.parser.HTMLParser):
    """Counts elements with class board, and card elements inside one."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.boards = self.cards = 0
        self.stack = []  # (tag, is_board)

    def handle_starttag(self, tag, attrs):
        classes = set()
        for name, value in attrs:
            if name == "class" and value:
                classes.update(value.split())
        is_board = "board" in classes
        if is_board:
            self.boards += 1
        if "card" in classes and any(b for _, b in self.stack):
            self.cards += 1
        if tag not in self.VOID:
            self.stack.append((tag, is_board))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break


def find_pages(site, only):
    pages, empty = [], []
    if only:
        candidates = [p.strip("/") for p in only]
    else:
        candidates = []
        for folder, dirs, files in os.walk(site):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".html", ".htm")):
                    candidates.append(os.path.relpath(os.path.join(folder, name), site).replace(os.sep, "/"))
    for rel in candidates:
        path = os.path.join(site, rel)
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError as e:
            raise ToolError(f"cannot read {path}: {e}") from e
        if "board" not in text:
            continue
        finder = BoardFinder()
        finder.feed(text)
        finder.close()
        if finder.boards and finder.cards:
            pages.append(rel)
        elif finder.boards:
            empty.append(rel)
    return pages, empty


def maxnone(a, b):
    return b if a is None else a if b is None else max(a, b)


def fmt_px(v):
    return "— (no prediction)" if v is None else f"{v:.2f} px"


def parse_data_h(value):
    """{W: H} from 'W:H,W:H'; raises ValueError on a malformed attribute."""
    table = {}
    for part in value.split(","):
        part = part.strip()
        if not part:
            continue
        w, h = part.split(":")
        table[float(w)] = float(h)
    if not table:
        raise ValueError("empty")
    return table


def overlap(a, b):
    ox = min(a["left"] + a["width"], b["left"] + b["width"]) - max(a["left"], b["left"])
    oy = min(a["top"] + a["height"], b["top"] + b["height"]) - max(a["top"], b["top"])
    return ox, oy


def columns_of(cards):
    """(column index per card, or None for a card on no column; number of columns; gutter; notes).

    Left edges are clustered within 0.5 px. With several clusters the gutter is the most common
    gap between adjacent clusters (card width = the most common rendered width), and the columns
    are the grid origin + k × (width + gutter) that holds the most cards — so one misplaced card
    is reported alone instead of shifting every column after it."""
    lefts = sorted(c["rect"]["left"] for c in cards)
    clusters = []
    for x in lefts:
        if not clusters or x - clusters[-1][-1] > COLUMN_CLUSTER:
            clusters.append([x])
        else:
            clusters[-1].append(x)
    edges = [cl[0] for cl in clusters]
    if len(edges) == 1:
        return [0] * len(cards), 1, None, []
    widths = {}
    for c in cards:
        key = round(c["rect"]["width"], 2)
        widths[key] = widths.get(key, 0) + 1
    width = max(sorted(widths), key=lambda k: widths[k])
    gaps = [edges[k + 1] - edges[k] - width for k in range(len(edges) - 1)]
    tally = {}
    for g in gaps:
        if g >= -COLUMN_CLUSTER:
            key = round(g, 1)
            tally[key] = tally.get(key, 0) + 1
    gutter = max(sorted(tally), key=lambda k: tally[k]) if tally else gaps[0]
    pitch = width + gutter
    notes = []
    if max(gaps) - min(gaps) > COLUMN_CLUSTER:
        notes.append(f"the gaps between card left edges differ ({', '.join(f'{g:.2f}' for g in gaps)} px); "
                     f"columns taken {pitch:.2f} px apart")

    def on_grid(origin, x):
        k = round((x - origin) / pitch) if pitch > 0 else 0
        return k if k >= 0 and abs(x - (origin + k * pitch)) <= COLUMN_CLUSTER else None

    best_origin, best_count = edges[0], -1
    for origin in edges:
        count = sum(1 for c in cards if on_grid(origin, c["rect"]["left"]) is not None)
        if count > best_count:
            best_origin, best_count = origin, count
    index = [on_grid(best_origin, c["rect"]["left"]) for c in cards]
    columns = max(k for k in index if k is not None) + 1
    return index, columns, gutter, notes


def check_board(board, where, exact, violations):
    """Fills in per-card figures and appends violations; returns the board's counts."""
    cards = [c for c in board["cards"] if not c["hidden"]]
    counts = {"cards": len(cards), "fluid": 0, "measured": 0, "within": 0, "maxError": None, "overlaps": 0,
              "clipped": 0, "placement": 0, "offLine": 0, "widthMisses": 0, "healed": 1 if board["healed"] else 0}
    name = f"{where} board {board['index'] + 1}" + (f" #{board['id']}" if board["id"] else "")
    predictions = violations if exact else []  # heal: predictions are reported, not enforced

    def card_name(c):
        return f"card {c['index'] + 1} ({c['label']})"

    # Predictions (fluid cards: only their width).
    for c in cards:
        c["predicted"] = c["error"] = None
        w = c["rect"]["width"]
        c["fluid"] = c["position"] == "static"
        if c["fluid"]:
            counts["fluid"] += 1
            if abs(w - board["contentWidth"]) > FLUID_WIDTH:
                violations.append(f"{name}: fluid {card_name(c)} is {w:g} px wide, the board's content box "
                                  f"{board['contentWidth']:g} px")
            continue
        if c["dataH"] is None:
            counts["widthMisses"] += 1
            predictions.append(f"{name}: {card_name(c)} has no data-h")
            continue
        try:
            table = parse_data_h(c["dataH"])
        except ValueError:
            counts["widthMisses"] += 1
            predictions.append(f"{name}: {card_name(c)} has a malformed data-h={c['dataH']!r}")
            continue
        match = [k for k in table if abs(k - w) <= WIDTH_TOLERANCE]
        if not match:
            counts["widthMisses"] += 1
            predictions.append(f"{name}: {card_name(c)} is {w:g} px wide, not one of data-h's widths "
                               f"({', '.join(f'{k:g}' for k in sorted(table))})")
            continue
        c["predicted"] = table[match[0]]
        c["error"] = abs(c["predicted"] - c["natural"])
        counts["measured"] += 1
        counts["maxError"] = c["error"] if counts["maxError"] is None else max(counts["maxError"], c["error"])
        if c["error"] <= WITHIN:
            counts["within"] += 1
        if c["error"] >= LINE:
            counts["offLine"] += 1
            predictions.append(f"{name}: {card_name(c)} predicted {c['predicted']:g} px, natural "
                               f"{c['natural']:g} px (off by {c['error']:.2f} px, a line or more)")
    if counts["measured"] and 100.0 * counts["within"] / counts["measured"] < MIN_BOARD_SHARE:
        predictions.append(f"{name}: only {counts['within']} of {counts['measured']} predicted cards "
                           f"({100.0 * counts['within'] / counts['measured']:.1f} %) are within {WITHIN:g} px "
                           f"of their natural height (at least {MIN_BOARD_SHARE:g} % must be)")

    # Overlap.
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            ox, oy = overlap(cards[i]["rect"], cards[j]["rect"])
            if ox > OVERLAP and oy > OVERLAP:
                counts["overlaps"] += 1
                violations.append(f"{name}: {card_name(cards[i])} and {card_name(cards[j])} overlap "
                                  f"by {ox:.2f} × {oy:.2f} px")

    # Clipping.
    for c in cards:
        r = c["rect"]
        reasons = []
        if c["scrollHeight"] > c["clientHeight"] + CLIP:
            reasons.append(f"scrollHeight {c['scrollHeight']} > clientHeight {c['clientHeight']}")
        if c["contentBottom"] is not None and c["contentBottom"] > c["innerBottom"] + CLIP:
            reasons.append(f"content reaches {c['contentBottom'] - c['innerBottom']:.2f} px below its bottom border")
        if r["top"] + r["height"] > board["innerBottom"] + CLIP:
            reasons.append(f"it reaches {r['top'] + r['height'] - board['innerBottom']:.2f} px below the board")
        if reasons:
            counts["clipped"] += 1
            violations.append(f"{name}: {card_name(c)} is clipped: {'; '.join(reasons)}")

    # Placement replay on the natural heights.
    board["columns"], board["gutter"] = 0, None
    if cards:
        index, ncols, gutter, notes = columns_of(cards)
        for note in notes:
            violations.append(f"{name}: {note}")
        for c, col in zip(cards, index):
            c["column"] = col
            if col is None:
                counts["placement"] += 1
                violations.append(f"{name}: {card_name(c)} at left {c['rect']['left']:.2f} is on no column")
        if gutter is None:
            # One column: the most common gap between a card's natural bottom and the next top
            # (so that one card predicted wrong does not shift the replay of all the others).
            tally = {}
            for a, b in zip(cards, cards[1:]):
                key = round(b["rect"]["top"] - (a["rect"]["top"] + a["natural"]), 1)
                tally[key] = tally.get(key, 0) + 1
            gutter = max(sorted(tally), key=lambda k: tally[k]) if tally else 0.0
        board["columns"], board["gutter"] = ncols, gutter
        bottoms = [None] * ncols
        for c in cards:
            best, best_top = None, None
            for k in range(ncols):
                top = board["contentTop"] if bottoms[k] is None else bottoms[k] + gutter
                if best_top is None or top < best_top - TIE:
                    best, best_top = k, top
            c["expectedColumn"], c["expectedTop"] = best, best_top
            bottoms[best] = best_top + c["natural"]
            if c["column"] is None:
                continue
            if c["column"] != best or abs(c["rect"]["top"] - best_top) > PLACEMENT:
                counts["placement"] += 1
                violations.append(f"{name}: {card_name(c)} is in column {c['column'] + 1} at top "
                                  f"{c['rect']['top']:.2f}; the greedy replay puts it in column {best + 1} "
                                  f"at {best_top:.2f} (gutter {gutter:.2f} px)")
    return counts


def find_html(site):
    found = []
    for folder, dirs, files in os.walk(site):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".html", ".htm")):
                found.append(os.path.relpath(os.path.join(folder, name), site).replace(os.sep, "/"))
    return found


def parse_widths(text, option):
    if text.strip().lower() == "none":
        return []
    try:
        widths = [int(w) for w in text.split(",") if w.strip()]
    except ValueError:
        fail(f"{option} must be integers separated by commas (or none), not {text!r}")
    if any(w < 200 or w > browsers.SCREEN[0] - 200 for w in widths):
        fail(f"{option}: widths must lie between 200 and {browsers.SCREEN[0] - 200} px")
    return widths


class Session:
    """The browser and server of one run, and the waits between a load or resize and a measure."""

    def __init__(self, browser, server, scripts_on, settle_timeout):
        self.browser, self.server = browser, server
        self.scripts_on, self.timeout = scripts_on, settle_timeout
        self.width = None

    def load(self, rel, width):
        if self.width != width:
            self.browser.set_viewport(width, HEIGHT)
            self.width = width
        self.browser.load(self.server.url(rel))
        return self.settle(rel, width, previous=None, after_load=True)

    def resize(self, rel, width, before):
        if self.width != width:
            self.browser.set_viewport(width, HEIGHT)
            self.width = width
            return self.settle(rel, width, previous=before, after_load=False)
        return before

    def settle(self, rel, width, previous, after_load):
        """With scripts on and a board on the page: waits until the heal script has checked the
        boards (data-board-pass set after a load, changed after a resize) and then for two more
        frames without a change. Returns the pass value."""
        if not self.scripts_on:
            return None
        deadline = time.monotonic() + self.timeout
        while True:
            state, value, has_board = self.browser.execute(PASS_JS)
            if state == "complete" and not has_board:
                return None
            if state == "complete" and value is not None and (after_load or value != previous):
                break
            if time.monotonic() > deadline:
                what = ("no data-board-pass on <html> after the load" if after_load or previous is None
                        else f"data-board-pass still {previous!r} after the viewport change")
                raise ToolError(f"/{rel} @{width} ({self.browser.engine}, scripts on): {what} — "
                                f"waited {self.timeout:g} s for the heal script")
            time.sleep(0.03)
        for _ in range(20):  # at most a few seconds of passes in a row
            again = self.browser.execute_async(FRAMES_JS)
            if again == value:
                return value
            value = again
        return value


def walk(session, pages, widths):
    """Loads each page and sets each width in turn, yielding (page, width) with the page laid
    out at that width. Each page starts at the width the previous one ended with (widths walked
    forwards and backwards in turn): one viewport change fewer per page."""
    for n, rel in enumerate(pages):
        order = widths if n % 2 == 0 else widths[::-1]
        value = session.load(rel, order[0])
        for width in order:
            value = session.resize(rel, width, value)
            yield rel, width


def board_pass(session, pages, widths, natural, runs, blocked):
    for rel, width in walk(session, pages, widths):
        result = json.loads(session.browser.execute_async(MEASURE_JS, natural))
        if "error" in result:
            raise ToolError(f"measuring /{rel} at {width} px failed: {result['error']}")
        if result["innerWidth"] != width or result["clientWidth"] != width:
            raise ToolError(f"/{rel} @{width}: innerWidth {result['innerWidth']}, clientWidth "
                            f"{result['clientWidth']} (not {width})")
        result["layoutShift"] = None
        if session.browser.engine == "chromium" and session.scripts_on and not blocked:
            result["layoutShift"] = session.browser.execute(LAYOUT_SHIFT_READ_JS)
        runs[(blocked, rel, width)] = result


def sideways_pass(session, pages, widths, violations):
    found = []
    for rel, width in walk(session, pages, widths):
        result = json.loads(session.browser.execute_async(SIDEWAYS_JS, SIDEWAYS))
        if "error" in result:
            raise ToolError(f"checking /{rel} at {width} px for sideways scroll failed: {result['error']}")
        if result["innerWidth"] != width:
            raise ToolError(f"/{rel} @{width}: innerWidth {result['innerWidth']} (not {width})")
        entry = {"page": rel, "width": width, "scrollWidth": result["scrollWidth"],
                 "clientWidth": result["clientWidth"], "beyond": result["beyond"],
                 "widest": result["widest"][0] if result["widest"] else None}
        found.append(entry)
        scrolls = result["scrollWidth"] > result["clientWidth"] + SIDEWAYS
        if scrolls or result["beyond"]:
            w = entry["widest"]
            what = (f"widest: {w['element']} reaches {w['right']:.1f} px ({w['right'] - width:.1f} px beyond)"
                    if w else "no element found beyond the edge")
            violations.append(f"/{rel} @{width}: "
                              + (f"scrolls sideways (scrollWidth {result['scrollWidth']} > clientWidth "
                                 f"{result['clientWidth']}); " if scrolls else "")
                              + f"{result['beyond']} {'box reaches' if result['beyond'] == 1 else 'boxes reach'} beyond the viewport; {what}")
    return found


def quiet_console(lines, scripts_on, fonts_blocked):
    """Console lines worth a warning: errors, less what the scenario causes on purpose."""
    keep = []
    for line in lines:
        low = line.lower()
        if not (line.startswith("SEVERE") or "error" in low[:40]):
            continue
        if "favicon.ico" in low or "resource://" in low or "chrome://" in low:
            continue  # the browser's own pages and modules, not the site
        if not scripts_on and ("content security policy" in low or "content-security-policy" in low):
            continue
        if fonts_blocked and ("downloadable font" in low or ".woff" in low or ".ttf" in low or ".otf" in low
                              or "status of 404" in low or "font-src" in low):
            continue
        keep.append(line)
    return keep


def main():
    parser = argparse.ArgumentParser(description="Check the masonry boards of a built site in a browser.")
    parser.add_argument("--site", required=True, help="the built site folder")
    parser.add_argument("--prefix", default="/", help="the path the site is served under (default /)")
    parser.add_argument("--widths", default="390,768,1280,1600", help="viewport widths, CSS px, or none")
    parser.add_argument("--json", help="write every figure and violation to this file")
    parser.add_argument("--page", action="append", default=[], help="check only this page (path under --site); repeatable")
    parser.add_argument("--engine", choices=browsers.ENGINES, default="chromium")
    parser.add_argument("--scripts", choices=("on", "off"), default="off", help="page scripts (default off)")
    parser.add_argument("--block-fonts", action="store_true", help="the server answers 404 for font files")
    parser.add_argument("--fontconfig", help="FONTCONFIG_FILE for the browser (or 'dejavu': a DejaVu-only file)")
    parser.add_argument("--text-scale", type=int, help="system text size in percent (Firefox)")
    parser.add_argument("--hinting", choices=["slight", "none", "medium", "full"],
                        help="WebKitGTK: the font hint style an XSETTINGS manager announces, as a desktop does "
                             "(GNOME: slight); without it WebKitGTK rounds advances to whole pixels")
    parser.add_argument("--expect", choices=("exact", "heal"), default="exact")
    parser.add_argument("--no-sideways-scroll", metavar="WIDTHS", help="also check every page at these widths")
    parser.add_argument("--settle-timeout", type=float, default=20.0,
                        help="seconds to wait for the heal script after a load or resize (default 20)")
    parser.add_argument("--quiet", action="store_true", help="print only pages with violations, and the totals")
    args = parser.parse_args()

    site = os.path.abspath(args.site)
    if not os.path.isdir(site):
        fail(f"no such folder: {args.site}")
    widths = parse_widths(args.widths, "--widths")
    sideways_widths = parse_widths(args.no_sideways_scroll, "--no-sideways-scroll") if args.no_sideways_scroll else []
    if not widths and not sideways_widths:
        fail("nothing to check: --widths none and no --no-sideways-scroll")
    exact = args.expect == "exact"
    scripts_on = args.scripts == "on"
    started = time.monotonic()
    pages, empty = [], []
    if widths:
        try:
            pages, empty = find_pages(site, args.page)
        except ToolError as e:
            fail(str(e))
        if not pages:
            fail(f"no page under {site} has a .board with a .card"
                 + (f" ({len(empty)} have an empty board)" if empty else ""))
    all_pages = ([p.strip("/") for p in args.page] if args.page else find_html(site)) if sideways_widths else []
    scenario = {"scripts": args.scripts, "blockFonts": args.block_fonts, "fontconfig": args.fontconfig,
                "textScale": args.text_scale, "hinting": args.hinting, "expect": args.expect}
    scenario_text = ", ".join([f"scripts {args.scripts}"] + (["fonts blocked"] if args.block_fonts else [])
                              + ([f"fontconfig {os.path.basename(args.fontconfig)}"] if args.fontconfig else [])
                              + ([f"text {args.text_scale} %"] if args.text_scale else [])
                              + ([f"hinting {args.hinting}"] if args.hinting else []) + [f"expect {args.expect}"])

    violations = []
    runs, console = {}, []
    sideways = []
    scratch = tempfile.mkdtemp(prefix="gazette-board-check-")
    fontconfig = args.fontconfig
    blocked_pass = bool(widths) and exact and not scripts_on and not args.block_fonts
    try:
        if fontconfig == "dejavu":
            fontconfig = browsers.write_dejavu_fontconfig(os.path.join(scratch, "fonts.conf"),
                                                          os.path.join(scratch, "fontconfig-cache"))
        with browsers.StaticServer(site, args.prefix, scripts=scripts_on, block_fonts=args.block_fonts) as server:
            browser = browsers.start(args.engine, width=max(widths + sideways_widths), height=HEIGHT,
                                     fontconfig=fontconfig, text_scale=args.text_scale, hinting=args.hinting)
            try:
                version = browser.version
                browsers.check_scripts(browser, server, scripts_on)
                if fontconfig:
                    browsers.check_fallback_font(browser, server)
                if args.text_scale:
                    browsers.check_text_scale(browser, server, args.text_scale)
                if browser.engine == "chromium" and scripts_on:
                    browser.add_init_script(LAYOUT_SHIFT_INIT_JS)
                browser.console()  # the probes' messages are not the site's
                session = Session(browser, server, scripts_on, args.settle_timeout)
                if widths:
                    board_pass(session, pages, widths, True, runs, blocked=False)
                    console += quiet_console(browser.console(), scripts_on, args.block_fonts)
                if blocked_pass:
                    # A second server, so a second origin: Firefox and WebKit keep the fonts of a
                    # URL in memory across loads whatever the cache headers say.
                    with browsers.StaticServer(site, args.prefix, scripts=scripts_on, block_fonts=True) as other:
                        session.server = other
                        board_pass(session, pages, widths, False, runs, blocked=True)
                        session.server = server
                    browser.console()
                if sideways_widths:
                    sideways = sideways_pass(session, all_pages, sideways_widths, violations)
                    console += quiet_console(browser.console(), scripts_on, args.block_fonts)
            finally:
                browser.quit()
            fonts_served, fonts_blocked = server.fonts_served, server.fonts_blocked
    except ToolError as e:
        fail(str(e))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    unblocked_fonts = set()
    totals = {"pages": len(pages), "widths": len(widths), "cards": 0, "fluid": 0, "measured": 0, "within": 0,
              "maxError": None, "overlaps": 0, "clipped": 0, "placement": 0, "moved": 0, "offLine": 0,
              "widthMisses": 0, "fontErrors": 0, "boards": 0, "healed": 0, "layoutShift": None,
              "sidewaysPages": len(all_pages), "sidewaysWidths": len(sideways_widths),
              "sidewaysViolations": 0}
    report = {"site": site, "prefix": args.prefix, "engine": args.engine, "browser": version,
              "scenario": scenario, "widths": widths, "sidewaysWidths": sideways_widths, "pages": [],
              "emptyBoardPages": empty, "sideways": sideways, "fontRequests": {"served": fonts_served,
                                                                              "blocked": fonts_blocked}}
    lines = []
    for rel in pages:
        page_entry = {"page": rel, "url": server.url(rel), "widths": []}
        for width in widths:
            where = f"/{rel} @{width}"
            mark = len(violations)
            result = runs[(False, rel, width)]
            blocked = runs.get((True, rel, width))
            if not args.block_fonts:
                for family in result["fontErrors"]:
                    totals["fontErrors"] += 1
                    (violations if exact else []).append(f"{where}: font {family} failed to load")
            elif result["fontsLoaded"]:
                unblocked_fonts.add(f"/{rel}: {', '.join(result['fontsLoaded'])}")
            page_counts = {"cards": 0, "fluid": 0, "measured": 0, "within": 0, "maxError": None, "overlaps": 0,
                           "clipped": 0, "placement": 0, "moved": 0, "offLine": 0, "widthMisses": 0,
                           "boards": len(result["boards"]), "healed": 0}
            if blocked is not None and len(blocked["boards"]) != len(result["boards"]):
                violations.append(f"{where}: {len(result['boards'])} boards, {len(blocked['boards'])} with fonts blocked")
            for bi, board in enumerate(result["boards"]):
                counts = check_board(board, where, exact, violations)
                for key in ("cards", "fluid", "measured", "within", "overlaps", "clipped", "placement", "offLine",
                            "widthMisses", "healed"):
                    page_counts[key] += counts[key]
                page_counts["maxError"] = maxnone(page_counts["maxError"], counts["maxError"])
                if blocked is None or bi >= len(blocked["boards"]):
                    continue
                board_blocked = blocked["boards"][bi]
                if blocked["fontsLoaded"]:
                    unblocked_fonts.add(f"/{rel}: {', '.join(blocked['fontsLoaded'])}")
                if len(board_blocked["cards"]) != len(board["cards"]):
                    page_counts["moved"] += 1
                    violations.append(f"{where} board {board['index'] + 1}: {len(board['cards'])} cards, "
                                      f"{len(board_blocked['cards'])} with fonts blocked")
                # Card places are compared within their board: text above the board (the page's
                # header, in a fallback font) may take another height, which moves the board as a
                # whole but is not the board's layout moving.
                origin = (board["rect"]["left"], board["rect"]["top"])
                origin_blocked = (board_blocked["rect"]["left"], board_blocked["rect"]["top"])

                def within(rect, o):
                    return {"left": rect["left"] - o[0], "top": rect["top"] - o[1], "width": rect["width"], "height": rect["height"]}

                for c, cb in zip(board["cards"], board_blocked["cards"]):
                    c["blockedRect"] = cb["rect"]
                    if c.get("fluid") or cb["position"] == "static":
                        continue  # a fluid stack follows its text; it is meant to move
                    a, b = within(c["rect"], origin), within(cb["rect"], origin_blocked)
                    delta = max(abs(a[k] - b[k]) for k in ("left", "top", "width", "height"))
                    if delta > MOVED:
                        page_counts["moved"] += 1
                        violations.append(
                            f"{where} board {board['index'] + 1}: card {c['index'] + 1} ({c['label']}) moves within its "
                            f"board when fonts are blocked: " + ", ".join(
                                f"{k} {a[k]:.2f}→{b[k]:.2f}" for k in ("left", "top", "width", "height")
                                if abs(a[k] - b[k]) > MOVED))
            shift = result["layoutShift"]
            if shift is not None and shift.get("error"):
                fail(f"{where}: the layout-shift observer failed: {shift['error']}")
            if exact and scripts_on:
                if page_counts["healed"]:
                    violations.append(f"{where}: {page_counts['healed']} boards healed (data-healed) although "
                                      "the predictions must hold")
            for key in page_counts:
                if key == "maxError":
                    totals[key] = maxnone(totals[key], page_counts[key])
                else:
                    totals[key] += page_counts[key]
            share = 100.0 * page_counts["within"] / page_counts["measured"] if page_counts["measured"] else None
            line = (f"/{rel} @{width}: {page_counts['cards']} cards"
                    + (f" ({page_counts['fluid']} fluid)" if page_counts["fluid"] else "")
                    + (f", within 1 px {share:.1f} %, max error {fmt_px(page_counts['maxError'])}" if share is not None else "")
                    + f", overlaps {page_counts['overlaps']}, clipped {page_counts['clipped']}, "
                    f"placement {page_counts['placement']}"
                    + (f", moved {page_counts['moved']}" if blocked is not None else "")
                    + (f", healed {page_counts['healed']} of {page_counts['boards']} boards" if scripts_on else "")
                    + (f", layout shift {shift['sum']:.4f}" if shift is not None else ""))
            if not args.quiet or len(violations) > mark:
                lines.append(line + ("  ✗" if len(violations) > mark else ""))
            boards_out = []
            for board in result["boards"]:
                boards_out.append({
                    "index": board["index"], "id": board["id"], "rect": board["rect"],
                    "columns": board.get("columns"), "gutter": board.get("gutter"), "healed": board["healed"],
                    "cards": [{k: c.get(k) for k in ("index", "label", "rect", "position", "fluid", "dataH", "predicted",
                                                    "natural", "error", "contentBottom", "scrollHeight", "clientHeight",
                                                    "column", "expectedColumn", "expectedTop", "blockedRect", "hidden")}
                              for c in board["cards"]]})
            page_entry["widths"].append({"width": width, "innerWidth": result["innerWidth"],
                                         "clientWidth": result["clientWidth"], "fontErrors": result["fontErrors"],
                                         "boardPass": result["boardPass"], "layoutShift": shift,
                                         "boards": boards_out})
        # Layout shift accumulates over a page's life (load, then every width): the last reading.
        last = page_entry["widths"][-1]["layoutShift"] if page_entry["widths"] else None
        if last is not None:
            totals["layoutShift"] = (totals["layoutShift"] or 0.0) + last["sum"]
            if exact and last["sum"] > 0:
                violations.append(f"/{rel}: layout shift {last['sum']:.4f} (must be 0 when the predictions hold); "
                                  f"first shifts: {json.dumps(last['shifts'][:3])}")
        report["pages"].append(page_entry)
    totals["sidewaysViolations"] = sum(1 for s in sideways
                                       if s["scrollWidth"] > s["clientWidth"] + SIDEWAYS or s["beyond"])
    if widths and exact and totals["measured"]:
        overall = 100.0 * totals["within"] / totals["measured"]
        if overall < MIN_TOTAL_SHARE:
            violations.append(f"only {overall:.2f} % of all {totals['measured']} predicted cards are within "
                              f"{WITHIN:g} px (at least {MIN_TOTAL_SHARE:g} % must be)")
    if args.block_fonts and fonts_served:
        violations.append(f"{fonts_served} font files were served although fonts were blocked")

    elapsed = time.monotonic() - started
    share = 100.0 * totals["within"] / totals["measured"] if totals["measured"] else 100.0
    for line in lines:
        print(line)
    print(f"engine: {version}; scenario: {scenario_text}")
    if widths:
        print(f"total: {totals['pages']} pages × {totals['widths']} widths, {totals['cards']} card layouts "
              f"({totals['fluid']} fluid, {totals['measured']} predicted), within 1 px {share:.2f} %, "
              f"max error {fmt_px(totals['maxError'])}, overlaps {totals['overlaps']}, clipped {totals['clipped']}, "
              f"placement {totals['placement']}"
              + (f", moved {totals['moved']}" if blocked_pass else "")
              + f", off by a line {totals['offLine']}, widths missing from data-h {totals['widthMisses']}, "
              f"font errors {totals['fontErrors']}"
              + (f", healed {totals['healed']} of {totals['boards']} boards" if scripts_on else "")
              + (f", layout shift {totals['layoutShift']:.4f}" if totals["layoutShift"] is not None else "")
              + (f"; {len(empty)} pages with an empty board skipped" if empty else ""))
    if sideways_widths:
        worst = max(sideways, key=lambda s: s["scrollWidth"] - s["clientWidth"]) if sideways else None
        print(f"sideways scroll: {len(all_pages)} pages × {len(sideways_widths)} widths "
              f"({', '.join(map(str, sideways_widths))}), {totals['sidewaysViolations']} scroll or overflow"
              + (f"; worst: /{worst['page']} @{worst['width']} scrollWidth {worst['scrollWidth']}"
                 if worst and worst["scrollWidth"] > worst["clientWidth"] + SIDEWAYS else ""))
    print(f"{len(violations)} violations; {elapsed:.1f} s")
    for line in sorted(set(console))[:20]:
        print(f"warning: browser console: {line}")
    for line in sorted(unblocked_fonts)[:20]:
        print(f"warning: fonts loaded although font files were blocked, so the fonts-blocked "
              f"comparison proves less: {line}")
    if violations:
        print(f"\nviolations ({len(violations)}):")
        for v in violations[:500]:
            print(f"  {v}")
        if len(violations) > 500:
            print(f"  … {len(violations) - 500} more" + (f" in {args.json}" if args.json else " (use --json)"))
    report["totals"] = totals
    report["violations"] = violations
    report["console"] = console[:200]
    report["seconds"] = round(elapsed, 1)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
            f.write("\n")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
