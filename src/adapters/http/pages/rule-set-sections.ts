import type { RuleSetCareer } from '../../../app/career-rule-sets';
import { careerPoints, ratingChart } from './chart';
import { html, plural, queryString, segment, type Html } from './html';
import { change } from './layout';

/** A rule set's id as an HTML id's part (the ids are lower-case words and hyphens already; kept safe all the same). */
const idOf = (ruleSet: string): string => ruleSet.replace(/[^a-z0-9-]/gi, '_');

const ratingText = (r: number | null): string => (r === null ? '—' : String(r));

/**
 * A player's record under one non-FESA rule set (a TRF or EGD import): rating now, rated games, the chart of his
 * rating after each tournament, and the tournaments with his rating before and after and his games in each. Every id
 * carries the rule set's, so that several of them (and the FESA career's) live on one page.
 */
const ruleSetSection = (name: string, playerId: string, c: RuleSetCareer): Html => {
  const id = idOf(c.ruleSet);
  const rated = c.tournaments.filter((t) => t.after !== null);
  const last = rated[rated.length - 1];
  const chart = ratingChart(
    // an unrated player's first rating has no rating before it: the chart reads 0 as "first rating"; his opening
    // balance, or the rating before his first tournament, is the line's first point
    careerPoints(c.openingBalances, rated.map((t) => ({ ...t, after: t.after! })), (tournamentId) => promotionsIn(c, tournamentId)),
    `Rating history of ${name} under ${c.ruleSet}: ${plural(rated.length, 'rated tournament')}${last ? `, ${last.after} after ${last.name}` : ''}`,
    `chart-${id}`,
  );
  return html`<section class="rule-set" aria-labelledby="rules-${id}">
<h2 id="rules-${id}">Under ${c.ruleSet}</h2>
<dl class="facts">
<dt>Rating now</dt><dd>${c.rating ?? 'not rated yet'}${c.provisional ? ' (provisional)' : ''}</dd>
${c.grade !== undefined ? html`<dt>Grade now</dt><dd>${c.grade ?? '—'}</dd>` : ''}
<dt>Rated games</dt><dd>${c.games}</dd>
${c.openingBalances.map((b) => html`<dt>Opening balance</dt><dd>${b.rating ?? '—'} on ${b.date} (${b.source}${b.reason !== undefined ? `; reason: ${b.reason}` : ''})</dd>`)}
</dl>
<h3 id="chart-heading-${id}">Rating history under ${c.ruleSet}</h3>
${rated.length === 0 && c.openingBalances.every((b) => b.rating === null) ? html`<p>No tournament rated under ${c.ruleSet} yet, so there is no rating history to draw.</p>` : chart}
<h3 id="tournaments-heading-${id}">Tournaments under ${c.ruleSet}</h3>
${c.tournaments.length === 0
  ? html`<p>No tournament rated under ${c.ruleSet} yet.</p>`
  : html`<table id="tournaments-${id}" data-sortable>
<caption>Every tournament of ${name} rated under ${c.ruleSet}, with the rating before and after</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Tournament</th><th scope="col" class="num">Before</th><th scope="col" class="num">After</th><th scope="col" class="num">Change</th><th scope="col" class="num">Games</th><th scope="col" class="num">Rated games</th><th scope="col">Explanation</th></tr></thead>
<tbody>
${c.tournaments.map(
  (t) => html`<tr><td>${t.endDate}</td><th scope="row"><a href="/tournaments/${segment(t.tournamentId)}">${t.name}</a></th><td class="num">${ratingText(t.before)}</td><td class="num">${ratingText(t.after)}</td><td class="num">${t.before === null ? (t.after === null ? '' : 'first rating') : change(t.after === null ? null : t.after - t.before)}</td><td class="num">${t.games.filter((g) => g.opponent !== null).length}</td><td class="num">${t.games.filter((g) => g.rated === 'yes').length}</td><td><a href="/players/${segment(playerId)}/explain${queryString({ rules: c.ruleSet, tournament: t.tournamentId })}" aria-label="Explain ${t.name} under ${c.ruleSet} game by game">explain</a></td></tr>`,
)}
</tbody>
</table>`}
${c.grades === undefined ? '' : gradeHistory(name, c, c.grades)}
</section>`;
};

/** The grades his tournament under the rule set gave him (a diamond on the chart). */
const promotionsIn = (c: RuleSetCareer, tournamentId: string): string[] =>
  (c.grades ?? []).filter((g) => g.tournamentId === tournamentId && g.kind === 'promotion').map((g) => g.to);

/** Every grade change under a system with grades, with the rule behind it (projections/generic/grades.ts). */
const gradeHistory = (name: string, c: RuleSetCareer, grades: NonNullable<RuleSetCareer['grades']>): Html => {
  const id = idOf(c.ruleSet);
  const tournamentName = (tournamentId: string) => c.tournaments.find((t) => t.tournamentId === tournamentId)?.name ?? tournamentId;
  return html`<h3 id="grades-heading-${id}">Grade history under ${c.ruleSet}</h3>
${grades.length === 0
  ? html`<p>No grade under ${c.ruleSet} yet.</p>`
  : html`<table id="grades-${id}">
<caption>Every grade of ${name} under ${c.ruleSet} and the rule behind it</caption>
<thead><tr><th scope="col">Date</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Rule</th><th scope="col">Where</th></tr></thead>
<tbody>
${grades.map((g) => html`<tr><td>${g.date}</td><td>${g.from ?? '—'}</td><th scope="row">${g.to}${g.kind === 'ratification-requested' ? ' (awaiting ratification)' : ''}</th><td>${g.rule}</td><td>${g.tournamentId === undefined ? '' : html`<a href="/tournaments/${segment(g.tournamentId)}">${tournamentName(g.tournamentId)}</a>`}</td></tr>`)}
</tbody>
</table>`}`;
};

/** Every non-FESA rule set a player is rated under, one section each. */
export const ruleSetSections = (name: string, playerId: string, careers: readonly RuleSetCareer[]): Html => html`${careers.map((c) => ruleSetSection(name, playerId, c))}`;
