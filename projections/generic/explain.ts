import * as E from 'fp-ts/Either';
import { tournamentFactsOf, type GenericFold, type GenericRun } from './history';
import { playerItems } from './by-player';
import { gradeHistory, type GradeChange } from './grades';
import type { GameTerms, GenericRuleSetId, GenericSystem } from './systems';

export interface GenericGameExplanation extends GameTerms {
  readonly gameId: string;
  readonly round: number;
  readonly opponent: string;
  readonly score: number;
  readonly rated: boolean;
  readonly reason?: string;
}

export interface GenericTournamentExplanation {
  readonly tournamentId: string;
  readonly date: string;
  readonly ruleSet: GenericRuleSetId;
  readonly ruleSetSource: string;
  readonly before: number | null;
  readonly after: number | null;
  readonly games: readonly GenericGameExplanation[];
  /** What the system's typed API explained for this player (US: Δ and the adjusted rating as fractions). */
  readonly detail?: unknown;
}

export interface GenericExplanation {
  readonly data: {
    readonly playerId: string;
    readonly tournaments: readonly GenericTournamentExplanation[];
    readonly officerFacts: readonly { date: string; ruleSet: string; kind: string; operation?: string; reason: string; before: number | null; after: number | null }[];
    /** Grade changes under the systems with grades, each with its rule (see grades.ts). */
    readonly grades: readonly GradeChange[];
  };
  readonly text: string;
}

const fmt = (v: unknown): string => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : String(v));

const explainRun = (sys: GenericSystem<any, any>, run: GenericRun, playerId: string): GenericTournamentExplanation => {
  const typed = sys.options(run.options);
  const o = E.isRight(typed) ? typed.right : undefined;
  const me = run.before[playerId];
  const games: GenericGameExplanation[] = [];
  for (const g of run.games) {
    if (!g.game || (g.game.a !== playerId && g.game.b !== playerId)) continue;
    const opp = g.game.a === playerId ? g.game.b : g.game.a;
    const terms = sys.gameTerms(o, tournamentFactsOf(run), me, run.before[opp], g.game, playerId);
    games.push({
      gameId: g.gameId, round: g.round, opponent: opp, score: g.game.a === playerId ? g.game.score : 1 - g.game.score,
      rated: g.rating.rated, ...(!g.rating.rated ? { reason: g.rating.reason } : {}), ...terms,
    });
  }
  const detail = run.detail?.[playerId];
  return {
    tournamentId: run.tournamentId, date: run.date, ruleSet: run.ruleSet, ruleSetSource: run.ruleSetSource,
    before: sys.rating(me), after: sys.rating(run.after[playerId]), games, ...(detail !== undefined ? { detail } : {}),
  };
};

/**
 * For auditors: a player's ratings under the generic rule systems (or under `ruleSet` alone), game by game, in each
 * system's own terms.
 */
export const explainGeneric = (fold: GenericFold, playerId: string, ruleSet?: GenericRuleSetId): E.Either<string, GenericExplanation> =>
  fold.players.has(playerId) ? E.right(explanationOf(explanationData(fold, playerId), ruleSet)) : E.left(`unknown player "${playerId}"`);

/** What `explainGeneric` tells of a player under every rule set (what a saved careers model keeps of him). */
export const explanationData = (fold: GenericFold, playerId: string): GenericExplanation['data'] => {
  const mine = playerItems(fold, playerId);
  const tournaments = mine.runs.map((r) => explainRun(fold.registry.get(r.ruleSet)!, r, playerId));
  const officerFacts = mine.officerFacts.map((f) => ({
    date: f.date, ruleSet: f.ruleSet, kind: f.kind,
    ...(f.event.type === 'RatingAdjusted' && f.event.operation ? { operation: f.event.operation } : {}),
    reason: f.event.type === 'OpeningBalanceImported' ? f.event.reason ?? f.event.source : f.event.reason,
    before: f.changes[playerId]?.before ?? null, after: f.changes[playerId]?.after ?? null,
  }));
  return { playerId, tournaments, officerFacts, grades: gradeHistory(fold, playerId) };
};

/** What `explanationData` tells of a player the fold holds nothing of: no tournament, no officer fact, no grade. */
export const nothingExplained = (playerId: string): GenericExplanation['data'] => ({ playerId, tournaments: [], officerFacts: [], grades: [] });

/**
 * What `ledger explain P --rules S [--tournament T]` and `/players/P/explain?rules=S[&tournament=T]` answer of a
 * registered player from what a saved model or a fold told of him under every rule set: everything under S, or
 * tournament T alone (refused when he has no game of it rated under S).
 */
export const explainedUnder = (all: GenericExplanation['data'], ruleSet: GenericRuleSetId, tournamentId: string | undefined): E.Either<string, GenericExplanation> =>
  tournamentId === undefined ? E.right(explanationOf(all, ruleSet)) : explainedTournament(all, ruleSet, tournamentId);

/**
 * The explanation under `ruleSet` (undefined: every rule set) of what `explanationData` told of a player under all of
 * them; of `tournamentId` alone when given (its games and the grades it made: an auditor's question about one event).
 */
export const explanationOf = (all: GenericExplanation['data'], ruleSet?: GenericRuleSetId, tournamentId?: string): GenericExplanation => {
  const { playerId } = all;
  const under = (r: { readonly ruleSet: GenericRuleSetId }) => ruleSet === undefined || r.ruleSet === ruleSet;
  const of = (r: { readonly tournamentId?: string | undefined }) => tournamentId === undefined || r.tournamentId === tournamentId;
  const [tournaments, officerFacts, grades] = [
    all.tournaments.filter((t) => under(t) && of(t)),
    tournamentId === undefined ? all.officerFacts.filter(under) : [],
    all.grades.filter((g) => under(g) && of(g)),
  ];
  const lines: string[] = [];
  const items = [
    ...tournaments.map((t) => ({ date: t.date, order: 1, lines: tournamentLines(t) })),
    ...officerFacts.map((f) => ({ date: f.date, order: 0, lines: [`${f.date} ${f.kind}${f.operation ? ` (${f.operation})` : ''} under ${f.ruleSet}: ${f.before ?? 'unrated'} -> ${f.after ?? 'unrated'} — ${f.reason}`] })),
    // after the tournament that made it (order 2), an officer's grade with his fact (order 0, after it: the sort is stable)
    ...grades.map((g) => ({ date: g.date, order: g.tournamentId === undefined ? 0 : 2, lines: [`${g.date} grade under ${g.ruleSet}: ${g.from ?? 'none'} -> ${g.to} (${g.kind}) — ${g.rule}`] })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  for (const i of items) lines.push(...i.lines);
  if (lines.length === 0) lines.push(`${playerId} has no game rated under ${ruleSet ?? 'a non-FESA rule set'}`);
  return { data: { playerId, tournaments, officerFacts, grades }, text: lines.join('\n') };
};

/** `explanationOf` one tournament: refused when the player has no game of it rated under `ruleSet`. */
export const explainedTournament = (all: GenericExplanation['data'], ruleSet: GenericRuleSetId, tournamentId: string): E.Either<string, GenericExplanation> => {
  const explained = explanationOf(all, ruleSet, tournamentId);
  return explained.data.tournaments.length > 0
    ? E.right(explained)
    : E.left(`${all.playerId} has no game of tournament "${tournamentId}" rated under ${ruleSet} (unknown, not closed, rated under another rule set, or he did not play in it)`);
};

const tournamentLines = (t: GenericTournamentExplanation): string[] => {
  const lines = [`${t.date} ${t.tournamentId} under ${t.ruleSet} (${t.ruleSetSource}): ${t.before ?? 'unrated'} -> ${t.after ?? 'unrated'}`];
  for (const g of t.games) {
    const terms = Object.entries(g.terms).map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
    lines.push(`  round ${g.round} vs ${g.opponent} (${g.opponentRatingUsed ?? 'unrated'}) score ${g.score}${g.expected !== null ? ` expected ${g.expected.toFixed(4)}` : ''}${g.rated ? '' : ` NOT RATED (${g.reason})`}${terms ? ` — ${terms}` : ''}`);
  }
  if (t.detail !== undefined) lines.push(`  system detail: ${JSON.stringify(t.detail)}`);
  return lines;
};
