/* Gazette: re-packs a board whose real card heights differ from the predicted ones. */
(function () {
 var root = document.documentElement, pass = 0;
 function check(board) {
  var cards = [].filter.call(board.children, function (c) { return c.classList.contains('card'); });
  var list = board.classList, i;
  if (list.contains('healed')) {
   list.remove('healed');
   board.removeAttribute('data-healed');
   board.style.height = '';
   cards.forEach(function (c) { c.style.left = c.style.top = ''; });
  }
  if (!cards.length || getComputedStyle(cards[0]).position != 'absolute') return;
  var w = cards[0].getBoundingClientRect().width, key = Math.round(w), differ = 0;
  list.add('measuring');
  cards.forEach(function (c) {
   var m = (',' + c.getAttribute('data-h')).match(new RegExp(',' + key + ':(\\d+)'));
   if (!m || Math.abs(c.getBoundingClientRect().height - m[1]) > 0.5) differ++;
  });
  list.remove('measuring');
  if (!differ) return;
  list.add('healed');
  board.setAttribute('data-healed', differ);
  var gap = parseFloat(getComputedStyle(board).getPropertyValue('--gap')) || 0;
  var n = Math.max(1, Math.round((board.clientWidth + gap) / (w + gap))), next = [];
  for (i = 0; i < n; i++) next.push(0);
  var heights = cards.map(function (c) { return c.getBoundingClientRect().height; });
  cards.forEach(function (c, k) {
   var col = 0;
   for (i = 1; i < n; i++) if (next[i] < next[col] - 0.5) col = i;
   c.style.left = col * (w + gap) + 'px';
   c.style.top = next[col] + 'px';
   next[col] += heights[k] + gap;
  });
  board.style.height = Math.max.apply(null, next) - gap + 'px';
 }
 function heal() {
  [].forEach.call(document.querySelectorAll('.board'), check);
  root.setAttribute('data-board-pass', ++pass);
 }
 var fonts = document.fonts;
 if (fonts) {
  fonts.ready.then(heal);
  fonts.addEventListener('loadingdone', heal);
 } else heal();
 addEventListener('resize', heal);
})();
