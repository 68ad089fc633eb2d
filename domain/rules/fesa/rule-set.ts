import * as E from 'fp-ts/Either';
import type { RuleSet, GradeChange, RatedTournament, TournamentFacts } from '../contract';
import type { Game } from '../elo-common/game';
import type { RuleError } from '../rule-system';
import { contractEvent } from './contract-event';
import { FESA_HANDICAP_OF } from './game-rules';
import { eventPlayerName } from './event-check';
import { kFactor, parseGrade } from './grades';
import { handicappedOpponentRating } from './handicap';
import { FESA_PROGRAM_OPTIONS, FESA_PUBLISHED_OPTIONS, type FesaOptions } from './options';
import { rateEvent } from './rate-event';
import { unratedRecord } from './records';
import { FESA_PUBLISHED_RULE_SYSTEM, FESA_RULE_SYSTEM } from './rule-system';
import { ratingOrder } from './standings';
import type { FesaError, FesaEvent, FesaGameExplanation, FesaPlayer, FesaPlayerReport, FesaPromotion, FesaRatingReport, FesaRatingResult } from './types';

/**
 * FESA behind the one rule-set contract: a player's state is his list record, and rating one tournament is the
 * official program's engine (rate-event.ts) run on the event file the tournament's games make. The ledger's lists
 * stay folded by projections/fesa (`fold: 'fesa'`), which keeps the records' list order and matches players by name as
 * the program does, so it rates through `rateEventFile`: the same step `rateTournament` takes, on the file it builds.
 */

/** What FESA adds to the contract: the engine's raw report beside the result, and the step on an event file. */
export interface FesaRatedTournament extends RatedTournament<FesaPlayer> {
  /** The engine's own report, which the HTML report and the runs read (opaque to the generic consumers). */
  readonly engineReport: FesaRatingReport;
}

export interface FesaRuleSet extends RuleSet<FesaPlayer, FesaOptions> {
  /** The options a tournament rated under this rule set uses (the fold passes no others). */
  readonly defaults: FesaOptions;
  readonly rateTournament: (o: FesaOptions, t: TournamentFacts, players: Record<string, FesaPlayer>, games: readonly Game[]) => E.Either<RuleError, FesaRatedTournament>;
  /**
   * Rate one event file under this rule set's options: the participants' list records and the newcomers' first
   * records in, the engine's result out. `explain: false` when nobody reads the per-game terms.
   */
  readonly rateEventFile: (list: readonly FesaPlayer[], newPlayers: readonly FesaPlayer[], event: FesaEvent, explain: boolean) => E.Either<FesaError, FesaRatingResult>;
}

/** A grade as the ledger writes it ("3 Kyu", "2 Dan", "Pro 1"); "Pro" alone is level 0. */
const gradeText = (level: number, name: string): string | null =>
  name === '' ? null : name === 'Pro' ? (level > 0 ? `Pro ${level}` : 'Pro') : `${level} ${name}`;

const PROMOTION_RULES: Readonly<Record<FesaPromotion['rule'], string>> = {
  UB: 'rating at or above the upper bound of the grade above (seed 000 §7a)',
  'MP-streak': 'a streak of games at or above the midpoint of the grade above (seed 000 §7a)',
  'LB-streak': 'a streak of games at or above the lower bound of the grade above (seed 000 §7a)',
  'look-ahead': '20 further losing games would still earn the grade (the program\'s look-ahead, PROGRAM-BEHAVIOUR §6)',
  'provisional-UB+1': 'games 9–17: rating at or above the promotion bound of a provisional player (PROGRAM-BEHAVIOUR §6)',
};

/** Options of a FESA rule set: each key one of FesaOptions, of its default's type (and, for words, one of its values). */
const fesaOptions = (docs: typeof FESA_RULE_SYSTEM.options, defaults: FesaOptions) => (raw: Readonly<Record<string, unknown>>): E.Either<RuleError, FesaOptions> => {
  for (const [key, value] of Object.entries(raw)) {
    const doc = docs.find((d) => d.name === key);
    if (doc === undefined) return E.left({ field: `options.${key}`, message: `unknown option "${key}"; FESA's options are ${docs.map((d) => d.name).join(', ')}` });
    const words = [...doc.values.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const fits = words.length > 0 ? typeof value === 'string' && words.includes(value) : typeof value === typeof doc.default && (typeof value !== 'number' || Number.isInteger(value));
    if (!fits) return E.left({ field: `options.${key}`, message: `option ${key} is ${JSON.stringify(value)}; expected ${doc.values}` });
  }
  return E.right({ ...defaults, ...raw });
};

/** Names a report's opponent ("last first") by the id of his line; phantom games keep "history" or "grade". */
const explainedGames = (r: FesaPlayerReport, idOfName: ReadonlyMap<string, string>) => {
  const name = (g: FesaGameExplanation): string => idOfName.get(g.opponent) ?? g.opponent;
  if (r.games) return r.games.map((g) => ({ round: g.round, opponent: name(g), opponentRatingUsed: g.opponentRatingUsed, score: g.score, expected: g.expected, k: g.k, upset: g.upset, bonus: g.bonus, change: g.change }));
  return (r.performanceGames ?? []).map((g) => ({ round: g.round, opponent: name(g), opponentRatingUsed: g.opponentRatingUsed, score: g.score }));
};

/** The ledger's folds turn the program's check of last-played dates off (two tournaments are two facts there). */
const rateEventFileUnder = (o: FesaOptions) => (list: readonly FesaPlayer[], newPlayers: readonly FesaPlayer[], event: FesaEvent, explain: boolean) =>
  rateEvent(list, newPlayers, event, o, { explain, checkLastPlayed: false });

const rateTournament = (o: FesaOptions, t: TournamentFacts, players: Record<string, FesaPlayer>, games: readonly Game[]): E.Either<RuleError, FesaRatedTournament> => {
  const built = contractEvent(t, players, games);
  if (E.isLeft(built)) return built;
  const { event, seating, gamesRated } = built.right;
  const rated = seating.filter((_, i) => !event.players[i]!.simultaneousGiver);
  const result = rateEventFileUnder(o)(rated.map((id) => players[id]!), [], event, true);
  if (E.isLeft(result)) return E.left<RuleError>({ field: result.left.line === undefined ? 'games' : `games (line ${result.left.line})`, message: result.left.message });
  const after: Record<string, FesaPlayer> = { ...players };
  rated.forEach((id, i) => (after[id] = result.right.inInputOrder[i]!));
  const order = E.getOrElse((): number[] => [])(ratingOrder(event, result.right.report.origin));
  const idOfName = new Map(seating.map((id, i) => [eventPlayerName(event.players[i]!), id]));
  const detail: Record<string, unknown> = {};
  const gradeChanges: Record<string, GradeChange[]> = {};
  result.right.report.players.forEach((r, k) => {
    const id = seating[order[k]!]!;
    if (r.method === 'not-rated') return;
    detail[id] = { method: r.method, ratingBefore: r.preRating, ratingAfter: r.postRating, performanceRating: r.performanceRating, performanceCase: r.performanceCase, games: explainedGames(r, idOfName) };
    if (r.promotions.length > 0) gradeChanges[id] = r.promotions.map((p) => ({ from: gradeText(p.fromLevel, p.fromName), to: gradeText(p.toLevel, p.toName)!, rule: `${p.rule}: ${PROMOTION_RULES[p.rule]}` }));
  });
  return E.right({ players: after, gamesRated, detail, gradeChanges, engineReport: result.right.report });
};

const fesaRuleSet = (system: typeof FESA_RULE_SYSTEM, defaults: FesaOptions): FesaRuleSet => ({
  id: system.id,
  version: system.version,
  title: system.title,
  optionDocs: system.options,
  system,
  fold: 'fesa',
  options: fesaOptions(system.options, defaults),
  // FESA enters a newcomer by its own rule (his declared grade's two games, PROGRAM-BEHAVIOUR §5.1), whatever the policy.
  newPlayer: (p) => {
    const [level, name] = p.grade === undefined ? [0, ''] : parseGrade(p.grade);
    const country = p.country ?? null;
    return unratedRecord(p.familyName ?? p.playerId, p.givenName ?? '', [{ list: 'E', nationality: country, residens: country, last: null }], level, name);
  },
  rateTournament,
  defaults,
  rateEventFile: rateEventFileUnder(defaults),
  rating: (s) => (s.eloNumber === 0 ? null : s.eloNumber),
  games: (s) => (typeof s.games === 'number' ? s.games : s.games.length),
  provisional: (s) => s.eloNumber === 0 || typeof s.games !== 'number',
  grades: {
    of: (s) => gradeText(s.gradeLevel, s.gradeName),
    ruleOf: () => ({ kind: 'promotion', rule: 'FESA grade promotion (seed 000 §7: the upper bound, a midpoint or lower-bound streak, or the look-ahead)' }),
  },
  counters: (s) => {
    const out: Record<string, number> = { bonusGames: s.bonusCount };
    if (s.lbCount) out.lbStreak = s.lbCount.n;
    if (s.mpCount !== null) out.mpStreak = s.mpCount;
    for (const [dan, q] of Object.entries(s.extension?.danQualifying ?? {})) out[`danQualifyingGames.${dan}-dan`] = q.games;
    return out;
  },
  setRating: (s, rating) => ({ ...s, eloNumber: rating }),
  defaultBalanceGames: 0,
  openingState: () => E.left('a FESA list takes its players from its own files (ledger fesa import), not from an opening balance'),
  expectedScore: (_o, a, b) => (a.eloNumber === 0 || b.eloNumber === 0 ? null : 1 / (1 + 10 ** ((b.eloNumber - a.eloNumber) / 400))),
  gameTerms: (_o, _t, me, opp, g, meId) => {
    if (me.eloNumber === 0 || opp.eloNumber === 0) return { opponentRatingUsed: opp.eloNumber || null, expected: null, terms: {} };
    const type = g.handicap && g.handicap.type !== 'even' ? FESA_HANDICAP_OF[g.handicap.type] : undefined;
    const used = type ? handicappedOpponentRating(opp.eloNumber, me.eloNumber, g.handicap!.giver === meId ? '-' : '+', type) : opp.eloNumber;
    return { opponentRatingUsed: used, expected: 1 / (1 + 10 ** ((used - me.eloNumber) / 400)), terms: { k: kFactor(me.eloNumber) } };
  },
});

/** The official program's rules (byte for byte), and the published rules where they depart from it. */
export const fesaProgramRuleSet = fesaRuleSet(FESA_RULE_SYSTEM, FESA_PROGRAM_OPTIONS);
export const fesaPublishedRuleSet = fesaRuleSet(FESA_PUBLISHED_RULE_SYSTEM, FESA_PUBLISHED_OPTIONS);
