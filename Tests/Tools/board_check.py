#!/usr/bin/env python3
"""Checks every masonry board of a built site in Debian's Chromium, with the pages' scripts off.

usage: board_check.py --site DIR [--prefix /] [--widths 390,768,1280,1600] [--json OUT]
                      [--page RELPATH]... [--scrollbars] [--jobs N] [--quiet]

Serves DIR on 127.0.0.1 under PREFIX and finds every HTML file under DIR with an element of class
`board` that holds at least one `card` (files are parsed, not crawled; --page limits the check to
the given files). Each page is loaded with page scripts disabled (CDP
Emulation.setScriptExecutionDisabled; this tool's own scripts still run), and for each viewport
width W — the layout viewport made exactly W CSS px wide, scrollbars hidden unless --scrollbars,
window.innerWidth and documentElement.clientWidth verified — after the fonts have loaded, all in
one script per page and width:

- every `.board` and its `.card`s in DOM order (cards whose nearest board it is). A card's
  `data-h="W:H,W:H…"` gives its predicted height H for each card width W; the card's rendered
  width (getBoundingClientRect) must be one of the Ws (within 0.05 px).
- natural height: a clone of the card appended to the board with position:absolute;
  visibility:hidden; top:0; left:0; height:auto; min-height:0; max-height:none;
  box-sizing:border-box; width: the rendered width. |H − natural| is the prediction error.
- overlap: two cards whose rects intersect by more than 0.5 px on both axes.
- clipping: a card whose content overflows it (scrollHeight > clientHeight + 0.5, or content —
  the client rects of the text and elements inside it, except what a descendant with overflow
  other than visible clips itself, as a line-clamped excerpt does — reaching below its bottom
  border), or a card reaching below the board's bottom border.
- placement: columns are the distinct card left edges (clustered within 0.5 px), the gutter the
  horizontal gap between adjacent columns (with one column: the most common gap between a card's
  natural bottom and the next card's top).
  Replaying the cards in DOM order on their natural heights, each goes to the column whose next
  top (board content top, or column bottom + gutter) is highest, the leftmost within 0.5 px; its
  column and top (within 1 px) must be where the card really is. Cards may be positioned
  absolutely with explicit heights or be in normal flow — nothing here assumes either.
- fonts blocked: the page is loaded again with CDP Network.setBlockedURLs blocking *.woff2, *.woff,
  *.ttf and *.otf; every card rect (left, top, width, height) must be the same (≤ 0.01 px).

Prints one line per page and width (cards, share within 1 px, max error, overlaps, clipped,
placement errors, moved) and a total, then every violation. Exit status 1 on any violation:
overlap, clipping, placement, movement, a card off by a line or more (≥ 10 px), fewer than 99 %
of a board's cards within 1 px, a card width missing from data-h (or no data-h), a font failing
to load; 2 when the check itself cannot run.

--json OUT writes {"site", "prefix", "widths", "chromium", "pages": [{"page", "url", "widths":
[{"width", "innerWidth", "clientWidth", "fontErrors", "boards": [{"index", "id", "rect",
"columns", "gutter", "cards": [{"index", "label", "rect", "dataH", "predicted", "natural", "error",
"contentBottom", "scrollHeight", "clientHeight", "column", "expectedColumn", "expectedTop",
"blockedRect"}]}]}]}], "totals", "violations"} — rects are {left, top, width, height} in document
CSS px.
"""
import argparse
import concurrent.futures
import html.parser
import json
import os
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tools
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
from chromium import ToolError  # noqa: E402

FONT_PATTERNS = ["*.woff2", "*.woff", "*.ttf", "*.otf"]
WIDTH_TOLERANCE = 0.05     # rendered card width against a W of data-h
WITHIN = 1.0               # a prediction "within 1 px"
LINE = 10.0                # an error this large is "off by a line"
MIN_WITHIN_SHARE = 99.0    # % of a board's cards that must be within 1 px
OVERLAP = 0.5
CLIP = 0.5
COLUMN_CLUSTER = 0.5
TIE = 0.5
PLACEMENT = 1.0
MOVED = 0.01

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
  const out = {innerWidth: window.innerWidth, clientWidth: document.documentElement.clientWidth,
               fontErrors: [], boards: []};
  // No document.fonts.forEach: with page scripts disabled, Chromium refuses to call back into a
  // script from its own code ("the provided callback is no longer runnable"); iterators work.
  out.fontsLoaded = [];
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
    const b = {index: bi, id: board.id || null, rect: rect(br),
               contentTop: br.top + sy + px(bs.borderTopWidth) + px(bs.paddingTop),
               innerBottom: br.bottom + sy - px(bs.borderBottomWidth), cards: []};
    const cards = Array.from(board.querySelectorAll('.card')).filter(c => c.parentElement.closest('.board') === board);
    cards.forEach((card, ci) => {
      const r = card.getBoundingClientRect();
      const cs = getComputedStyle(card);
      const contentBottom = bottomOf(card);
      const heading = card.querySelector('h1,h2,h3,h4,a');
      const label = card.id ? '#' + card.id : (heading ? heading.textContent : card.textContent).trim().replace(/\s+/g, ' ').slice(0, 60);
      const c = {index: ci, label, rect: rect(r), dataH: card.getAttribute('data-h'),
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


def check_board(board, where, violations):
    """Fills in per-card figures and appends violations; returns the board's counts."""
    cards = [c for c in board["cards"] if not c["hidden"]]
    counts = {"cards": len(cards), "within": 0, "maxError": None, "overlaps": 0, "clipped": 0,
              "placement": 0, "offLine": 0, "widthMisses": 0, "measured": 0}
    name = f"{where} board {board['index'] + 1}" + (f" #{board['id']}" if board["id"] else "")

    def card_name(c):
        return f"card {c['index'] + 1} ({c['label']})"

    # Predictions.
    for c in cards:
        c["predicted"] = c["error"] = None
        w = c["rect"]["width"]
        if c["dataH"] is None:
            counts["widthMisses"] += 1
            violations.append(f"{name}: {card_name(c)} has no data-h")
            continue
        try:
            table = parse_data_h(c["dataH"])
        except ValueError:
            counts["widthMisses"] += 1
            violations.append(f"{name}: {card_name(c)} has a malformed data-h={c['dataH']!r}")
            continue
        match = [k for k in table if abs(k - w) <= WIDTH_TOLERANCE]
        if not match:
            counts["widthMisses"] += 1
            violations.append(f"{name}: {card_name(c)} is {w:g} px wide, not one of data-h's widths "
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
            violations.append(f"{name}: {card_name(c)} predicted {c['predicted']:g} px, natural "
                              f"{c['natural']:g} px (off by {c['error']:.2f} px, a line or more)")
    if counts["measured"] and 100.0 * counts["within"] / counts["cards"] < MIN_WITHIN_SHARE:
        violations.append(f"{name}: only {counts['within']} of {counts['cards']} cards "
                          f"({100.0 * counts['within'] / counts['cards']:.1f} %) are within {WITHIN:g} px "
                          f"of their natural height (at least {MIN_WITHIN_SHARE:g} % must be)")

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


def measure(driver, rel, width, natural):
    result = json.loads(driver.execute_async_script(MEASURE_JS, natural))
    if "error" in result:
        raise ToolError(f"measuring /{rel} at {width} px failed: {result['error']}")
    return result


def main():
    parser = argparse.ArgumentParser(description="Check the masonry boards of a built site in Chromium.")
    parser.add_argument("--site", required=True, help="the built site folder")
    parser.add_argument("--prefix", default="/", help="the path the site is served under (default /)")
    parser.add_argument("--widths", default="390,768,1280,1600", help="viewport widths, CSS px")
    parser.add_argument("--json", help="write every figure and violation to this file")
    parser.add_argument("--page", action="append", default=[], help="check only this page (path under --site); repeatable")
    parser.add_argument("--scrollbars", action="store_true", help="keep classic scrollbars (clientWidth < innerWidth)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="browsers run side by side (default 1: on 2 busy cores a second one did not pay)")
    parser.add_argument("--quiet", action="store_true", help="print only pages with violations, and the totals")
    args = parser.parse_args()

    site = os.path.abspath(args.site)
    if not os.path.isdir(site):
        chromium.fail(f"no such folder: {args.site}")
    try:
        widths = [int(w) for w in args.widths.split(",") if w.strip()]
    except ValueError:
        chromium.fail(f"--widths must be integers separated by commas, not {args.widths!r}")
    started = time.monotonic()
    try:
        pages, empty = find_pages(site, args.page)
    except ToolError as e:
        chromium.fail(str(e))
    if not pages:
        chromium.fail(f"no page under {site} has a .board with a .card"
                      + (f" ({len(empty)} have an empty board)" if empty else ""))

    violations = []
    unblocked_fonts = set()  # faces that loaded although font files were blocked (data: URLs?)
    report = {"site": site, "prefix": args.prefix, "widths": widths, "chromium": chromium.chromium_version(),
              "pages": [], "emptyBoardPages": empty}
    runs, console = {}, []
    # Work items: every page without and then with fonts blocked, shared out in contiguous slices
    # to --jobs browsers (with 2, one does all the unblocked loads and the other all the blocked).
    tasks = [(blocked, rel) for blocked in (False, True) for rel in pages]
    jobs = max(1, min(args.jobs, len(tasks)))
    slices = [tasks[len(tasks) * k // jobs: len(tasks) * (k + 1) // jobs] for k in range(jobs)]

    def worker(items):
        driver = chromium.start_browser(width=max(widths), height=900, hide_scrollbars=not args.scrollbars)
        try:
            driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
            driver.get("data:text/html,<title>t</title><script>document.title='scripts ran'</script>")
            if driver.execute_script("return document.title") != "t":
                raise ToolError("Emulation.setScriptExecutionDisabled did not stop page scripts")
            driver.execute_cdp_cmd("Network.enable", {})
            current, blocking = None, None
            for n, (blocked, rel) in enumerate(items):
                if blocked != blocking:
                    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": FONT_PATTERNS if blocked else []})
                    blocking = blocked
                # Load each page at the width the previous one ended with (widths are walked
                # forwards and backwards in turn): one viewport change fewer.
                order = widths if n % 2 == 0 else widths[::-1]
                if current != order[0]:
                    chromium.set_viewport(driver, order[0], read=False)
                    current = order[0]
                driver.get(server.url(rel))
                for width in order:
                    if width != current:
                        chromium.set_viewport(driver, width, read=False)
                        current = width
                    result = measure(driver, rel, width, natural=not blocked)
                    if blocked and result["fontsLoaded"]:
                        unblocked_fonts.add(f"/{rel}: {', '.join(result['fontsLoaded'])}")
                    if result["innerWidth"] != width:
                        raise ToolError(f"/{rel}: window.innerWidth is {result['innerWidth']}, not {width}")
                    if not args.scrollbars and result["clientWidth"] != width:
                        raise ToolError(f"/{rel}: documentElement.clientWidth is {result['clientWidth']}, "
                                        f"not {width} (scrollbars?)")
                    runs[(blocked, rel, width)] = result
            console.extend(line for line in chromium.console_log(driver) if "favicon.ico" not in line)
        finally:
            driver.quit()

    try:
        with chromium.StaticServer(site, args.prefix) as server:
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                for future in [pool.submit(worker, items) for items in slices]:
                    future.result()
    except ToolError as e:
        chromium.fail(str(e))

    totals = {"pages": len(pages), "widths": len(widths), "cards": 0, "within": 0, "maxError": None,
              "overlaps": 0, "clipped": 0, "placement": 0, "moved": 0, "offLine": 0, "widthMisses": 0,
              "fontErrors": 0}
    lines = []
    for rel in pages:
        page_entry = {"page": rel, "url": server.url(rel), "widths": []}
        for width in widths:
            where = f"/{rel} @{width}"
            mark = len(violations)
            result = runs[(False, rel, width)]
            blocked = runs[(True, rel, width)]
            for family in result["fontErrors"]:
                totals["fontErrors"] += 1
                violations.append(f"{where}: font {family} failed to load")
            page_counts = {"cards": 0, "within": 0, "maxError": None, "overlaps": 0, "clipped": 0,
                           "placement": 0, "moved": 0, "offLine": 0, "widthMisses": 0}
            if len(blocked["boards"]) != len(result["boards"]):
                violations.append(f"{where}: {len(result['boards'])} boards, {len(blocked['boards'])} with fonts blocked")
            for board, board_blocked in zip(result["boards"], blocked["boards"]):
                counts = check_board(board, where, violations)
                for key in ("cards", "within", "overlaps", "clipped", "placement", "offLine", "widthMisses"):
                    page_counts[key] += counts[key]
                page_counts["maxError"] = maxnone(page_counts["maxError"], counts["maxError"])
                if len(board_blocked["cards"]) != len(board["cards"]):
                    page_counts["moved"] += 1
                    violations.append(f"{where} board {board['index'] + 1}: {len(board['cards'])} cards, "
                                      f"{len(board_blocked['cards'])} with fonts blocked")
                for c, cb in zip(board["cards"], board_blocked["cards"]):
                    c["blockedRect"] = cb["rect"]
                    delta = max(abs(c["rect"][k] - cb["rect"][k]) for k in ("left", "top", "width", "height"))
                    if delta > MOVED:
                        page_counts["moved"] += 1
                        violations.append(
                            f"{where} board {board['index'] + 1}: card {c['index'] + 1} ({c['label']}) moves when "
                            f"fonts are blocked: " + ", ".join(
                                f"{k} {c['rect'][k]:.2f}→{cb['rect'][k]:.2f}" for k in ("left", "top", "width", "height")
                                if abs(c["rect"][k] - cb["rect"][k]) > MOVED))
            for key in page_counts:
                if key == "maxError":
                    totals[key] = maxnone(totals[key], page_counts[key])
                else:
                    totals[key] += page_counts[key]
            share = 100.0 * page_counts["within"] / page_counts["cards"] if page_counts["cards"] else 100.0
            line = (f"/{rel} @{width}: {page_counts['cards']} cards, within 1 px {share:.1f} %, "
                    f"max error {fmt_px(page_counts['maxError'])}, overlaps {page_counts['overlaps']}, "
                    f"clipped {page_counts['clipped']}, placement {page_counts['placement']}, "
                    f"moved {page_counts['moved']}")
            if not args.quiet or len(violations) > mark:
                lines.append(line + ("  ✗" if len(violations) > mark else ""))
            boards_out = []
            for board in result["boards"]:
                boards_out.append({
                    "index": board["index"], "id": board["id"], "rect": board["rect"],
                    "columns": board.get("columns"), "gutter": board.get("gutter"),
                    "cards": [{k: c.get(k) for k in ("index", "label", "rect", "dataH", "predicted", "natural", "error",
                                                    "contentBottom", "scrollHeight", "clientHeight", "column",
                                                    "expectedColumn", "expectedTop", "blockedRect", "hidden")}
                              for c in board["cards"]]})
            page_entry["widths"].append({"width": width, "innerWidth": result["innerWidth"],
                                         "clientWidth": result["clientWidth"], "fontErrors": result["fontErrors"],
                                         "boards": boards_out})
        report["pages"].append(page_entry)

    elapsed = time.monotonic() - started
    share = 100.0 * totals["within"] / totals["cards"] if totals["cards"] else 100.0
    for line in lines:
        print(line)
    print(f"total: {totals['pages']} pages × {totals['widths']} widths, {totals['cards']} card layouts, "
          f"within 1 px {share:.2f} %, max error {fmt_px(totals['maxError'])}, overlaps {totals['overlaps']}, "
          f"clipped {totals['clipped']}, placement {totals['placement']}, moved {totals['moved']}, "
          f"off by a line {totals['offLine']}, widths missing from data-h {totals['widthMisses']}, "
          f"font errors {totals['fontErrors']}; {len(violations)} violations; {elapsed:.1f} s"
          + (f"; {len(empty)} pages with an empty board skipped" if empty else ""))
    severe = sorted({line for line in console if line.startswith("SEVERE") and "ERR_BLOCKED_BY_CLIENT" not in line})
    for line in severe[:20]:
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
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
            f.write("\n")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
