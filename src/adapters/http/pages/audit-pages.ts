import { FESA_PUBLISHED_RULE_SYSTEM, FESA_RULE_SYSTEM } from '../../../../domain/rules/fesa/rule-system';
import type { RuleSystem } from '../../../../domain/rules/rule-system';
import type { GameAmendment, PublishedEntry } from '../../../../projections/audit-trail';
import type { RunChange } from '../../../../projections/fesa/diff';
import type { DiffPage, NamedDiff } from '../diffs';
import type { SideBySideDiff } from '../answers/lists';
import { PAGE_SIZE } from '../paging';
import { html, plural, queryString, segment, type Html } from './html';
import { change, page, pager, type Provenance } from './layout';
import { amendmentsTable } from './tournament-page';
import type { RuleSetListDiff, RuleSetStanding } from '../../../app/rule-set-publication';

export const recorded = (at: string | null, position: number): string => `${at === null ? '' : `${at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}, `}log position ${position}`;

export const FORMAT_NAMES: Record<string, string> = {
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

const standing = (s: RuleSetStanding | null): string => (s === null ? '—' : `${s.rating}${s.grade ? ` (${s.grade})` : ''}`);

/** What changed since a list of a non-FESA rule set was published: the players whose rating or grade differs. */
export const ruleSetListDiffPage = (p: PublishedEntry, diff: RuleSetListDiff, provenance: Provenance): string =>
  page(
    `What changed since ${p.event.listId}`,
    provenance,
    html`<p>The ${p.event.ruleSet} list <a href="/lists/published/${segment(p.event.listId)}">${p.event.listId}</a> as of ${p.event.asOf}, as published, against the same date's list as the ledger knows it now.</p>
${diff.players.length === 0
  ? html`<p>No player's rating or grade changed.</p>`
  : html`<table id="rule-set-list-diff">
<caption>Players whose rating or grade changed</caption>
<thead><tr><th scope="col">Player</th><th scope="col">Published</th><th scope="col">Now</th></tr></thead>
<tbody>
${diff.players.map((r) => html`<tr><th scope="row"><a href="/players/${segment(r.id)}">${r.name}</a></th><td>${standing(r.before)}</td><td>${standing(r.after)}</td></tr>`)}
</tbody>
</table>`}`,
  );

const rating = (r: number | null): string => (r === null ? '—' : String(r));
const delta = (a: number | null, b: number | null): Html => (a === null || b === null ? html`` : change(b - a));

/** The search and the pages of a diff asked for, kept in the links of the page. */
export interface DiffQuery {
  readonly search: string;
  readonly page: number;
  readonly runsPage: number;
}

/**
 * A diff of two folds as an auditor reads it: the list's players whose rating or grade differ, then per tournament
 * whose rating after it changed and by how much; each part 100 rows a page, with a search by name over both.
 * `hrefOf` is the page's own URL with other query parameters.
 */
export const diffTables = (
  d: NamedDiff,
  shown: DiffPage,
  q: DiffQuery,
  labels: readonly [string, string],
  tournamentName: (tournamentId: string) => string,
  hrefOf: (params: Record<string, string | number | undefined>) => string,
  ruleSets?: readonly [string, string],
): Html => {
  const diff = d.diff;
  // under two rule sets each grade links to the player's grade history under that rule set (the rule behind it)
  const grade = (playerId: string, text: string, side: 0 | 1): Html =>
    ruleSets === undefined || text === '-' ? html`${text}` : html`<a href="/players/${segment(playerId)}${queryString({ rules: ruleSets[side] })}#grades-heading" aria-label="${text}: grade history of ${d.nameOf(playerId)} under ${ruleSets[side]}">${text}</a>`;
  const kept = { q: q.search || undefined, page: q.page > 1 ? shown.list.page : undefined, 'runs-page': q.runsPage > 1 ? shown.runs.page : undefined };
  const byTournament = new Map<string, RunChange[]>();
  for (const r of shown.runs.shown) byTournament.set(r.tournamentId, [...(byTournament.get(r.tournamentId) ?? []), r]);
  const playerLink = (id: string) => html`<a href="/players/${segment(id)}">${d.nameOf(id)}</a>`;
  const found = (n: number, total: number, what: string) => (n === total ? plural(total, what) : `${n} of ${plural(total, what)}`);
  const listLinks = pager('Pages of the players whose list entry differs', shown.list, (n) => `${hrefOf({ ...kept, page: n })}#list-heading`);
  const runLinks = pager('Pages of the re-rated players', shown.runs, (n) => `${hrefOf({ ...kept, 'runs-page': n })}#tournaments-heading`);
  return html`<form class="inline" method="get" role="search">
<label for="search">Search players by name<input id="search" type="search" name="q" value="${q.search}" autocomplete="off"></label>
${hiddenInputs(hrefOf({}))}
<button type="submit">Search</button>
<span id="search-status" class="muted" role="status" aria-live="polite">${q.search !== '' ? `${plural(shown.list.matching, 'list entry', 'list entries')} and ${plural(shown.runs.matching, 'rating')} match "${q.search}"` : ''}</span>
</form>
<h2 id="list-heading">Players whose rating or grade on the list differs</h2>
${diff.list.length === 0
  ? html`<p>The two lists agree for every player.</p>`
  : html`${listLinks}<table id="diff-list">
<caption>${found(shown.list.matching, diff.list.length, 'player')}: ${labels[0]} and ${labels[1]}${shown.list.pages > 1 ? `, ${PAGE_SIZE} a page` : ''}</caption>
<thead><tr><th scope="col">Player</th><th scope="col" class="num">Rating, ${labels[0]}</th><th scope="col" class="num">Rating, ${labels[1]}</th><th scope="col" class="num">Difference</th><th scope="col">Grade, ${labels[0]}</th><th scope="col">Grade, ${labels[1]}</th></tr></thead>
<tbody>
${shown.list.shown.map((l) => html`<tr><th scope="row">${playerLink(l.playerId)}</th><td class="num">${rating(l.oldRating)}</td><td class="num">${rating(l.newRating)}</td><td class="num">${delta(l.oldRating, l.newRating)}</td><td>${grade(l.playerId, l.oldGrade, 0)}</td><td>${grade(l.playerId, l.newGrade, 1)}${l.oldGrade !== l.newGrade ? html` <strong>(differs)</strong>` : ''}</td></tr>`)}
</tbody>
</table>${listLinks}`}
<h2 id="tournaments-heading">Tournaments whose ratings differ</h2>
${diff.runs.length === 0
  ? html`<p>No tournament's ratings differ.</p>`
  : html`<p>${found(shown.runs.matching, diff.runs.length, 'rating')} after a tournament differ${shown.runs.pages > 1 ? `, ${PAGE_SIZE} a page` : ''}.</p>
${runLinks}
${[...byTournament].map(
  ([tournamentId, runs], i) => html`<table class="diff-runs">
<caption id="run-${i}"><a href="/tournaments/${segment(tournamentId)}">${tournamentName(tournamentId)}</a> (${runs[0]!.date}): ${plural(runs.length, 'player')}${shown.runs.pages > 1 ? ' on this page' : ''}</caption>
<thead><tr><th scope="col">Player</th><th scope="col" class="num">Rating after, ${labels[0]}</th><th scope="col" class="num">Rating after, ${labels[1]}</th><th scope="col" class="num">Difference</th></tr></thead>
<tbody>
${runs.map((r) => html`<tr><th scope="row">${playerLink(r.playerId)}</th><td class="num">${rating(r.oldRating)}</td><td class="num">${rating(r.newRating)}</td><td class="num">${delta(r.oldRating, r.newRating)}</td></tr>`)}
</tbody>
</table>`,
)}
${runLinks}`}`;
};

/** The query parameters of a link as hidden fields, so that a search form keeps the page's date and rule sets. */
const hiddenInputs = (href: string): Html => {
  const params = new URLSearchParams(href.includes('?') ? href.slice(href.indexOf('?') + 1) : '');
  return html`${[...params].filter(([k]) => k !== 'q' && k !== 'page' && k !== 'runs-page').map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}`;
};

/**
 * What changed since a list was published: the corrections and withdrawals recorded since in the tournaments it
 * covers (`since`, the why an auditor asks first), then the players and ratings that differ.
 */
export const publishedDiffPage = (
  p: PublishedEntry,
  d: NamedDiff,
  shown: DiffPage,
  q: DiffQuery,
  since: readonly GameAmendment[],
  tournamentName: (tournamentId: string) => string,
  personal: boolean,
  provenance: Provenance,
): string => {
  const self = `/lists/published/${segment(p.event.listId)}/diff`;
  return page(
    `What changed since ${p.event.listId}`,
    provenance,
    html`<p>The list of ${p.event.asOf} under ${p.event.ruleSet} <a href="/lists/published/${segment(p.event.listId)}">as published</a> (${recorded(p.recordedAt, p.position)}), compared with the same date as the ledger knows it now: late results, corrections and withdrawals recorded since.</p>
<h2 id="since-heading">Corrections and withdrawals recorded since</h2>
${since.length === 0
  ? html`<p>No game of a tournament up to ${p.event.asOf} was corrected or withdrawn after the list was published; what differs below comes from other facts recorded since (late results, officers' adjustments, registrations).</p>`
  : amendmentsTable('since', `${plural(since.length, 'game')} of tournaments up to ${p.event.asOf} corrected or withdrawn after log position ${p.position}, with the officer's reason`, since, personal, tournamentName)}
${diffTables(d, shown, q, ['published', 'now'], tournamentName, (params) => `${self}${queryString(params)}`)}`,
  );
};

const RULE_SYSTEMS: Readonly<Record<string, RuleSystem>> = { [FESA_RULE_SYSTEM.id]: FESA_RULE_SYSTEM, [FESA_PUBLISHED_RULE_SYSTEM.id]: FESA_PUBLISHED_RULE_SYSTEM };

/** What each of two rule sets is, and the options in which they differ (why the players below come out differently). */
const ruleSetDifferences = (rules: readonly [string, string]): Html => {
  const [a, b] = [RULE_SYSTEMS[rules[0]], RULE_SYSTEMS[rules[1]]];
  if (a === undefined || b === undefined) return html``;
  const valueOf = (system: RuleSystem, name: string) => JSON.stringify(system.options.find((o) => o.name === name)?.default);
  const differing = a.options.filter((o) => valueOf(a, o.name) !== valueOf(b, o.name));
  return html`<h2 id="rules-heading">The two rule sets</h2>
<ul>${[a, b].map((r) => html`<li><strong>${r.id}</strong>: ${r.title} (${r.version})</li>`)}</ul>
${a.id === b.id
  ? html`<p>The same rule set twice: nothing can differ.</p>`
  : html`<table id="rule-options">
<caption>${plural(differing.length, 'option')} in which ${a.id} and ${b.id} differ</caption>
<thead><tr><th scope="col">Option</th><th scope="col">What it decides</th><th scope="col">${a.id}</th><th scope="col">${b.id}</th></tr></thead>
<tbody>
${differing.map((o) => html`<tr><th scope="row"><code>${o.name}</code></th><td>${o.description}</td><td>${valueOf(a, o.name)}</td><td>${valueOf(b, o.name)}</td></tr>`)}
</tbody>
</table>`}`;
};

type PairQuery = { asOf: string; rules: readonly [string, string]; known: readonly string[] };

/** What the comparison pages say first, and the form that asks for another pair or date. */
const pairForm = (query: PairQuery): Html => {
  const select = (name: string, id: string, label: string, chosen: string) =>
    html`<label for="${id}">${label}<select id="${id}" name="${name}">${query.known.map((r) => html`<option value="${r}"${r === chosen ? html` selected` : ''}>${r}</option>`)}</select></label>`;
  return html`<p>The same facts rated under two rule sets: every tournament up to the date, the players whose ratings or grades come out differently.</p>
<form class="inline" method="get" action="/diff">
<label for="as-of">Date<input id="as-of" type="date" name="as-of" value="${query.asOf}"></label>
${select('rules', 'rules-a', 'First rule set', query.rules[0])}
${select('rules', 'rules-b', 'Second rule set', query.rules[1])}
<button type="submit">Compare</button>
</form>`;
};

/** Two rule sets not both FESA, player by player (the JSON's `SideBySideDiff` at the same URL, the same page of it). */
export const sideBySidePage = (query: PairQuery, d: SideBySideDiff, provenance: Provenance): string => {
  const [a, b] = d.labels;
  const rating = (r: SideBySideDiff['players'][number]['a']) => (r === null ? '—' : r.grade === '-' ? String(r.rating) : `${r.rating} ${r.grade}`);
  const differing = d.players.filter((p) => p.delta !== null && p.delta !== 0).length;
  return page(
    'Rule sets side by side',
    provenance,
    html`${pairForm(query)}
<p>${a} and ${b} on ${d.asOf}: ${plural(d.paging.players.total, 'player')} rated under one or both; ${plural(differing, 'player')} on this page rated differently.</p>
${(d.enteredAtGrade ?? []).map((r) => html`<p class="notice" role="note">Nobody is rated under ${r} by its own entry rule on these facts: its newcomers enter at their declared grade.</p>`)}
<table>
<caption>Players under ${a} and ${b}${d.paging.players.pages > 1 ? ` (page ${d.paging.players.page} of ${d.paging.players.pages})` : ''}</caption>
<thead><tr><th scope="col">Player</th><th scope="col">${a}</th><th scope="col">${b}</th><th scope="col" class="num">Difference</th><th scope="col">Why</th></tr></thead>
<tbody>
${d.players.map((p) => html`<tr><th scope="row"><a href="/players/${segment(p.playerId)}">${p.name}</a> <span class="muted">${p.playerId}</span></th><td>${rating(p.a)}</td><td>${rating(p.b)}</td><td class="num">${p.delta === null ? '—' : change(p.delta)}</td><td>${(p.why ?? []).join('; ')}</td></tr>`)}
</tbody>
</table>`,
  );
};

/** Two rule sets side by side on one date: the form, and the players and tournaments where they differ. */
export const ruleSetsPage = (
  query: PairQuery,
  d: NamedDiff,
  shown: DiffPage,
  q: DiffQuery,
  tournamentName: (tournamentId: string) => string,
  provenance: Provenance,
): string => {
  const self = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams(queryString({ 'as-of': query.asOf, ...params }).slice(1));
    const rest = search.toString();
    // rules come twice, which a record cannot hold
    return `/diff?rules=${encodeURIComponent(query.rules[0])}&rules=${encodeURIComponent(query.rules[1])}${rest === '' ? '' : `&${rest}`}`;
  };
  return page(
    'Rule sets side by side',
    provenance,
    html`${pairForm(query)}
<p>${query.rules[0]} and ${query.rules[1]} on ${query.asOf}: ${plural(d.diff.list.length, 'player')} differ on the list, ${plural(d.diff.runs.length, 'rating')} after a tournament.</p>
${ruleSetDifferences(query.rules)}
${diffTables(d, shown, q, query.rules, tournamentName, self, query.rules)}`,
  );
};
