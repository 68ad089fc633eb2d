/**
 * A player's explanation under a non-FESA rule set, game by game in its own terms (K, C, bracket and percentage, stage,
 * multiplier …), as `ledger explain P --rules S [--tournament T]` prints it and `/players/:id/explain?rules=S` answers
 * it as JSON: each tournament with his rating before and after and every game's terms, then the officer facts and the
 * grades the rule set gave him with the rule behind each.
 */
import type { PlayerRegistered } from '../../../../domain/events';
import type { GenericExplanation } from '../../../../projections/generic/explain';
import { html, queryString, segment } from './html';
import { page, type Provenance } from './layout';
import { fullName } from './player-page';

type Explained = GenericExplanation['data'];

const number = (v: number | null): string => (v === null ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(2));
const termText = (v: unknown): string => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : String(v));

const tournamentSection = (t: Explained['tournaments'][number], index: number, tournamentName: string) => html`<section aria-labelledby="t-${index}">
<h2 id="t-${index}"><a href="/tournaments/${segment(t.tournamentId)}${queryString({ rules: t.ruleSet })}">${tournamentName}</a> (${t.date})</h2>
<p>Rated under ${t.ruleSet} (${t.ruleSetSource}): ${number(t.before)} → ${number(t.after)}.</p>
${t.games.length === 0
  ? html`<p>No game of his in it.</p>`
  : html`<table>
<caption>Games of ${tournamentName}: the opponent's rating used, the expectation and ${t.ruleSet}'s own terms</caption>
<thead><tr><th scope="col" class="num">Round</th><th scope="col">Opponent</th><th scope="col" class="num">Rating used</th><th scope="col" class="num">Score</th><th scope="col" class="num">Expected</th><th scope="col">Rated</th><th scope="col">Terms</th></tr></thead>
<tbody>
${t.games.map((g) => html`<tr><td class="num">${g.round}</td><th scope="row"><a href="/players/${segment(g.opponent)}${queryString({ rules: t.ruleSet })}">${g.opponent}</a></th><td class="num">${number(g.opponentRatingUsed)}</td><td class="num">${g.score}</td><td class="num">${g.expected === null ? '—' : g.expected.toFixed(4)}</td><td>${g.rated ? 'yes' : `no: ${g.reason ?? ''}`}</td><td>${Object.entries(g.terms).map(([k, v]) => `${k} ${termText(v)}`).join(', ')}</td></tr>`)}
</tbody>
</table>`}
${t.detail !== undefined ? html`<p>The system's own detail: <code>${JSON.stringify(t.detail)}</code></p>` : ''}
</section>`;

export const ruleSetExplanationPage = (
  registration: PlayerRegistered,
  explained: Explained,
  ruleSet: string,
  tournamentId: string | undefined,
  tournamentName: (tournamentId: string) => string,
  provenance: Provenance,
): string => {
  const name = fullName(registration);
  const back = `/players/${segment(explained.playerId)}${queryString({ rules: ruleSet })}`;
  const content = html`<p><a href="${back}">← ${name}'s record under ${ruleSet}</a>${tournamentId !== undefined ? html` · <a href="/players/${segment(explained.playerId)}/explain${queryString({ rules: ruleSet })}">every tournament</a>` : ''}</p>
${explained.tournaments.map((t, i) => tournamentSection(t, i, tournamentName(t.tournamentId)))}
${explained.tournaments.length === 0 && explained.officerFacts.length === 0 ? html`<p>${name} has no game rated under ${ruleSet}.</p>` : ''}
${explained.officerFacts.length > 0
  ? html`<h2>Officer facts concerning ${name} under ${ruleSet}</h2><ul>${explained.officerFacts.map((f) => html`<li>${f.date}: ${f.kind}${f.operation !== undefined ? ` (${f.operation})` : ''}, ${number(f.before)} → ${number(f.after)}: ${f.reason}</li>`)}</ul>`
  : ''}
${explained.grades.length > 0
  ? html`<h2>Grades under ${ruleSet}${tournamentId !== undefined ? ` from ${tournamentName(tournamentId)}` : ''}</h2><ul>${explained.grades.map((g) => html`<li>${g.date}: ${g.from ?? 'none'} → ${g.to} (${g.kind}): ${g.rule}</li>`)}</ul>`
  : ''}`;
  return page(tournamentId !== undefined ? `${name} in ${tournamentName(tournamentId)} under ${ruleSet}: game by game` : `${name} under ${ruleSet}: every rating change game by game`, provenance, content);
};
