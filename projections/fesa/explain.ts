import * as E from 'fp-ts/Either';
import type { FesaPlayerReport } from '../../domain/rules/fesa/types';
import type { FesaFold, TournamentRun } from './history';
import { nameKey } from './history';

export interface PlayerExplanation {
  readonly data: { playerId: string; mergedInto?: string; tournaments: { tournamentId: string; date: string; ruleSet: string; report: FesaPlayerReport }[]; officerFacts: unknown[] };
  readonly text: string;
}

const fmt = (x: number, digits = 2): string => (Number.isInteger(x) ? String(x) : x.toFixed(digits));
const sign = (x: number, digits = 2): string => `${x >= 0 ? '+' : ''}${fmt(x, digits)}`;

const explainRun = (run: TournamentRun, r: FesaPlayerReport): string[] => {
  const lines = [`${run.date} ${run.tournamentId} (${run.name}) under ${run.ruleSet}: ${r.method}, ${r.preRating} -> ${r.postRating} (${sign(r.postRating - r.preRating, 0)})`];
  if (r.games && r.games.length > 0) {
    lines.push('  round  opponent              used  score  running  expected   K   normal   upset  bonus   change');
    for (const g of r.games) {
      lines.push(
        `  ${String(g.round ?? '-').padStart(5)}  ${g.opponent.padEnd(20).slice(0, 20)} ${String(g.opponentRatingUsed).padStart(5)}  ${String(g.score).padStart(5)}  ${fmt(g.ratingBefore).padStart(7)}  ${g.expected.toFixed(4).padStart(8)}  ${String(g.k).padStart(2)}  ${sign(g.normal).padStart(7)}  ${(g.upset === null ? '' : sign(g.upset)).padStart(6)}  ${sign(g.bonus).padStart(5)}  ${sign(g.change).padStart(7)}${g.handicap ? `  handicap ${g.handicap.side}${g.handicap.type}` : ''}`,
      );
    }
  }
  if (r.performanceGames && r.performanceGames.length > 0) {
    lines.push(`  performance rating (${r.performanceCase ?? 'solve'}${r.newtonSteps !== undefined ? `, ${r.newtonSteps} Newton steps` : ''}): ${r.performanceRating ?? r.postRating}`);
    lines.push('  round  opponent              used  score');
    for (const g of r.performanceGames) lines.push(`  ${String(g.round ?? '-').padStart(5)}  ${g.opponent.padEnd(20).slice(0, 20)} ${String(g.opponentRatingUsed).padStart(5)}  ${String(g.score).padStart(5)}${g.handicap ? `  handicap ${g.handicap.side}${g.handicap.type}` : ''}`);
  }
  for (const p of r.promotions) {
    lines.push(`  promoted ${p.fromName ? `${p.fromLevel} ${p.fromName}` : 'ungraded'} -> ${p.toLevel} ${p.toName} by the ${p.rule} rule${p.gameIndex !== null ? ` at game ${p.gameIndex} of this event's list` : ''}`);
  }
  return lines;
};

/** For auditors: every rating change of one player, game by game, and the rule behind every promotion. */
export const explainPlayer = (fold: FesaFold, playerId: string, tournamentId?: string): E.Either<string, PlayerExplanation> => {
  const name = fold.names.get(playerId);
  if (!name) return E.left(`unknown player "${playerId}"`);
  const key = nameKey(name);
  const runs = fold.runs.filter((r) => (tournamentId === undefined || r.tournamentId === tournamentId));
  if (tournamentId !== undefined && runs.length === 0) return E.left(`tournament "${tournamentId}" was not rated (unknown, not closed, or not rated under FESA)`);
  const tournaments: PlayerExplanation['data']['tournaments'] = [];
  // an id merged into another is that player: his facts are filed under the survivor
  const person = fold.survivorOf(playerId);
  const lines: string[] = [person === playerId ? playerId : `${playerId} (merged into ${person}: the ratings of ${person})`];
  for (const run of runs) {
    const report = run.report.players.find((p) => nameKey(p) === key);
    if (!report) continue;
    tournaments.push({ tournamentId: run.tournamentId, date: run.date, ruleSet: run.ruleSet, report });
    lines.push(...explainRun(run, report));
  }
  const officerFacts = fold.officerFacts.filter((f) => f.playerIds.includes(person)).map((f) => ({ date: f.date, kind: f.kind, event: f.event }));
  for (const f of officerFacts) {
    const reason = 'reason' in f.event && f.event.reason ? `: ${f.event.reason}` : '';
    lines.push(`${f.date} officer fact ${f.kind}${reason}`);
  }
  if (tournaments.length === 0 && officerFacts.length === 0) lines.push(tournamentId ? `did not play in ${tournamentId}` : 'no rated games yet');
  return E.right({ data: { playerId, ...(person !== playerId ? { mergedInto: person } : {}), tournaments, officerFacts }, text: lines.join('\n') });
};
