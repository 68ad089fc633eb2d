import type { ListFormat, ListRow } from '../../../app/lists';
import { AS_ADOPTED } from '../../../../domain/rules/rule-set-ids';
import { html, queryString, segment, type Html } from './html';
import { page, pager, type Provenance } from './layout';
import { matchesSearch, pageOf, PAGE_SIZE, type PageOf } from '../paging';

export const LIST_SORTS = ['rank', 'name', 'country', 'grade', 'rating', 'games', 'last-played'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export interface ListPageQuery {
  readonly asOf: string;
  /** Whether the date was given (a dated list) or is today's. */
  readonly dated: boolean;
  readonly search: string;
  readonly sort: ListSort;
  readonly descending: boolean;
  readonly page: number;
  readonly ruleSet: string | undefined;
  /** The last rated tournament's date up to the list's date (offered when nobody was active in the two years). */
  readonly latestTournament?: string;
  /** The activity filter's years (0: everybody rated); default FESA's two. */
  readonly activeYears?: number;
  /** The lists the ledger's tournaments are rated for (`as-adopted` for FESA's), offered side by side when several. */
  readonly offered?: readonly string[];
}

/** Links to the list of the same date under each rule set the ledger rates tournaments under, this one marked. */
const ruleSetLinks = (q: ListPageQuery): Html | string => {
  const offered = q.offered ?? [];
  if (offered.length < 2) return '';
  const shown = q.ruleSet ?? AS_ADOPTED;
  const link = (ruleSet: string): Html => {
    const label = ruleSet === AS_ADOPTED ? 'FESA' : ruleSet;
    const href = `/lists${queryString({ 'as-of': q.dated ? q.asOf : undefined, rules: ruleSet === AS_ADOPTED ? undefined : ruleSet })}`;
    return ruleSet === shown ? html`<li><a href="${href}" aria-current="page">${label}</a></li>` : html`<li><a href="${href}">${label}</a></li>`;
  };
  return html`<nav class="rule-sets" aria-label="Lists by rule set"><p>Lists under each rule set this ledger rates by:</p><ul>${offered.map(link)}</ul></nav>`;
};

/** Who the list holds: FESA's list the players active in its two years; another rule set's everybody rated, unless asked. */
const whoIsListed = (q: ListPageQuery): string => {
  const years = q.activeYears ?? 2;
  if (years === 0) return `Every player rated as of ${q.asOf}`;
  return `Players active in the ${activeSpan(years)} before ${q.asOf}`;
};

/** The span of the activity filter in words: "two years", "year", "5 years". */
const activeSpan = (years: number): string => (years === 2 ? 'two years' : years === 1 ? 'year' : `${years} years`);

const FORMAT_LABELS: Record<ListFormat, string> = {
  json: 'JSON',
  csv: 'CSV (spreadsheet)',
  table: 'plain text table',
  fesa: 'FESA post list (ratingliste.post)',
  'fesa-all': 'FESA published list (all.txt)',
};

/** A grade's place on the scale: FESA's "3 Kyu", "2 Dan", "Pro 2" and the other systems' "3-kyu", "2-dan", "1-pro". */
const gradeRank = (grade: string): number => {
  const m = /^(\d+)[ -](kyu|dan)$/i.exec(grade);
  if (!m) return /pro/i.test(grade) ? 100 : -100;
  return m[2]!.toLowerCase() === 'dan' ? Number(m[1]) : -Number(m[1]);
};

const sortKey: Record<ListSort, (r: ListRow) => number | string> = {
  rank: (r) => r.rank,
  name: (r) => r.name.toLowerCase(),
  country: (r) => r.country,
  grade: (r) => gradeRank(r.grade),
  rating: (r) => r.rating,
  games: (r) => r.games,
  'last-played': (r) => r.lastPlayed ?? '',
};

/** The rows a page shows: searched by name, sorted (ties by rank), and one page of them. */
export const pageOfRows = (rows: readonly ListRow[], q: ListPageQuery): PageOf<ListRow> => {
  // the list's own order: no copy of its twenty thousand rows to sort
  if (q.search === '' && q.sort === 'rank' && !q.descending) return pageOf(rows, q.page);
  const key = sortKey[q.sort];
  const matching = rows.filter((r) => matchesSearch(r.name, q.search));
  matching.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return (q.descending ? -c : c) || a.rank - b.rank;
  });
  return pageOf(matching, q.page);
};

/** The current list (home) or the list of any date: the two-year activity filter, sortable, searchable, paged. */
export const listPage = (rows: readonly ListRow[], q: ListPageQuery, formats: readonly ListFormat[], provenance: Provenance): string => {
  const paged = pageOfRows(rows, q);
  const { shown, matching, pages } = paged;
  const base = { 'as-of': q.dated ? q.asOf : undefined, rules: q.ruleSet, q: q.search || undefined };
  // the script sorts and filters the rows it has: only when they are all the (searched) list's rows
  const complete = pages === 1;
  const heading = (sort: ListSort, label: string, numeric = false): Html => {
    const active = q.sort === sort;
    const nextDescending = active ? !q.descending : sort === 'rating' || sort === 'games' || sort === 'last-played' || sort === 'grade';
    const href = queryString({ ...base, sort, dir: nextDescending ? 'desc' : undefined });
    return html`<th scope="col"${numeric ? html` class="num"` : ''}${active ? html` aria-sort="${q.descending ? 'descending' : 'ascending'}"` : ''}><a href="/lists${href}" data-sort-key="${sort}">${label}</a></th>`;
  };
  const title = q.dated ? `Rating list of ${q.asOf}` : 'Current rating list';
  const pageLinks = pager('Pages of the list', paged, (n) => `/lists${queryString({ ...base, sort: q.sort === 'rank' ? undefined : q.sort, dir: q.descending ? 'desc' : undefined, page: n })}`);
  const content = html`${ruleSetLinks(q)}<p>${whoIsListed(q)} (${rows.length} players)${q.ruleSet !== undefined ? html`, every tournament rated under ${q.ruleSet}` : ''}. Select a name to see the player's rating history.</p>
<form class="inline" method="get" action="/lists" role="search">
<label for="search">Search by name<input id="search" type="search" name="q" value="${q.search}"${complete ? html` data-filter-for="rating-list" data-filter-status="search-status"` : ''} autocomplete="off"></label>
<label for="as-of">List of the date<input id="as-of" type="date" name="as-of" value="${q.asOf}"></label>
${q.ruleSet !== undefined ? html`<input type="hidden" name="rules" value="${q.ruleSet}">` : ''}
<button type="submit">Show</button>
<span id="search-status" class="muted" role="status" aria-live="polite">${q.search !== '' ? `${matching} of ${rows.length} match "${q.search}"` : ''}</span>
</form>
<section class="downloads" aria-labelledby="downloads-heading">
<h2 id="downloads-heading">Download this list</h2>
<ul>${formats.map((f) => html`<li><a href="/lists${queryString({ 'as-of': q.asOf, format: f, rules: q.ruleSet })}" download>${FORMAT_LABELS[f]}</a></li>`)}</ul>
</section>
<h2 id="list-heading">Players</h2>
${pageLinks}
<table id="rating-list"${complete ? html` data-sortable` : ''}>
<caption>${title}: ${matching === rows.length ? `${rows.length} players` : `${matching} of ${rows.length} players`}${pages > 1 ? `, ${PAGE_SIZE} a page` : ''}</caption>
<thead><tr>${heading('rank', '#', true)}${heading('name', 'Name')}${heading('grade', 'Grade')}${heading('rating', 'Rating', true)}${heading('games', 'Games', true)}${heading('last-played', 'Last played')}${heading('country', 'Country')}</tr></thead>
<tbody>
${shown.map(
  (r) => html`<tr data-name="${r.name}"><td class="num">${r.rank}</td><th scope="row"><a href="/players/${segment(r.playerId)}">${r.name}</a></th><td data-value="${gradeRank(r.grade)}">${r.grade}</td><td class="num">${r.rating}${r.provisional ? html`<abbr title="provisional: fewer rated games than the rules need">*</abbr>` : ''}</td><td class="num">${r.games}</td><td>${r.lastPlayed ?? ''}</td><td>${r.country}</td></tr>`,
)}
</tbody>
</table>
${shown.some((r) => r.provisional) ? html`<p class="muted" id="provisional-note">* provisional rating: fewer rated games than the rules need for an established one.</p>` : ''}
${shown.length === 0 && q.search !== '' ? html`<p>No player matches "${q.search}".</p>` : ''}
${rows.length === 0 ? html`<p>${(q.activeYears ?? 2) === 0 ? `Nobody is rated as of ${q.asOf}.` : `Nobody played a rated game in the ${activeSpan(q.activeYears ?? 2)} before ${q.asOf}.`}${q.latestTournament !== undefined ? html` The last rated tournament ended on ${q.latestTournament}: <a href="/lists${queryString({ 'as-of': q.latestTournament, rules: q.ruleSet })}">the list of that date</a>.` : ''}</p>` : ''}
${pageLinks}`;
  return page(title, provenance, content, { description: `${title}: grades and ratings` });
};
