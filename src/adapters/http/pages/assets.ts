/**
 * The pages' style sheet and their one script, served from the server's own origin: helmet's Content-Security-Policy
 * allows scripts only from 'self' and no inline handlers, so the script is a file and binds its own listeners.
 */
export const PAGES_CSS = `
:root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --line: #c8c8c8; --accent: #0b4f8a; --up: #0a6b2d; --down: #a3121f; --band: #f3f5f8; }
* { box-sizing: border-box; }
body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; margin: 0; }
header.site { background: var(--accent); color: #fff; padding: .6rem 1rem; }
header.site a { color: #fff; }
header.site nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1.2rem; margin: 0; padding: 0; }
header.site .brand { font-weight: 700; }
@media (max-width: 32rem) {
  header.site { padding: .5rem .75rem; }
  header.site nav ul { gap: .15rem .6rem; font-size: .9rem; }
  header.site .brand { flex-basis: 100%; }
}
main { padding: 1rem; max-width: 72rem; margin: 0 auto; }
h1 { font-size: 1.6rem; margin: .4rem 0 .6rem; }
h2 { font-size: 1.25rem; margin: 1.6rem 0 .5rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f4b400; outline-offset: 2px; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; color: var(--muted); caption-side: top; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; }
thead th { background: var(--band); border-bottom: 2px solid var(--muted); white-space: nowrap; }
td.num, th.num { text-align: right; }
tbody td:first-child { white-space: nowrap; }
tbody tr:hover { background: #fafbfd; }
a.game-id { font-size: .75rem; font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; white-space: nowrap; }
tr:target { background: #fff4cc; }
.up { color: var(--up); }
.down { color: var(--down); }
.muted, .provenance { color: var(--muted); }
.provenance { font-size: .9rem; border-top: 1px solid var(--line); margin-top: 2rem; padding-top: .5rem; }
form.inline { display: flex; flex-wrap: wrap; gap: .6rem; align-items: end; margin: .5rem 0 1rem; }
form.inline label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); }
input, select, button { font: inherit; padding: .25rem .4rem; border: 1px solid var(--muted); border-radius: 3px; background: #fff; color: var(--ink); }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
.downloads ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; margin: .3rem 0; }
nav.rule-sets { display: flex; flex-wrap: wrap; gap: .6rem; align-items: baseline; }
nav.rule-sets p { margin: .3rem 0; }
nav.rule-sets ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; margin: .3rem 0; }
nav.rule-sets a[aria-current] { font-weight: bold; text-decoration: none; }
.pager { display: flex; gap: 1rem; align-items: center; }
.chart { max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
.chart .axis { stroke: var(--muted); stroke-width: 1; }
.chart .grid { stroke: #e2e2e2; stroke-width: 1; }
.chart .line { fill: none; stroke: var(--accent); stroke-width: 2; }
.chart .point { fill: var(--accent); }
.chart .promotion { fill: #f4b400; stroke: #7a5a00; stroke-width: 1.5; }
.chart text { font-size: 12px; fill: var(--ink); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
code, .hash { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9em; }
.hash { word-break: break-all; }
.notice { background: var(--band); border-left: 4px solid var(--accent); padding: .5rem .8rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media print {
  header.site nav, form, .pager, .downloads, .no-print { display: none !important; }
  header.site { background: none; color: #000; padding: 0; }
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  a { color: #000; text-decoration: none; }
  thead { display: table-header-group; }
  tr, .chart { page-break-inside: avoid; }
  thead th { background: none; }
}
`;

/**
 * Progressive enhancement: a table marked `data-sortable` sorts by a click on a column heading (numbers as numbers),
 * and a search field marked `data-filter-for` hides the rows whose name does not match while one types. Without the
 * script the headings are links the server sorts by and the search form is submitted.
 */
export const PAGES_JS = `
(function () {
  'use strict';
  function cellValue(row, index) {
    var cell = row.cells[index];
    if (!cell) return '';
    var v = cell.getAttribute('data-value');
    return v !== null ? v : cell.textContent.trim();
  }
  function compare(a, b) {
    var x = Number(a), y = Number(b);
    if (a !== '' && b !== '' && !isNaN(x) && !isNaN(y)) return x - y;
    return a.localeCompare(b);
  }
  document.querySelectorAll('table[data-sortable]').forEach(function (table) {
    var headings = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(headings, function (th, index) {
      var link = th.querySelector('a[data-sort-key]');
      if (!link) return;
      link.addEventListener('click', function (event) {
        event.preventDefault();
        var descending = th.getAttribute('aria-sort') === 'ascending';
        Array.prototype.forEach.call(headings, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (r1, r2) {
          var c = compare(cellValue(r1, index), cellValue(r2, index));
          return descending ? -c : c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  document.querySelectorAll('input[data-filter-for]').forEach(function (input) {
    var table = document.getElementById(input.getAttribute('data-filter-for'));
    var status = document.getElementById(input.getAttribute('data-filter-status'));
    if (!table) return;
    input.addEventListener('input', function () {
      var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
      var shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var name = (row.getAttribute('data-name') || '').toLowerCase();
        var match = words.every(function (w) { return name.indexOf(w) >= 0; });
        row.hidden = !match;
        if (match) shown++;
      });
      if (status) status.textContent = shown + ' shown';
    });
  });
})();
`;
