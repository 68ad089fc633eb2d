import * as E from 'fp-ts/Either';
import { explainGeneric, type GenericExplanation, type GenericGameExplanation } from './explain';
import type { GenericFold } from './history';
import type { GenericRuleSetId } from './systems';

/**
 * Why one player's rating differs between two rule sets that rated the same games (`ledger diff --rules A --rules B`):
 * per game, the terms the two rule sets explain it with. The Elo family explains a game with its expected score and K,
 * and fide-2024 with the difference its 400-point rule used (`Dused`); what differs, counted over the player's games.
 */
export const whyRatingsDiffer = (fa: GenericFold, fb: GenericFold, a: GenericRuleSetId, b: GenericRuleSetId, playerId: string): string[] => {
  const [ea, eb] = [explainGeneric(fa, playerId, a), explainGeneric(fb, playerId, b)];
  if (E.isLeft(ea) || E.isLeft(eb)) return [];
  const gamesOf = (ts: typeof ea.right.data.tournaments) => new Map(ts.flatMap((t) => t.games.map((g) => [`${t.tournamentId}/${g.gameId}`, g] as const)));
  const [ga, gb] = [gamesOf(ea.right.data.tournaments), gamesOf(eb.right.data.tournaments)];
  const counts = new Map<string, number>();
  const count = (reason: string) => counts.set(reason, (counts.get(reason) ?? 0) + 1);
  for (const [key, x] of ga) {
    const y = gb.get(key);
    if (y === undefined) continue;
    const reason = gameReason(x, y, a, b);
    if (reason !== undefined) count(reason);
  }
  const reasons = [...counts].map(([reason, n]) => `${reason} (${n} ${n === 1 ? 'game' : 'games'})`);
  const start = startReason(ea.right.data, eb.right.data, a, b);
  if (start !== undefined) reasons.unshift(start);
  return reasons.length > 0 ? reasons : ['the same terms game by game: rounding (per tournament or once per rating period)'];
};

type Explained = GenericExplanation['data'];

/**
 * Where the two careers start apart: the rating before his first tournament under each (an opening balance under one
 * rule set only, or a newcomer entered otherwise), which moves every later game's terms with it.
 */
const startReason = (xa: Explained, xb: Explained, a: string, b: string): string | undefined => {
  const startOf = (x: Explained) => x.tournaments[0]?.before ?? null;
  const [sa, sb] = [startOf(xa), startOf(xb)];
  if (sa === sb || xa.tournaments.length === 0 || xb.tournaments.length === 0) return undefined;
  const how = (x: Explained, rating: number | null) => `${rating ?? 'unrated'}${x.officerFacts.some((f) => f.kind === 'opening-balance') ? ' (an opening balance)' : rating === null ? '' : ' (entered as a newcomer)'}`;
  return `his start: ${how(xa, sa)} under ${a}, ${how(xb, sb)} under ${b}`;
};

const gameReason = (x: GenericGameExplanation, y: GenericGameExplanation, a: string, b: string): string | undefined => {
  if (x.rated !== y.rated) return `rated under ${x.rated ? a : b} only`;
  if (!x.rated) return undefined;
  if ('Dused' in x.terms || 'Dused' in y.terms) return 'the 400-point rule';
  const [ka, kb] = [x.terms.K, y.terms.K];
  if (typeof ka === 'number' && typeof kb === 'number' && ka !== kb) return `K ${ka} under ${a}, ${kb} under ${b}`;
  if (x.expected !== null && y.expected !== null && Math.abs(x.expected - y.expected) >= 0.00005) return expectedScoreReason(x, y, a, b);
  return undefined;
};

/** fide-2024 explains a game with PD, read from FIDE's table 8.1.2; the Elo family's expected score is its curve's. */
const expectedScoreReason = (x: GenericGameExplanation, y: GenericGameExplanation, a: string, b: string): string => {
  const fromTable = (g: GenericGameExplanation) => 'PD' in g.terms;
  if (fromTable(x) === fromTable(y)) return 'the expected score';
  return fromTable(x) ? `the expected score: ${a}'s table against ${b}'s curve` : `the expected score: ${b}'s table against ${a}'s curve`;
};
