/* Gazette search: reads ?q=, tag and week, fetches the index shards the query needs, ranks the
   journals and shows them with the matched passage. No dependency. The index is written by
   Sources/Site/SearchIndex.swift; tokens() follows the rules of Sources/Site/SearchText.swift. */
(function () {
 'use strict';
 var form = document.getElementById('search-form');
 if (!form) return;
 function $(id) { return document.getElementById(id); }
 var input = $('search-q'), tagSelect = $('search-tag'), weekSelect = $('search-week');
 var status = $('search-status'), list = $('search-results'), more = $('search-more');
 var PAGE = 10, MAX_WORD = 32, MAX_SPAN = 2, BUDGET = 50000, MAX_TERMS = 12;
 var WORD = /[\p{L}\p{M}\p{N}]/u, WORD_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}])';
 $('search-nojs').hidden = true;

 function say(name, n) {
  var text = form.getAttribute('data-' + name) || '';
  status.textContent = n === undefined ? text : text.replace('{n}', n);
 }
 if (!form.getAttribute('data-index') || !window.fetch || !window.DecompressionStream) { say('failed'); return; }
 var manifestURL = new URL(form.getAttribute('data-index'), document.baseURI);
 var rootURL = new URL(form.getAttribute('data-root') || './', document.baseURI);

 // ---- Tokens: the rules of SearchText.swift ----
 function isRun(c) {
  return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) ||
   (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
   (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FFFF);
 }
 function isJamo(c) { return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F); }
 function isDigit(ch) { return ch !== undefined && ch.length === 1 && ch >= '0' && ch <= '9'; }
 function normalized(text) {
  var out = '';
  for (var ch of text.normalize('NFKC')) out += ch.toLowerCase();
  return Array.from(out);
 }
 function tokens(text) {
  var cps = normalized(text), out = [], start = 0, kind = 0, next, i;
  function emit(end) {
   if (kind === 1) out.push({ word: cps.slice(start, Math.min(end, start + MAX_WORD)).join('') });
   else if (kind === 2) out.push({ run: cps.slice(start, end) });
  }
  for (i = 0; i < cps.length; i++) {
   var ch = cps[i];
   if (isRun(ch.codePointAt(0))) next = 2;
   else if (WORD.test(ch)) next = 1;
   else if (ch === '.' && kind === 1 && isDigit(cps[i - 1]) && isDigit(cps[i + 1])) next = 1;
   else next = 0;
   if (next !== kind) { emit(i); start = i; kind = next; }
  }
  emit(cps.length);
  return out;
 }
 // A query's terms: a word matches the keys that begin with it; a run matches its one character,
 // or all of its bigrams. A syllable still being composed (a trailing jamo) is left out.
 function terms(query) {
  var seen = {}, out = [];
  tokens(query).forEach(function (t) {
   var term;
   if (t.word !== undefined) term = { word: t.word, text: t.word, keys: [t.word] };
   else {
    var run = t.run;
    while (run.length > 1 && isJamo(run[run.length - 1].codePointAt(0))) run = run.slice(0, -1);
    var keys = [];
    if (run.length === 1) keys.push(run[0]);
    for (var i = 0; i + 1 < run.length; i++) if (keys.indexOf(run[i] + run[i + 1]) < 0) keys.push(run[i] + run[i + 1]);
    term = { text: run.join(''), keys: keys };
   }
   var id = (term.word !== undefined ? 'w' : 'r') + term.text;
   if (!seen[id] && out.length < MAX_TERMS) { seen[id] = 1; out.push(term); }
  });
  return out;
 }

 // ---- Index files ----
 var manifest = null, shards = {}, fetchedBytes = 0;
 function load(url) {
  return fetch(url).then(function (r) {
   if (!r.ok) throw new Error(r.status + ' ' + url);
   return r.arrayBuffer();
  }).then(function (buffer) {
   fetchedBytes += buffer.byteLength;
   var bytes = new Uint8Array(buffer);
   // gzip as written; a host that inflated it on the way (Content-Encoding) sends plain JSON.
   if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
   return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  }).then(JSON.parse);
 }
 function cached(table, key, url, parse) {
  if (!table[key]) {
   table[key] = load(url).then(parse, function (error) { delete table[key]; throw error; });
  }
  return table[key];
 }
 function getManifest() {
  if (!manifest) manifest = load(manifestURL.href).catch(function (error) { manifest = null; throw error; });
  return manifest;
 }
 function getShard(m, i) {
  return cached(shards, i, new URL(m.c[i][1], manifestURL).href, function (s) {
   var table = new Map();
   for (var k = 0; k < s.k.length; k++) table.set(s.k[k], s.p[k]);
   return table;
  });
 }
 var fragments = {};
 function getFragment(m, doc) {
  return cached(fragments, doc, new URL('doc/' + doc + '.json.gz?v=' + m.f, manifestURL).href, function (f) { return f; });
 }
 // The last shard whose first key is not after KEY (JavaScript compares UTF-16 code units, as
 // the index was sorted), or -1.
 function shardOf(m, key) {
  var lo = 0, hi = m.c.length - 1, found = -1;
  while (lo <= hi) {
   var mid = (lo + hi) >> 1;
   if (m.c[mid][0] <= key) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
 }
 // Which shards each term and filter needs. A word's prefix may span shards; beyond MAX_SPAN
 // (a one- or two-letter word) it matches whole keys only. When the shards not fetched yet
 // would pass BUDGET bytes, long runs keep only the pairs that cover every character
 // (기준금리: 기준 and 금리, not 준금), then if need be one pair each, and a word's prefix is
 // looked up in one shard only; such a query of many long words matches a little more, or
 // fewer longer words, than its words themselves. Terms after the first MAX_TERMS are ignored.
 function plan(m, ts, filters) {
  var need = [];
  function add(i) { if (i >= 0 && need.indexOf(i) < 0) need.push(i); }
  ts.forEach(function (t) {
   t.shards = [];
   if (t.word !== undefined) {
    var first = shardOf(m, t.word), last = shardOf(m, t.word + '\uffff');
    t.prefix = last - first + 1 <= (t.thinned ? 1 : MAX_SPAN);
    if (!t.prefix) last = first;
    for (var i = Math.max(first, 0); i <= last; i++) { t.shards.push(i); add(i); }
   } else t.keys.forEach(function (k) { var i = shardOf(m, k); t.shards.push(i); add(i); });
  });
  filters.forEach(function (f) { f.shard = shardOf(m, f.key); add(f.shard); });
  var bytes = need.reduce(function (sum, i) { return sum + (shards[i] ? 0 : m.c[i][2]); }, 0);
  if (bytes <= BUDGET) return need;
  var words = ts.filter(function (t) { return t.word !== undefined && t.shards.length > 1 && !t.thinned; });
  words.forEach(function (t) { t.thinned = 1; });
  var runs = ts.filter(function (t) { return t.word === undefined && t.keys.length > 1 && t.thinned !== 2; });
  if (!runs.length) return words.length ? plan(m, ts, filters) : need;
  var fresh = runs.filter(function (t) { return !t.thinned; });
  if (fresh.length) {
   fresh.forEach(function (t) {
    t.thinned = 1;
    if (t.keys.length > 2) t.keys = t.keys.filter(function (k, n) { return n % 2 === 0 || n === t.keys.length - 1; });
   });
  } else {
   // Still too much (a query of many long words): one pair per run, the cheapest to fetch.
   var cost = function (k) { var i = shardOf(m, k); return i < 0 || shards[i] ? 0 : m.c[i][2]; };
   runs.forEach(function (t) {
    t.thinned = 2;
    t.keys = [t.keys.reduce(function (best, k) { return cost(k) < cost(best) ? k : best; })];
   });
  }
  return plan(m, ts, filters);
 }
 // Postings [doc delta, value, …] → calls back with (doc, value).
 function each(postings, fn) {
  var doc = 0;
  for (var i = 0; i < postings.length; i += 2) { doc += postings[i]; fn(doc, postings[i + 1]); }
 }
 // A term's journals: doc → {c: occurrences, t: in the title}.
 function termDocs(t, loaded) {
  var docs = new Map();
  if (t.word !== undefined) {
   t.shards.forEach(function (i) {
    loaded[i].forEach(function (postings, key) {
     if (t.prefix ? key.lastIndexOf(t.word, 0) !== 0 : key !== t.word) return;
     each(postings, function (doc, v) {
      var hit = docs.get(doc);
      if (!hit) docs.set(doc, hit = { c: 0, t: 0 });
      hit.c += v >> 2;
      hit.t |= v & 1;
     });
    });
   });
   return docs;
  }
  t.keys.forEach(function (key, n) {
   var postings = loaded[t.shards[n]] && loaded[t.shards[n]].get(key), next = new Map();
   if (postings) each(postings, function (doc, v) {
    var before = n === 0 ? { c: Infinity, t: 1 } : docs.get(doc);
    if (before) next.set(doc, { c: Math.min(before.c, v >> 2), t: before.t & v });
   });
   docs = next;
  });
  return docs;
 }
 // Journal numbers matching the query and filters, best first: terms found in the title, then
 // occurrences, then newer (a higher number) first.
 function search(m, ts, filters) {
  var need = plan(m, ts, filters);
  return Promise.all(need.map(function (i) { return getShard(m, i); })).then(function (tables) {
   var loaded = {};
   need.forEach(function (i, n) { loaded[i] = tables[n]; });
   var scores = null;
   ts.forEach(function (t) {
    var docs = termDocs(t, loaded), next = new Map();
    docs.forEach(function (hit, doc) {
     var s = scores ? scores.get(doc) : { t: 0, c: 0 };
     if (s) next.set(doc, { t: s.t + (hit.t & 1), c: s.c + hit.c });
    });
    scores = next;
   });
   filters.forEach(function (f) {
    var postings = loaded[f.shard] && loaded[f.shard].get(f.key), next = new Map();
    if (postings) each(postings, function (doc) {
     var s = scores ? scores.get(doc) : { t: 0, c: 0 };
     if (s) next.set(doc, s);
    });
    scores = next;
   });
   var ranked = [];
   (scores || new Map()).forEach(function (s, doc) { ranked.push([doc, s.t, s.c]); });
   ranked.sort(function (a, b) { return b[1] - a[1] || b[2] - a[2] || b[0] - a[0]; });
   return ranked.map(function (r) { return r[0]; });
  });
 }

 // ---- Results ----
 function escapeRegExp(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }
 function marker(ts) {
  var parts = ts.map(function (t) { return t.word !== undefined ? WORD_BEFORE + escapeRegExp(t.text) : escapeRegExp(t.text); })
   .filter(function (p) { return p; }).sort(function (a, b) { return b.length - a.length; });
  return parts.length ? new RegExp(parts.join('|'), 'giu') : null;
 }
 // Appends TEXT to EL with every match of RE in a <mark>.
 function appendMarked(el, text, re) {
  var at = 0, m;
  if (re) {
   re.lastIndex = 0;
   while ((m = re.exec(text))) {
    if (!m[0]) { re.lastIndex++; continue; }
    if (m.index > at) el.appendChild(document.createTextNode(text.slice(at, m.index)));
    var mark = document.createElement('mark');
    mark.textContent = m[0];
    el.appendChild(mark);
    at = m.index + m[0].length;
   }
  }
  if (at < text.length) el.appendChild(document.createTextNode(text.slice(at)));
 }
 // About 180 characters of TEXT around its first match, cut at spaces.
 function passage(text, re) {
  var at = -1, m;
  if (re) { re.lastIndex = 0; m = re.exec(text); if (m) at = m.index; }
  var start = 0, end;
  if (at > 60) {
   start = at - 60;
   var space = text.indexOf(' ', start);
   if (space >= 0 && space < at) start = space + 1;
  }
  end = Math.min(text.length, start + 180);
  if (end < text.length) { var cut = text.lastIndexOf(' ', end); if (cut > at && cut > start + 100) end = cut; }
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
 }
 function href(path) { return new URL(path, rootURL).href.replace(location.origin, ''); }
 function result(f, re) {
  var li = document.createElement('li'), h = document.createElement('h2'), a = document.createElement('a');
  li.className = 'search-result';
  h.className = 'search-result-title';
  a.href = href(f.u);
  appendMarked(a, f.t, re);
  h.appendChild(a);
  li.appendChild(h);
  // The passage: from the body where a term is, else the article's title where a term is, else
  // the start of the body.
  var text = f.x || '';
  if (re && f.a && !new RegExp(re.source, 'iu').test(text) && new RegExp(re.source, 'iu').test(f.a)) text = f.a;
  if (text) {
   var p = document.createElement('p');
   p.className = 'search-result-passage';
   appendMarked(p, passage(text, re), re);
   li.appendChild(p);
  }
  var meta = document.createElement('div'), time = document.createElement('time');
  meta.className = 'search-result-meta';
  time.dateTime = f.i;
  time.textContent = f.d;
  meta.appendChild(time);
  if (f.g.length) {
   var tags = document.createElement('ul');
   tags.className = 'search-result-tags';
   f.g.forEach(function (g) {
    var item = document.createElement('li'), link = document.createElement('a');
    link.href = href(g[1]);
    link.textContent = '#' + g[0];
    item.appendChild(link);
    tags.appendChild(item);
   });
   meta.appendChild(tags);
  }
  li.appendChild(meta);
  return li;
 }

 // ---- The page ----
 var generation = 0, current = null, pass = 0, started = 0, timer = 0;
 function params() {
  return { q: input.value.trim(), tag: tagSelect.value, week: weekSelect.value };
 }
 function remember(p) {
  var url = new URL(location.href);
  ['q', 'tag', 'week'].forEach(function (k) { if (p[k]) url.searchParams.set(k, p[k]); else url.searchParams.delete(k); });
  if (url.href !== location.href) history.replaceState(null, '', url.href);
 }
 // For tests and measurements: time from the last keystroke to the results, bytes fetched so
 // far, and a counter that changes when a search has been shown.
 function finished() {
  form.setAttribute('data-search-ms', Math.round(performance.now() - started));
  form.setAttribute('data-search-bytes', fetchedBytes);
  form.setAttribute('data-search-pass', ++pass);
 }
 // Fetches the next page of STATE's journals and appends them; resolves to the first new item.
 function show(state, fresh) {
  var page = state.ids.slice(state.shown, state.shown + PAGE), mine = generation;
  return Promise.all(page.map(function (doc) { return getFragment(state.m, doc); })).then(function (docs) {
   if (mine !== generation) return null;
   if (fresh) list.textContent = '';
   var first = null;
   docs.forEach(function (f) { var li = result(f, state.re); first = first || li; list.appendChild(li); });
   state.shown += page.length;
   more.hidden = state.shown >= state.ids.length;
   return first;
  });
 }
 function run() {
  clearTimeout(timer);
  var p = params(), mine = ++generation;
  remember(p);
  var ts = terms(p.q), filters = [];
  if (p.tag) filters.push({ key: '#t:' + p.tag });
  if (p.week) filters.push({ key: '#w:' + p.week });
  if (!ts.length && !filters.length) {
   list.textContent = '';
   more.hidden = true;
   current = null;
   say(p.q ? 'none' : 'prompt');
   finished();
   return;
  }
  list.setAttribute('aria-busy', 'true');
  getManifest().then(function (m) {
   return search(m, ts, filters).then(function (ids) {
    if (mine !== generation) return;
    var state = { m: m, ids: ids, shown: 0, re: marker(ts) };
    return show(state, true).then(function () {
     if (mine !== generation) return;
     current = state;
     list.removeAttribute('aria-busy');
     if (!ids.length) say('none'); else if (ids.length === 1) say('found-one'); else say('found', ids.length);
     finished();
    });
   });
  }).catch(function () {
   if (mine !== generation) return;
   list.textContent = '';
   list.removeAttribute('aria-busy');
   more.hidden = true;
   current = null;
   say('failed');
   finished();
  });
 }
 form.addEventListener('submit', function (e) { e.preventDefault(); started = performance.now(); run(); });
 input.addEventListener('input', function () {
  started = performance.now();
  clearTimeout(timer);
  timer = setTimeout(run, 60);
 });
 tagSelect.addEventListener('change', function () { started = performance.now(); run(); });
 weekSelect.addEventListener('change', function () { started = performance.now(); run(); });
 more.addEventListener('click', function () {
  if (!current) return;
  show(current, false).then(function (first) {
   var link = first && first.querySelector('a');
   if (link) link.focus();
  });
 });
 var initial = new URLSearchParams(location.search);
 input.value = initial.get('q') || '';
 [[tagSelect, 'tag'], [weekSelect, 'week']].forEach(function (s) {
  var value = initial.get(s[1]) || '';
  s[0].value = value;
  if (s[0].value !== value) s[0].value = '';
 });
 started = performance.now();
 run();
 // The manifest is small and every query needs it: fetch it now, before the first keystroke.
 getManifest().catch(function () {});
 window.gazetteSearch = { tokens: tokens, terms: terms };
})();
