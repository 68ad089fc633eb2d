import type { PublishedEntry } from '../../../../projections/audit-trail';
import type { FoldDiff } from '../../../../projections/fesa/diff';
import { html, queryString, segment, type Html } from './html';
import { change, page, type Provenance } from './layout';

const recorded = (at: string | null, position: number): string => `${at === null ? '' : `${at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}, `}log position ${position}`;

const FORMAT_NAMES: Record<string, string> = {
  fesa: 'FESA post list (ratingliste.post)',
  'fesa-all': 'FESA published list (all.txt)',
  table: 'plain text table',
  csv: 'CSV',
  json: 'JSON',
};

/** Every published list, newest first: date, rule set, hash, the exact bytes and what changed since. */
export const publishedArchivePage = (entries: readonly PublishedEntry[], provenance: Provenance): string =>
  page(
    'Published lists',
    provenance,
    html`<p>Every rating list the federation published, as it was published: the bytes are reproduced from the log as known at publication and checked against the recorded SHA-256. "What changed since" compares each with what the ledger knows now (late results, corrections).</p>
${entries.length === 0
  ? html`<p>No list has been published yet (ledger list publish records one).</p>`
  : html`<table id="published-lists">
<caption>Published lists, newest first</caption>
<thead><tr><th scope="col">List</th><th scope="col">As of</th><th scope="col">Rule set</th><th scope="col">Format</th><th scope="col">Published</th><th scope="col">Content SHA-256</th><th scope="col">Download</th><th scope="col">What changed since</th></tr></thead>
<tbody>
${[...entries].reverse().map(
  (p) => html`<tr><th scope="row"><a href="/lists/published/${segment(p.event.listId)}">${p.event.listId}</a></th><td>${p.event.asOf}</td><td>${p.event.ruleSet}</td><td>${FORMAT_NAMES[p.event.format] ?? p.event.format}</td><td>${recorded(p.recordedAt, p.position)}</td><td class="hash">${p.event.contentHash}</td><td><a href="/lists/published/${segment(p.event.listId)}?download=1" download aria-label="bytes of ${p.event.listId}, exactly as published">bytes</a></td><td><a href="/lists/published/${segment(p.event.listId)}/diff" aria-label="changes since ${p.event.listId}">changes</a></td></tr>`,
)}
</tbody>
</table>`}`,
  );

/** One published list: what it is, where its bytes are, and the way to what changed since. */
export const publishedListPage = (p: PublishedEntry, provenance: Provenance): string => {
  const e = p.event;
  return page(
    `Published list ${e.listId}`,
    provenance,
    html`<dl class="facts">
<dt>List id</dt><dd><code>${e.listId}</code></dd>
<dt>As of</dt><dd>${e.asOf} (<a href="/${queryString({ 'as-of': e.asOf })}">the list of that date as known now</a>)</dd>
<dt>Rule set</dt><dd>${e.ruleSet}</dd>
<dt>Format</dt><dd>${FORMAT_NAMES[e.format] ?? e.format}${e.activeYears !== undefined ? `, players active in the last ${e.activeYears} years` : ''}</dd>
<dt>Published</dt><dd>${recorded(p.recordedAt, p.position)} by ${e.actor}${e.reason ? html` — ${e.reason}` : ''}</dd>
<dt>Content SHA-256</dt><dd class="hash">${e.contentHash}</dd>
</dl>
<ul>
<li><a href="/lists/published/${segment(e.listId)}?download=1" download>Download the list exactly as published</a> (the same bytes every time; the hash above is theirs)</li>
<li><a href="/lists/published/${segment(e.listId)}/diff">What changed since it was published</a></li>
</ul>`,
  );
};

const rating = (r: number | null): string => (r === null ? '—' : String(r));
const delta = (a: number | null, b: number | null): Html => (a === null || b === null ? html`` : change(b - a));

/**
 * A diff of two folds as an auditor reads it: per tournament, whose rating after it changed and by how much; then
 * the list's players whose rating or grade differ.
 */
export const diffTables = (diff: FoldDiff, labels: readonly [string, string], nameOf: (playerId: string) => string, tournamentName: (tournamentId: string) => string): Html => {
  const byTournament = new Map<string, FoldDiff['runs'][number][]>();
  for (const r of diff.runs) byTournament.set(r.tournamentId, [...(byTournament.get(r.tournamentId) ?? []), r]);
  const playerLink = (id: string) => html`<a href="/players/${segment(id)}">${nameOf(id)}</a>`;
  return html`<h2 id="tournaments-heading">Tournaments whose ratings differ</h2>
${diff.runs.length === 0
  ? html`<p>No tournament's ratings differ.</p>`
  : [...byTournament].map(
      ([tournamentId, runs], i) => html`<table class="diff-runs">
<caption id="run-${i}"><a href="/tournaments/${segment(tournamentId)}">${tournamentName(tournamentId)}</a> (${runs[0]!.date}): ${runs.length} player${runs.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Player</th><th scope="col" class="num">Rating after, ${labels[0]}</th><th scope="col" class="num">Rating after, ${labels[1]}</th><th scope="col" class="num">Difference</th></tr></thead>
<tbody>
${runs.map((r) => html`<tr><th scope="row">${playerLink(r.playerId)}</th><td class="num">${rating(r.oldRating)}</td><td class="num">${rating(r.newRating)}</td><td class="num">${delta(r.oldRating, r.newRating)}</td></tr>`)}
</tbody>
</table>`,
    )}
<h2 id="list-heading">Players whose rating or grade on the list differs</h2>
${diff.list.length === 0
  ? html`<p>The two lists agree for every player.</p>`
  : html`<table id="diff-list">
<caption>${diff.list.length} player${diff.list.length === 1 ? '' : 's'}: ${labels[0]} and ${labels[1]}</caption>
<thead><tr><th scope="col">Player</th><th scope="col" class="num">Rating, ${labels[0]}</th><th scope="col" class="num">Rating, ${labels[1]}</th><th scope="col" class="num">Difference</th><th scope="col">Grade, ${labels[0]}</th><th scope="col">Grade, ${labels[1]}</th></tr></thead>
<tbody>
${diff.list.map((l) => html`<tr><th scope="row">${playerLink(l.playerId)}</th><td class="num">${rating(l.oldRating)}</td><td class="num">${rating(l.newRating)}</td><td class="num">${delta(l.oldRating, l.newRating)}</td><td>${l.oldGrade}</td><td>${l.newGrade}${l.oldGrade !== l.newGrade ? html` <strong>(differs)</strong>` : ''}</td></tr>`)}
</tbody>
</table>`}`;
};

export const publishedDiffPage = (p: PublishedEntry, diff: FoldDiff, nameOf: (playerId: string) => string, tournamentName: (tournamentId: string) => string, provenance: Provenance): string =>
  page(
    `What changed since ${p.event.listId}`,
    provenance,
    html`<p>The list of ${p.event.asOf} under ${p.event.ruleSet} <a href="/lists/published/${segment(p.event.listId)}">as published</a> (${recorded(p.recordedAt, p.position)}), compared with the same date as the ledger knows it now: late results, corrections and withdrawals recorded since.</p>
${diffTables(diff, ['published', 'now'], nameOf, tournamentName)}`,
  );

/** Two rule sets side by side on one date: the form, and the players and tournaments where they differ. */
export const ruleSetsPage = (
  query: { asOf: string; rules: readonly [string, string]; known: readonly string[] },
  diff: FoldDiff,
  nameOf: (playerId: string) => string,
  tournamentName: (tournamentId: string) => string,
  provenance: Provenance,
): string => {
  const select = (name: string, id: string, label: string, chosen: string) =>
    html`<label for="${id}">${label}<select id="${id}" name="${name}">${query.known.map((r) => html`<option value="${r}"${r === chosen ? html` selected` : ''}>${r}</option>`)}</select></label>`;
  return page(
    'Rule sets side by side',
    provenance,
    html`<p>The same facts rated under two rule sets: every tournament up to the date, the players whose ratings or grades come out differently.</p>
<form class="inline" method="get" action="/diff">
<label for="as-of">Date<input id="as-of" type="date" name="as-of" value="${query.asOf}"></label>
${select('rules', 'rules-a', 'First rule set', query.rules[0])}
${select('rules', 'rules-b', 'Second rule set', query.rules[1])}
<button type="submit">Compare</button>
</form>
<p>${query.rules[0]} and ${query.rules[1]} on ${query.asOf}: ${diff.list.length} player${diff.list.length === 1 ? '' : 's'} differ on the list, ${diff.runs.length} rating${diff.runs.length === 1 ? '' : 's'} after a tournament.</p>
${diffTables(diff, query.rules, nameOf, tournamentName)}`,
  );
};
