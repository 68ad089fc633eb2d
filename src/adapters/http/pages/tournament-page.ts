import type { TournamentRegistered } from '../../../../domain/events';
import type { GameAmendment } from '../../../../projections/audit-trail';
import type { CrosstableRow, FesaCrosstable } from '../../../../projections/fesa/crosstable';
import type { RatedTournamentView, ReportedGame } from '../../../app/tournaments';
import { html, queryString, segment, type Html } from './html';
import { change, indexControls, page, type IndexQuery, type Provenance } from './layout';
import { PAGE_SIZE } from '../paging';
import type { TournamentEntry } from '../tournament-index';

const gameAnchor = (gameId: string): string => `game-${encodeURIComponent(gameId)}`;

/**
 * Corrections and withdrawals of games: the date the officer gave, when the ledger recorded it (and where in the
 * log), the game (with its tournament when `tournamentName` is given), what was done, the reason and (to a signed-in
 * reader, `personal`: a name is personal data) the officer.
 */
export const amendmentsTable = (id: string, caption: string, amendments: readonly GameAmendment[], personal: boolean, tournamentName?: (tournamentId: string) => string): Html =>
  html`<table id="${id}">
<caption>${caption}</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Recorded</th>${tournamentName ? html`<th scope="col">Tournament</th>` : ''}<th scope="col">Game</th><th scope="col">What</th><th scope="col">Reason</th>${personal ? html`<th scope="col">Officer</th>` : ''}</tr></thead>
<tbody>
${amendments.map(
  (a) =>
    html`<tr><td>${a.validDate}</td><td>${a.recordedAt === null ? `position ${a.position}` : `${a.recordedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')} (position ${a.position})`}</td>${tournamentName ? html`<td><a href="/tournaments/${segment(a.tournamentId)}">${tournamentName(a.tournamentId)}</a></td>` : ''}<th scope="row">${tournamentName ? html`<a href="/tournaments/${segment(a.tournamentId)}#${gameAnchor(a.gameId)}"><code>${a.gameId}</code></a>` : html`<code>${a.gameId}</code>`}</th><td>${a.kind}</td><td>${a.reason}</td>${personal ? html`<td>${a.actor}</td>` : ''}</tr>`,
)}
</tbody>
</table>`;

/** Games played, byes apart (a bye is a round without an opponent, no game: counted in, 1,030 games read as 2,456). */
const gamesLine = (games: TournamentView['games']): string => {
  const kept = games.filter((g) => g.status !== 'withdrawn');
  const byes = kept.filter((g) => g.second === null).length;
  const withdrawn = games.length - kept.length;
  return `${kept.length - byes}${byes > 0 ? ` and ${byes} bye${byes === 1 ? '' : 's'}` : ''}${withdrawn > 0 ? ` (and ${withdrawn} withdrawn)` : ''}`;
};

/** How a reported result reads, from the first player's side. */
const RESULT_TEXT: Record<string, string> = {
  win: '1–0',
  loss: '0–1',
  draw: '½–½',
  sennichite: 'sennichite (replayed)',
  unplayed: 'not played',
  'forfeit-win': '1–0 by forfeit',
  'forfeit-loss': '0–1 by forfeit',
  bye: 'bye',
};

const points = (p: number): string => (Number.isInteger(p) ? String(p) : p.toFixed(1));
const ROUND_MARK: Record<number, [string, string]> = { 1: ['+', 'won against'], 0: ['-', 'lost to'], 0.5: ['=', 'drew with'] };

export interface TournamentView {
  readonly registration: TournamentRegistered;
  /** The cross table when the tournament is rated; else why not. */
  readonly crosstable: FesaCrosstable | string;
  readonly ruleSetUsed: string | undefined;
  readonly games: readonly ReportedGame[];
  readonly amendments: readonly GameAmendment[];
  readonly closed: string | undefined;
  readonly playerIdOfRow: (row: CrosstableRow) => string | undefined;
  readonly nameOf: (playerId: string) => string;
  /** The rule set asked for in the URL (kept in links). */
  readonly rules: string | undefined;
  /** A tournament under fide, uscf-k, gobase-go … (a TRF or EGD import): its players' ratings and its games. */
  readonly rated?: RatedTournamentView;
  /** The reader signed in: the officers who amended games are named. */
  readonly personal: boolean;
  /** Asked under a non-FESA rule set (`rules`): every tournament of the ledger rated under it, not as recorded. */
  readonly asked?: { readonly rules: string; readonly enteredAtGrade: boolean };
}

/** What a tournament asked under another rule set shows: that it is not as recorded, and where the recorded one is. */
const askedNote = (v: TournamentView): Html =>
  v.asked === undefined
    ? html``
    : html`<p id="asked-rules">Every tournament of the ledger rated under ${v.asked.rules}, as asked; <a href="/tournaments/${segment(v.registration.tournamentId)}">the ratings as recorded</a>.${v.asked.enteredAtGrade ? ` Nobody on the ledger is rated under ${v.asked.rules} by its own entry rule, so its newcomers entered at their declared grade's midpoint, as the comparison of rule sets enters them.` : ''}</p>`;

const playerLink = (playerId: string | undefined, name: string, rules: string | undefined): Html =>
  playerId === undefined ? html`${name}` : html`<a href="/players/${segment(playerId)}${queryString({ rules })}">${name}</a>`;

/** A link from a cross table's cell to the game's row below, by its id (ids may hold any character). */

const crosstableTable = (t: FesaCrosstable, v: TournamentView): Html => {
  const byNr = new Map(t.rows.map((r) => [r.nr, r]));
  // the games a player played in a round (a sennichite replay is a second game of the same round)
  const gamesOf = new Map<string, string[]>();
  for (const g of v.games) {
    if (g.status === 'withdrawn') continue;
    for (const p of [g.first, g.second]) if (p !== null) gamesOf.set(`${g.round}|${p}`, [...(gamesOf.get(`${g.round}|${p}`) ?? []), g.game]);
  }
  const gameIds = (round: number, playerId: string | undefined): Html =>
    playerId === undefined ? html`` : html`${(gamesOf.get(`${round}|${playerId}`) ?? []).map((id) => html`<br><a class="game-id" href="#${gameAnchor(id)}">${id}</a>`)}`;
  const nameOfRow = (r: CrosstableRow) => `${r.lastName}${r.firstName ? ` ${r.firstName}` : ''}`;
  const tournamentId = v.registration.tournamentId;
  return html`<table id="crosstable">
<caption>Cross table of ${t.name}: each round's opponent (by number), result (+ won, - lost, = drawn), handicap and game id; ratings before and after</caption>
<thead><tr><th scope="col" class="num">Nr</th><th scope="col">Player</th><th scope="col">Country</th><th scope="col">Grade</th><th scope="col" class="num">Before</th><th scope="col" class="num">After</th>${Array.from({ length: t.rounds }, (_, i) => html`<th scope="col" class="num">Round ${i + 1}</th>`)}<th scope="col" class="num">Points</th><th scope="col" class="num">Change</th><th scope="col">Games</th></tr></thead>
<tbody>
${t.rows.map((r) => {
  const playerId = v.playerIdOfRow(r);
  return html`<tr><td class="num">${r.nr}</td><th scope="row">${playerLink(playerId, nameOfRow(r), v.rules)}</th><td>${r.nationality ?? ''}</td><td>${r.gradeLevel > 0 ? `${r.gradeLevel} ${r.gradeName}` : '-'}</td><td class="num">${r.provisional ? '-' : r.rating}</td><td class="num">${r.provisional ? html`${r.rating}<abbr title="provisional: the new performance rating">*</abbr>` : r.rating + (r.change ?? 0)}</td>${Array.from({ length: t.rounds }, (_, i) => {
    const g = r.rounds[i];
    if (!g) return html`<td></td>`;
    if (g.opponent === 0) return html`<td class="num"><abbr title="no opponent this round (${g.score === 1 ? 'a point' : g.score === 0.5 ? 'half a point' : 'no point'})">bye</abbr>${gameIds(i + 1, playerId)}</td>`;
    const [mark, verb] = ROUND_MARK[g.score] ?? ['?', 'played'];
    const opponent = byNr.get(g.opponent);
    const handicap = g.handicap ? ` (${g.handicap.side}${g.handicap.type})` : '';
    return html`<td class="num"><abbr title="${verb} ${opponent ? nameOfRow(opponent) : `number ${g.opponent}`}${g.handicap ? `, handicap ${g.handicap.side === '+' ? 'received' : 'given'}: ${g.handicap.type}` : ''}">${g.opponent}${mark}${handicap}</abbr>${gameIds(i + 1, playerId)}</td>`;
  })}<td class="num">${points(r.points)}</td><td class="num">${change(r.change)}</td><td>${playerId !== undefined ? html`<a href="/players/${segment(playerId)}/explain${queryString({ tournament: tournamentId, rules: v.rules })}" aria-label="Explain ${nameOfRow(r)}'s games in ${t.name}">explain</a>` : ''}</td></tr>`;
})}
</tbody>
</table>
${t.rows.some((r) => r.provisional || r.change === null) ? html`<p class="muted" id="provisional-note">* provisional player: the new performance rating. A blank change: provisional, or no rating before.</p>` : ''}
${t.promotions.length > 0 ? html`<h2 id="promotions-heading">Promotions</h2><ul>${t.promotions.map((p) => html`<li>${p.lastName}${p.firstName ? ` ${p.firstName}` : ''} promoted to ${p.toLevel} ${p.toName}</li>`)}</ul>` : ''}`;
};

const signedChange = (before: number | null, after: number | null): Html => change(before === null || after === null ? null : after - before);

/** A TRF or EGD tournament's players (rating before and after under its rule set, points, rank) and games. */
const ratedSections = (t: RatedTournamentView, v: TournamentView): Html => {
  const colourOf = (c: 'white' | 'black' | null, first: boolean): string => (c === null ? '' : first === (c === 'white') ? 'white' : 'black');
  // games played against an opponent (a bye is none), withdrawn ones left out
  const played = new Map<string, number>();
  for (const g of t.games) {
    if (g.second === null || g.status === 'withdrawn') continue;
    for (const id of [g.first, g.second]) played.set(id, (played.get(id) ?? 0) + 1);
  }
  return html`<h2 id="players-heading">Standings</h2>
<table id="players" data-sortable>
<caption>Players of ${t.name}${t.ruleSet ? ` with their ratings under ${t.ruleSet} before and after it` : ' (not closed yet, so not rated)'}, their points and games</caption>
<thead><tr><th scope="col" class="num">Nr</th><th scope="col">Player</th><th scope="col">Federation</th><th scope="col" class="num">Before</th><th scope="col" class="num">After</th><th scope="col" class="num">Change</th><th scope="col" class="num">Points</th><th scope="col" class="num">Games</th><th scope="col" class="num">Rank</th></tr></thead>
<tbody>
${t.players.map((p) => html`<tr><td class="num">${p.nr}</td><th scope="row">${playerLink(p.playerId, p.name, v.rules)}</th><td>${p.country}</td><td class="num">${p.before ?? '–'}</td><td class="num">${p.after ?? '–'}</td><td class="num">${signedChange(p.before, p.after)}</td><td class="num">${points(p.points)}</td><td class="num">${played.get(p.playerId) ?? 0}</td><td class="num">${p.rank ?? ''}</td></tr>`)}
</tbody>
</table>
<h2 id="games-heading">Games</h2>
<table id="games" data-sortable>
<caption>Games of ${t.name} as reported (after corrections), the result as the first player's, with whether ${t.ruleSet ?? 'its rule set'} rated each</caption>
<thead><tr><th scope="col">Game id</th><th scope="col" class="num">Round</th><th scope="col">Date</th><th scope="col">First player</th><th scope="col">Colour</th><th scope="col">Second player</th><th scope="col">Colour</th><th scope="col">Result</th><th scope="col" class="num">Stones</th><th scope="col">Rated</th><th scope="col">Status</th></tr></thead>
<tbody>
${t.games.map((g) => html`<tr id="${gameAnchor(g.game)}"><th scope="row"><code>${g.game}</code></th><td class="num">${g.round}</td><td>${g.date}</td><td>${playerLink(g.first, v.nameOf(g.first), v.rules)}</td><td>${colourOf(g.firstColour, true)}</td><td>${g.second === null ? '(bye)' : playerLink(g.second, v.nameOf(g.second), v.rules)}</td><td>${g.second === null ? '' : colourOf(g.firstColour, false)}</td><td>${g.result}</td><td class="num">${g.handicapStones ?? ''}</td><td>${g.rated}</td><td>${g.status}</td></tr>`)}
</tbody>
</table>`;
};

/** A tournament: its cross table with ratings before and after, its games with their ids, and every amendment. */
export const tournamentPage = (v: TournamentView, provenance: Provenance): string => {
  const r = v.registration;
  const content = html`<dl class="facts">
<dt>Tournament id</dt><dd><code>${r.tournamentId}</code></dd>
<dt>Dates</dt><dd>${r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`}</dd>
<dt>Closed</dt><dd>${v.closed ?? 'not yet (not rated)'}</dd>
${v.ruleSetUsed !== undefined ? html`<dt>Rated under</dt><dd>${v.ruleSetUsed}</dd>` : v.rated?.ruleSet ? html`<dt>Rated under</dt><dd>${v.rated.ruleSet}</dd>` : ''}
${v.rated?.place ? html`<dt>Place</dt><dd>${v.rated.place}</dd>` : ''}
${v.rated?.tournamentClass !== undefined ? html`<dt>Class, handicap rule, komi</dt><dd>${v.rated.tournamentClass || '–'}, ${v.rated.handicapRule || '–'}, ${v.rated.komi || '–'}</dd>` : ''}
<dt>Games</dt><dd>${gamesLine(v.games)}</dd>
</dl>
${askedNote(v)}
${v.rated !== undefined ? ratedSections(v.rated, v) : html`<h2 id="crosstable-heading">Cross table</h2>
${typeof v.crosstable === 'string'
  ? html`<p>${v.crosstable}.</p>`
  : html`${crosstableTable(v.crosstable, v)}<p class="downloads"><a href="/tournaments/${segment(r.tournamentId)}${queryString({ format: 'fesa-html', rules: v.rules })}" download>The official program's turnering.html (ISO-8859-1)</a></p>`}`}
<h2 id="amendments-heading">Corrections and withdrawals</h2>
${v.amendments.length === 0
  ? html`<p>No game of this tournament was corrected or withdrawn.</p>`
  : amendmentsTable('amendments', `Every correction and withdrawal of a game of ${r.name}, with the officer's reason`, v.amendments, v.personal)}
${v.rated !== undefined ? '' : html`<h2 id="games-heading">Games</h2>
<table id="games" data-sortable>
<caption>Games of ${r.name} as reported (after corrections), with the ids officers correct them by</caption>
<thead><tr><th scope="col"><a href="#games" data-sort-key="game">Game id</a></th><th scope="col" class="num"><a href="#games" data-sort-key="round">Round</a></th><th scope="col">First player</th><th scope="col">Second player</th><th scope="col">Result</th><th scope="col">Handicap</th><th scope="col">Status</th></tr></thead>
<tbody>
${v.games.map((g) => html`<tr id="${gameAnchor(g.game)}"><th scope="row"><code>${g.game}</code></th><td class="num">${g.round}</td><td>${playerLink(g.first, v.nameOf(g.first), v.rules)}</td><td>${g.second === null ? '(bye)' : playerLink(g.second, v.nameOf(g.second), v.rules)}</td><td>${RESULT_TEXT[g.result] ?? g.result}</td><td>${g.handicap}</td><td>${g.status}</td></tr>`)}
</tbody>
</table>`}`;
  return page(r.name, provenance, content, { description: `Cross table and games of ${r.name}` });
};

/** Every tournament, newest first, with its dates and whether it is rated yet: searchable by name, 100 a page. */
export const tournamentsPage = (
  tournaments: readonly TournamentEntry[],
  q: IndexQuery,
  provenance: Provenance,
): string => {
  const { form, links, counted } = indexControls('/tournaments', 'tournament-list', 'Search by name', 'tournament', q);
  return page(
    'Tournaments',
    provenance,
    html`${form}
${links}
<table id="tournament-list"${q.pages === 1 ? html` data-sortable` : ''}>
<caption>Tournaments in the ledger, newest first: ${counted}${q.pages > 1 ? `, ${PAGE_SIZE} a page` : ''}</caption>
<thead><tr><th scope="col"><a href="#tournament-list" data-sort-key="end">Date</a></th><th scope="col"><a href="#tournament-list" data-sort-key="name">Tournament</a></th><th scope="col" class="num"><a href="#tournament-list" data-sort-key="games">Games</a></th><th scope="col">Rated</th></tr></thead>
<tbody>
${tournaments.map(({ registration: t, games, closed }) => html`<tr data-name="${t.name} ${t.tournamentId}"><td>${t.startDate === t.endDate ? t.endDate : `${t.startDate} to ${t.endDate}`}</td><th scope="row"><a href="/tournaments/${segment(t.tournamentId)}">${t.name}</a></th><td class="num">${games}</td><td>${closed !== null ? 'yes' : 'not yet (not closed)'}</td></tr>`)}
</tbody>
</table>
${tournaments.length === 0 ? html`<p>${q.search !== '' ? `No tournament matches "${q.search}".` : 'No tournament has been registered yet.'}</p>` : ''}
${links}`,
  );
};
