import type { PlayerRegistered } from '../../../../domain/events';
import type { FesaPlayerReport } from '../../../../domain/rules/fesa/types';
import type { GradeRule, PlayerCareer } from '../../../../projections/fesa/career';
import { gradeSteps } from '../../../../projections/fesa/career';
import type { PlayerExplanation } from '../../../../projections/fesa/explain';
import type { RuleSetCareer } from '../../../app/career-rule-sets';
import { hasFesaRecord } from '../player-rules';
import { careerPoints, ratingChart } from './chart';
import { ruleSetSections } from './rule-set-sections';
import { html, plural, queryString, segment, type Html } from './html';
import { change, indexControls, page, type IndexQuery, type Provenance } from './layout';
import { PAGE_SIZE } from '../paging';
import type { MergedId } from '../../../app/read-models/player-directory';

/** What each promotion rule means, in words an officer or player reads (seed 000 §7, the program's find-promotions). */
export const GRADE_RULES: Record<GradeRule, string> = {
  UB: 'UB: the rating reached the upper bound of the next grade',
  'MP-streak': "MP streak: enough games in a row rated above the next grade's middle point",
  'LB-streak': "LB streak: enough games in a row rated above the next grade's lower bound, the middle point reached on the way",
  'look-ahead': 'look-ahead ("bound to get it"): twenty further losing games would still promote',
  'provisional-UB+1': 'provisional UB+1: a provisional player\'s rating reached the lower bound three grades up',
  'prior-grade': 'prior grade declared (NSR grade; the FESA grade is unchanged)',
  'opening-balance': 'opening balance: the grade of the imported list',
  'officer-award': 'awarded by an officer',
};

/** A registered player's name as the pages show it. */
export const fullName = (r: PlayerRegistered): string => `${r.familyName}${r.givenName ? ` ${r.givenName}` : ''}`;

const explainHref = (playerId: string, tournamentId: string, ruleSet: string | undefined): string =>
  `/players/${segment(playerId)}/explain${queryString({ tournament: tournamentId, rules: ruleSet })}`;

/**
 * A player's careers: under FESA the rating chart, every tournament with before/after, grades with their rules and dan
 * counts, when he has a FESA record; then a section for each other rule set he is rated under (`others`: a TRF or EGD
 * import's fide, gobase-go …).
 */
export const playerPage = (registration: PlayerRegistered, career: PlayerCareer, others: readonly RuleSetCareer[], ruleSet: string | undefined, personal: boolean, provenance: Provenance, leading?: string, merged?: MergedId): string => {
  const name = fullName(registration);
  // an old link to an absorbed id: the page says whose record it is now (see mergedNotice)
  const canonical = merged === undefined ? {} : { canonical: `/players/${segment(merged.survivor)}` };
  const notice = merged === undefined ? '' : mergedNotice(merged);
  const fesaRecord = hasFesaRecord(career);
  const facts = html`<dl class="facts">
<dt>Player id</dt><dd><code>${career.playerId}</code></dd>
<dt>Country</dt><dd>${registration.country ?? '—'}</dd>
${personal && registration.club !== undefined ? html`<dt>Club</dt><dd>${registration.club}</dd>` : ''}
${others.length > 0 ? html`<dt>Rated under</dt><dd>${[...(fesaRecord ? ['FESA'] : []), ...others.map((o) => o.ruleSet)].join(', ')}</dd>` : ''}
${fesaRecord || others.length === 0 ? fesaNow(career) : ''}
</dl>`;
  if (!fesaRecord) {
    const content = html`${notice}${facts}
${others.length === 0 ? html`<p>${name} is not rated yet under any rule set.</p>` : ruleSetSections(name, career.playerId, others)}`;
    // his numbers are those of the rule sets he is rated under, not of the FESA rule set the request names
    return page(name, { ...provenance, ruleSet: others.length === 0 ? provenance.ruleSet : others.map((o) => o.ruleSet).join(', ') }, content, { description: `Ratings of ${name} under ${others.length === 0 ? 'no rule set yet' : others.map((o) => o.ruleSet).join(', ')}`, ...canonical });
  }
  // asked for under another rule set (a link from its list), its record comes before the FESA career
  const leads = leading !== undefined && others[0]?.ruleSet === leading;
  return page(name, provenance, html`${notice}${facts}
${leads ? ruleSetSections(name, career.playerId, others) : ''}
${fesaCareer(name, career, ruleSet)}
${leads ? '' : ruleSetSections(name, career.playerId, others)}`, { description: `Rating and grade history of ${name}`, ...canonical });
};

/**
 * An absorbed id's page answers 200 and says so, rather than redirecting with a 301: a merge can be undone
 * (PlayersUnmerged) while browsers keep a 301 for ever, so a club's old link must stay a page of its own that tells
 * the truth now and after an unmerge; rel=canonical points search engines at the survivor meanwhile.
 */
const mergedNotice = (m: MergedId): Html =>
  html`<p class="notice" role="note" id="merged-into">${m.absorbed} was merged into <a href="/players/${segment(m.survivor)}">${m.survivor} (${m.survivorName})</a> on ${m.date} (${m.reason}): ${m.absorbed}, registered as ${m.registeredAs}, is the same person, so what follows is ${m.survivor}'s record.</p>
`;

/** The FESA rating and grade now. */
const fesaNow = (career: PlayerCareer): Html => {
  const last = career.ratings[career.ratings.length - 1];
  return html`<dt>Rating now</dt><dd>${last ? html`${last.after}${last.provisional ? ' (provisional)' : ''}` : 'not rated yet'}</dd>
<dt>Grade now</dt><dd>${last?.grade ?? career.grades[career.grades.length - 1]?.grade ?? '—'}</dd>`;
};

/** The FESA career: the chart, the tournaments, the grades with the rule behind each, the dan-qualifying games. */
const fesaCareer = (name: string, career: PlayerCareer, ruleSet: string | undefined): Html => {
  const promotionsIn = new Map<string, string[]>();
  for (const g of career.grades) {
    if (g.rule === 'prior-grade' || g.rule === 'opening-balance' || g.rule === 'officer-award') continue;
    const tournamentId = g.detail.split(',')[0]!;
    promotionsIn.set(tournamentId, [...(promotionsIn.get(tournamentId) ?? []), g.grade]);
  }
  const last = career.ratings[career.ratings.length - 1];
  const chart = ratingChart(
    // FESA's list records carry the rating before the first tournament (a transfer's, a reconciled list's): the line opens with it
    careerPoints([], career.ratings.map((r) => ({ tournamentId: r.tournamentId, endDate: r.date, name: r.name, before: r.before === 0 ? null : r.before, after: r.after })), (tournamentId) => promotionsIn.get(tournamentId) ?? []),
    `Rating history of ${name}: ${plural(career.ratings.length, 'rated tournament')}${last ? `, ${last.after} after ${last.name}` : ''}`,
  );
  return html`<p class="no-print"><a href="/players/${segment(career.playerId)}/explain${queryString({ rules: ruleSet })}">Every rating change game by game</a></p>
<h2 id="chart-heading">Rating history</h2>
${chart}
<h2 id="tournaments-heading">Tournaments</h2>
<table id="tournaments" data-sortable>
<caption>Every rated tournament of ${name}, with the rating before and after</caption>
<thead><tr><th scope="col"><a href="#tournaments" data-sort-key="date">Date</a></th><th scope="col">Tournament</th><th scope="col" class="num">Before</th><th scope="col" class="num">After</th><th scope="col" class="num">Change</th><th scope="col">Method</th><th scope="col" class="num">Games</th><th scope="col">Grade after</th><th scope="col">Explanation</th></tr></thead>
<tbody>
${career.ratings.map(
  (r) => html`<tr><td>${r.date}</td><th scope="row"><a href="/tournaments/${segment(r.tournamentId)}${queryString({ rules: ruleSet })}">${r.name}</a></th><td class="num">${r.before === 0 ? '—' : r.before}</td><td class="num">${r.after}</td><td class="num" data-value="${r.change}">${r.before === 0 ? 'first rating' : change(r.change)}</td><td>${r.method === 'performance' ? 'performance rating (provisional)' : 'standard'}</td><td class="num">${r.eventGames}</td><td>${r.grade}</td><td><a href="${explainHref(career.playerId, r.tournamentId, ruleSet)}" aria-label="Explain ${r.name} game by game">explain</a></td></tr>`,
)}
</tbody>
</table>
${career.ratings.length === 0 ? html`<p>No rated tournament yet.</p>` : ''}
<h2 id="grades-heading">Grade history</h2>
${career.grades.length === 0
  ? html`<p>No grade yet.</p>`
  : html`<table id="grades">
<caption>Every grade of ${name} and the rule behind it</caption>
<thead><tr><th scope="col">Date</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Rule</th><th scope="col">Where</th></tr></thead>
<tbody>
${gradeSteps(career.grades).map((g) => html`<tr><td>${g.date}</td><td>${g.from}</td><th scope="row">${g.grade}</th><td>${GRADE_RULES[g.rule]}${g.grades > 1 ? ` (${g.grades} grades at once)` : ''}</td><td>${g.detail}</td></tr>`)}
</tbody>
</table>`}
<h2 id="dan-heading">Dan-qualifying games</h2>
<p>To be promoted to a dan grade a player also needs games against opponents rated at least the middle point of the grade below, against more than one opponent (seed 000 §7b).</p>
<table id="dan">
<caption>Qualifying games of ${name} for each dan grade</caption>
<thead><tr><th scope="col">Grade</th><th scope="col" class="num">Opponent rated at least</th><th scope="col" class="num">Games</th><th scope="col" class="num">Needed</th><th scope="col" class="num">Opponents</th><th scope="col">Met</th></tr></thead>
<tbody>
${career.dan.map((d) => html`<tr><th scope="row">${d.dan} Dan</th><td class="num">${d.minOpponent}</td><td class="num">${d.games}</td><td class="num">${d.gamesNeeded}</td><td class="num">${d.opponents.length}</td><td>${d.met ? 'yes' : 'no'}</td></tr>`)}
</tbody>
</table>`;
};

const fmt = (x: number, digits = 2): string => (Number.isInteger(x) ? String(x) : x.toFixed(digits));
const signedTerm = (x: number): string => `${x >= 0 ? '+' : ''}${fmt(x)}`;
const scoreText = (s: number): string => (s === 1 ? 'win' : s === 0 ? 'loss' : s === 0.5 ? 'draw' : String(s));

/** Promotions one after the other by the same rule at the same game read as one step (a newcomer may rise 23 grades at once). */
const promotionSteps = (promotions: FesaPlayerReport['promotions']) => {
  const steps: { from: string; to: string; grades: number; rule: FesaPlayerReport['promotions'][number]['rule']; gameIndex: number | null }[] = [];
  for (const p of promotions) {
    const last = steps[steps.length - 1];
    const to = `${p.toLevel} ${p.toName}`;
    if (last && last.rule === p.rule && last.gameIndex === p.gameIndex) steps[steps.length - 1] = { ...last, to, grades: last.grades + 1 };
    else steps.push({ from: p.fromName ? `${p.fromLevel} ${p.fromName}` : 'ungraded', to, grades: 1, rule: p.rule, gameIndex: p.gameIndex });
  }
  return steps;
};

const reportTables = (t: PlayerExplanation['data']['tournaments'][number], r: FesaPlayerReport, index: number, tournamentName: string) => {
  const handicap = (g: { handicap?: { side: string; type: string } }) => (g.handicap ? `${g.handicap.side}${g.handicap.type}` : '');
  return html`<section aria-labelledby="t-${index}">
<h2 id="t-${index}"><a href="/tournaments/${segment(t.tournamentId)}">${tournamentName}</a> (${t.date})</h2>
<p>Rated under ${t.ruleSet}, ${r.method === 'performance' ? 'as a provisional player (performance rating)' : r.method === 'standard' ? 'game by game (established player)' : 'not rated'}: ${r.preRating} → ${r.postRating} (${change(r.postRating - r.preRating)}).</p>
${r.games && r.games.length > 0
  ? html`<table>
<caption>Games of ${tournamentName}: the opponent rating used, the expectation, K, the upset and bonus terms and the change</caption>
<thead><tr><th scope="col" class="num">Round</th><th scope="col">Opponent</th><th scope="col" class="num">Rating used</th><th scope="col">Result</th><th scope="col" class="num">Rating before</th><th scope="col" class="num">Expected</th><th scope="col" class="num">K</th><th scope="col" class="num">Normal</th><th scope="col" class="num">Upset</th><th scope="col" class="num">Bonus</th><th scope="col" class="num">Change</th><th scope="col">Handicap</th></tr></thead>
<tbody>
${r.games.map((g) => html`<tr><td class="num">${g.round ?? '—'}</td><th scope="row">${g.opponent}</th><td class="num">${g.opponentRatingUsed}</td><td>${scoreText(g.score)}</td><td class="num">${fmt(g.ratingBefore)}</td><td class="num">${g.expected.toFixed(4)}</td><td class="num">${g.k}</td><td class="num">${signedTerm(g.normal)}</td><td class="num">${g.upset === null ? '' : signedTerm(g.upset)}</td><td class="num">${signedTerm(g.bonus)}</td><td class="num">${signedTerm(g.change)}</td><td>${handicap(g)}</td></tr>`)}
</tbody>
</table>`
  : ''}
${r.performanceGames && r.performanceGames.length > 0
  ? html`<p>Performance rating (${r.performanceCase ?? 'solve'}${r.newtonSteps !== undefined ? `, ${r.newtonSteps} Newton steps` : ''}): ${r.performanceRating ?? r.postRating}.</p>
<table>
<caption>Games the performance rating of ${tournamentName} was solved over (history and grade games have no round)</caption>
<thead><tr><th scope="col" class="num">Round</th><th scope="col">Opponent</th><th scope="col" class="num">Rating used</th><th scope="col">Result</th><th scope="col">Handicap</th></tr></thead>
<tbody>
${r.performanceGames.map((g) => html`<tr><td class="num">${g.round ?? '—'}</td><th scope="row">${g.opponent}</th><td class="num">${g.opponentRatingUsed}</td><td>${scoreText(g.score)}</td><td>${handicap(g)}</td></tr>`)}
</tbody>
</table>`
  : ''}
${promotionSteps(r.promotions).map((p) => html`<p>Promoted ${p.from} → ${p.to}${p.grades > 1 ? ` (${p.grades} grades)` : ''} by the rule ${GRADE_RULES[p.rule]}${p.gameIndex !== null ? ` at game ${p.gameIndex} of this event's list` : ''}.</p>`)}
</section>`;
};

/** Every rating change of a player (or one tournament's), game by game: what an auditor checks against the rules. */
export const explanationPage = (
  registration: PlayerRegistered,
  explanation: PlayerExplanation['data'],
  tournamentId: string | undefined,
  ruleSet: string | undefined,
  tournamentName: (tournamentId: string) => string,
  provenance: Provenance,
): string => {
  const name = fullName(registration);
  const content = html`<p><a href="/players/${segment(explanation.playerId)}${queryString({ rules: ruleSet })}">← ${name}'s rating history</a>${tournamentId !== undefined ? html` · <a href="/players/${segment(explanation.playerId)}/explain${queryString({ rules: ruleSet })}">every tournament</a>` : ''}</p>
${explanation.tournaments.map((t, i) => reportTables(t, t.report, i, tournamentName(t.tournamentId)))}
${explanation.tournaments.length === 0 ? html`<p>${tournamentId !== undefined ? `${name} did not play in ${tournamentName(tournamentId)}.` : 'No rated games yet.'}</p>` : ''}
${explanation.officerFacts.length > 0
  ? html`<h2>Officer facts concerning ${name}</h2><p>What officers changed outside the tournaments (opening balances, reconciliations with a list, adjustments, grade awards), on every date.</p><ul>${(explanation.officerFacts as { date: string; kind: string; event: { reason?: string } }[]).map((f) => html`<li>${f.date}: ${f.kind}${f.event.reason ? `: ${f.event.reason}` : ''}</li>`)}</ul>`
  : ''}`;
  return page(tournamentId !== undefined ? `${name} in ${tournamentName(tournamentId)}: game by game` : `${name}: every rating change game by game`, provenance, content);
};

/** Every registered player (active or not) by name, searchable by name or id, 100 a page, each linked to his page. */
export const playersPage = (
  players: readonly PlayerRegistered[],
  q: IndexQuery,
  personal: boolean,
  provenance: Provenance,
): string => {
  const { form, links, counted } = indexControls('/players', 'player-list', 'Search by name or id', 'player', q);
  return page(
    'Players',
    provenance,
    html`<p>Every player registered in the ledger, also those who have not played in the last two years (<a href="/">the current list</a> holds the active ones with their ratings).</p>
${form}
${links}
<table id="player-list"${q.pages === 1 ? html` data-sortable` : ''}>
<caption>Registered players by family name: ${counted}${q.pages > 1 ? `, ${PAGE_SIZE} a page` : ''}</caption>
<thead><tr><th scope="col"><a href="#player-list" data-sort-key="name">Name</a></th><th scope="col"><a href="#player-list" data-sort-key="id">Player id</a></th><th scope="col"><a href="#player-list" data-sort-key="country">Country</a></th>${personal ? html`<th scope="col">Club</th>` : ''}</tr></thead>
<tbody>
${players.map((p) => html`<tr data-name="${fullName(p)} ${p.playerId}"><th scope="row"><a href="/players/${segment(p.playerId)}">${fullName(p)}</a></th><td><code>${p.playerId}</code></td><td>${p.country ?? ''}</td>${personal ? html`<td>${p.club ?? ''}</td>` : ''}</tr>`)}
</tbody>
</table>
${players.length === 0 ? html`<p>${q.search !== '' ? `No player matches "${q.search}".` : 'No player has been registered yet.'}</p>` : ''}
${links}`,
  );
};
