import * as E from 'fp-ts/Either';
import type { RuleError, RuleSystem } from '../../domain/rules/rule-system';
import { ruleSystems } from '../../domain/rules/registry';
import type { Game, GameResult } from '../../domain/rules/elo-common/game';
import { defaultEloOptions, eloExpectedScore, logisticExpected, type EloOptions, type EloPlayer, type RatedEloPlayer } from '../../domain/rules/elo-common/elo';
import * as fide from '../../domain/rules/fide';
import * as uscf from '../../domain/rules/uscf-k';
import * as gobase from '../../domain/rules/gobase-go';
import * as us from '../../domain/rules/us-shogi-1997';
import * as pan from '../../domain/rules/pan-atlantic';
import { usImpliedExpectedScore } from '../../domain/evaluation/models';

/**
 * The six non-FESA rule systems as the ledger's generic fold sees them: one adapter per system over its typed API
 * (domain/rules/<system>/index.ts). The adapter knows the system's player state, how a player the system has never
 * seen enters it, how an officer's rating adjustment changes that state, the pre-game expected score (for
 * `ledger evaluate`) and the system's own per-game terms (for `ledger explain-generic`).
 */
export const GENERIC_RULE_SETS = ['us-shogi-1997-text', 'us-shogi-1997-card', 'pan-atlantic', 'gobase-go', 'fide', 'uscf-k'] as const;
export type GenericRuleSetId = (typeof GENERIC_RULE_SETS)[number];
export const isGenericRuleSet = (id: string): id is GenericRuleSetId => (GENERIC_RULE_SETS as readonly string[]).includes(id);

/**
 * How a player new to a rule set enters it:
 * - `system` (default): the system's own newcomer rule, fed with the player's declared grade where the system uses one
 *   (US rank, pan-atlantic club grade, GoBase rank); US and GoBase players without a grade start at 1500.
 *   Under fide/uscf-k and pan-atlantic a ledger that starts from nothing never rates anyone (newcomers need rated
 *   opponents; pan-atlantic needs two rated players per event — seed 002 problem noted in the spec §8).
 * - `{ rating }`: everybody starts rated at this rating (Elo: 0 games, so FIDE K 40; pan-atlantic: provisional with 4
 *   games; US and GoBase through their `initialRating`). What the football replay does with 1500.
 * - `grade`: like `{ rating }` with the rating from the declared grade on the pan-atlantic Table I scale (the grade's
 *   midpoint; the proposal's unified grade–rating correspondence), 1500 without a grade — the same information
 *   FESA's newcomer rule uses, so systems can be compared on one club history.
 */
export type EntryPolicy = 'system' | 'grade' | { readonly rating: number };
export const DEFAULT_ENTRY_RATING = 1500;

export interface PlayerFacts {
  readonly playerId: string;
  /** Latest declared grade as written in the ledger ("3 Kyu", "2 Dan", "Pro 1"). */
  readonly grade?: string;
  readonly birthYear?: number;
}

export interface EventFacts {
  readonly date: string;
  /** Where the tournament is played (recorded on it; America when not). */
  readonly region?: 'america' | 'europe';
}

export interface RatedEvent<S> {
  readonly players: Record<string, S>;
  readonly gamesRated: readonly GameResult[];
  /** What the typed API explains per player (US: Δ and the adjusted rating as fractions), if anything. */
  readonly detail?: Readonly<Record<string, unknown>>;
}

export interface GameTerms {
  readonly opponentRatingUsed: number | null;
  readonly expected: number | null;
  /** The system's own terms for this game (K, C, bracket and percentage, stage, multiplier …). */
  readonly terms: Readonly<Record<string, unknown>>;
}

export interface GenericSystem<S = unknown, O = unknown> {
  readonly id: GenericRuleSetId;
  readonly system: RuleSystem;
  readonly options: (raw: Readonly<Record<string, unknown>>) => E.Either<RuleError, O>;
  readonly newPlayer: (p: PlayerFacts, entry: EntryPolicy) => S;
  readonly rateEvent: (o: O, ev: EventFacts, players: Record<string, S>, games: readonly Game[]) => E.Either<RuleError, RatedEvent<S>>;
  readonly rating: (s: S) => number | null;
  /** An officer's `set` (a player without a rating gets one); `shift` leaves unrated players alone. */
  readonly setRating: (s: S, rating: number) => S;
  readonly expectedScore: (o: O, a: S, b: S, g: Game) => number | null;
  readonly gameTerms: (o: O, ev: EventFacts, me: S, opp: S, g: Game, meId: string) => GameTerms;
}

const scoreOf = (g: Game, id: string): number => (g.a === id ? g.score : 1 - g.score);

/** Options: validated by the system's own harness decoder (unknown keys and bad values named), then typed. */
const typedOptions = <O>(system: RuleSystem, defaults: O) => (raw: Readonly<Record<string, unknown>>): E.Either<RuleError, O> => {
  const checked = system.ops['rate-event']!(raw, { event: {}, players: {}, games: [] });
  return E.isLeft(checked) ? checked : E.right({ ...defaults, ...raw } as O);
};

// ---- grades ---------------------------------------------------------------------------------------------------

/** "3 Kyu" → {kyu 3}, "2 Dan" → {dan 2}, "Pro 1" → {pro 1}. */
const parseGradeText = (grade: string | undefined): { kind: 'kyu' | 'dan' | 'pro'; n: number } | undefined => {
  if (grade === undefined) return undefined;
  const pro = /^Pro(?: (\d+))?$/.exec(grade);
  if (pro) return { kind: 'pro', n: Number(pro[1] ?? 1) };
  const m = /^(\d+) (Kyu|Dan)$/.exec(grade);
  return m ? { kind: m[2] === 'Kyu' ? 'kyu' : 'dan', n: Number(m[1]) } : undefined;
};

/** A shogi grade on the 15-kyu … 6-dan scale both US and pan-atlantic tables use (weaker kyu → 15-kyu, pro → 6-dan). */
const shogiGrade = (grade: string | undefined): pan.Grade | undefined => {
  const g = parseGradeText(grade);
  if (!g) return undefined;
  if (g.kind === 'kyu') return `${Math.min(15, Math.max(1, g.n))}-kyu` as pan.Grade;
  return `${g.kind === 'pro' ? 6 : Math.min(6, Math.max(1, g.n))}-dan` as pan.Grade;
};

const goRank = (grade: string | undefined): string | undefined => {
  const g = parseGradeText(grade);
  if (!g) return undefined;
  return g.kind === 'kyu' ? `${Math.min(30, Math.max(1, g.n))}-kyu` : `${Math.min(9, Math.max(1, g.n))}-${g.kind}`;
};

/** The rating a player enters with under `grade` / `{rating}`; undefined under `system`. */
export const entryRating = (p: PlayerFacts, entry: EntryPolicy): number | undefined => {
  if (entry === 'system') return undefined;
  if (entry !== 'grade') return entry.rating;
  const g = shogiGrade(p.grade);
  return g === undefined ? DEFAULT_ENTRY_RATING : pan.GRADE_TABLE[g].mp;
};

/** The US rank whose range holds a rating (the rank a starting rating "comes from"). */
export const usRankOf = (rating: number): us.UsRank => {
  let rank: us.UsRank = us.US_RANKS[0];
  for (const r of us.US_RANKS) if (us.rankLowerBound(r) <= rating) rank = r;
  return rank;
};

// ---- the six adapters --------------------------------------------------------------------------------------------

const eloAdapter = (
  id: 'fide' | 'uscf-k', rate: typeof fide.rateEvent, kOf: (p: RatedEloPlayer, year: number | undefined) => number,
): GenericSystem<EloPlayer, EloOptions> => ({
  id,
  system: ruleSystems.get(id)!,
  options: typedOptions(ruleSystems.get(id)!, defaultEloOptions),
  newPlayer: (p, entry) => ({ rating: entryRating(p, entry) ?? null, games: 0, birthYear: p.birthYear ?? null, reached2400: false }),
  rateEvent: (o, ev, players, games) => rate(o, { date: ev.date }, players, games),
  rating: (s) => s.rating,
  setRating: (s, rating) => ({ ...s, rating, reached2400: s.reached2400 || rating >= 2400 }),
  expectedScore: (_o, a, b) => eloExpectedScore(a, b),
  gameTerms: (_o, ev, me, opp) => ({
    opponentRatingUsed: opp.rating,
    expected: eloExpectedScore(me, opp),
    terms: me.rating === null
      ? { newcomer: 'linear performance rating of this event' }
      : { K: kOf(me as RatedEloPlayer, Number(ev.date.slice(0, 4))), games: me.games },
  }),
});

const gobaseStart = (s: gobase.GobasePlayerInput): number | null => {
  const r = gobase.entryRating(s);
  return E.isRight(r) ? r.right : null;
};

const gobaseAdapter: GenericSystem<gobase.GobasePlayerInput, gobase.GobaseOptions> = {
  id: 'gobase-go',
  system: gobase.gobaseGoRuleSystem,
  options: typedOptions(gobase.gobaseGoRuleSystem, gobase.defaultOptions),
  newPlayer: (p, entry) => {
    const start = entryRating(p, entry);
    if (start !== undefined) return { rating: null, games: 0, initialRating: start };
    const rank = goRank(p.grade);
    return rank !== undefined ? { rating: null, games: 0, rank } : { rating: null, games: 0, initialRating: DEFAULT_ENTRY_RATING };
  },
  rateEvent: (o, _ev, players, games) => gobase.rateEvent(o, players, games),
  rating: (s) => s.rating,
  setRating: (s, rating) => ({ rating, games: s.games }),
  expectedScore: (o, a, b) => {
    const [ra, rb] = [gobaseStart(a), gobaseStart(b)];
    return ra === null || rb === null ? null : gobase.expectedFromRatings(o.expected, ra, rb);
  },
  gameTerms: (o, _ev, me, opp) => {
    const [r, q] = [gobaseStart(me), gobaseStart(opp)];
    return {
      opponentRatingUsed: q,
      expected: r === null || q === null ? null : gobase.expectedFromRatings(o.expected, r, q),
      terms: r === null ? {} : { C: gobase.cFactor(o.cTable, r), cTable: o.cTable, ...(me.rating === null ? { startingRating: r } : {}) },
    };
  },
};

const usAdapter = (variant: us.UsVariant): GenericSystem<us.UsPlayerIn, us.UsOptions> => {
  const id = `us-shogi-1997-${variant}` as const;
  return {
    id,
    system: ruleSystems.get(id)!,
    options: typedOptions(ruleSystems.get(id)!, us.US_DEFAULTS[variant]),
    newPlayer: (p, entry) => {
      const start = entryRating(p, entry);
      if (start !== undefined) return { rating: null, rank: usRankOf(start), games: 0, streaks: {}, initialRating: start };
      const rank = shogiGrade(p.grade);
      return rank !== undefined
        ? { rating: null, rank, games: 0, streaks: {} }
        : { rating: null, rank: usRankOf(DEFAULT_ENTRY_RATING), games: 0, streaks: {}, initialRating: DEFAULT_ENTRY_RATING };
    },
    rateEvent: (o, _ev, players, games) => us.rateEvent(o, { kind: 'tournament' }, players, games),
    rating: (s) => s.rating,
    setRating: (s, rating) => ({ rating, rank: s.rank, games: s.games, streaks: s.streaks }),
    // The US system publishes no expected score: the implied logistic curve (domain/evaluation/models.ts).
    expectedScore: (_o, a, b) => usImpliedExpectedScore(us.preEventRating(a), us.preEventRating(b)),
    gameTerms: (o, _ev, me, opp, g, meId) => {
      const [r, q] = [us.preEventRating(me), us.preEventRating(opp)];
      const hv = usHandicapValue(g);
      const d = q + (hv !== undefined && receives(g, meId === g.a ? g.b : g.a) ? hv : 0) - (r + (hv !== undefined && receives(g, meId) ? hv : 0));
      const f = us.bracketFactor(o, r);
      const clamped = Math.max(-350, Math.min(350, d));
      return {
        opponentRatingUsed: q,
        expected: usImpliedExpectedScore(r, q),
        terms: {
          bracket: `${f / 4} % / ${f}`, factor: f, percentage: f / 4, difference: d,
          resultPoints: scoreOf(g, meId) === 1 ? f : scoreOf(g, meId) === 0 ? -f : 0,
          percentageTerm: (f * clamped) / 400,
        },
      };
    },
  };
};

const US_HV: Partial<Record<string, number>> = {
  even: 0, sente: 25, lance: 50, bishop: 250, rook: 300, 'rook-lance': 400, '2p': 600, '3p': 650, '3p-right-lance': 650,
  '3p-left-lance': 650, '4p': 750, '5p-right-knight': 900, '5p-left-knight': 1050, '6p': 1200,
};
const usHandicapValue = (g: Game): number | undefined => US_HV[g.handicap?.type ?? 'even'];
const receives = (g: Game, id: string): boolean => g.handicap !== undefined && g.handicap.type !== 'even' && g.handicap.giver !== id;

const panBonus = (g: Game, id: string): number => (receives(g, id) ? pan.HANDICAP_VALUES[g.handicap!.type] ?? 0 : 0);

const panAdapter: GenericSystem<pan.PanPlayer, pan.PanAtlanticOptions> = {
  id: 'pan-atlantic',
  system: pan.panAtlantic,
  options: typedOptions(pan.panAtlantic, pan.PAN_ATLANTIC_DEFAULTS),
  newPlayer: (p, entry) => {
    const clubGrade = shogiGrade(p.grade) ?? null;
    const start = entryRating(p, entry);
    // Entering rated means entering as a provisional player: "a provisional rating after 4 games" (seed 6C).
    return start !== undefined ? { ...pan.NEW_PLAYER, clubGrade, rating: start, games: 4 } : { ...pan.NEW_PLAYER, clubGrade };
  },
  // a tournament rated as played in its own region: Europe's time-control and handicap rules differ (spec §2.1)
  rateEvent: (o, ev, players, games) => pan.rateEvent(o, { region: ev.region ?? 'america', orderKnown: true }, players, games),
  rating: (s) => s.rating,
  // A rating needs 4 games in this system: an officer-set rating makes an unrated player provisional.
  setRating: (s, rating) => ({ ...s, rating, games: Math.max(s.games, 4), record: [] }),
  expectedScore: (_o, a, b, g) => {
    if (a.rating === null || b.rating === null) return null;
    return logisticExpected(a.rating + panBonus(g, g.a), b.rating + panBonus(g, g.b));
  },
  gameTerms: (_o, _ev, me, opp, g, meId) => {
    const oppId = meId === g.a ? g.b : g.a;
    const category = pan.categoryOf(me);
    const stage = category === 'unrated' ? 1 : category === 'provisional' ? 2 : 3;
    const expected = me.rating === null || opp.rating === null ? null : logisticExpected(me.rating + panBonus(g, meId), opp.rating + panBonus(g, oppId));
    return {
      opponentRatingUsed: opp.rating,
      expected,
      terms: {
        category, stage,
        ...(me.rating !== null ? { K: pan.kFactor(me.rating) } : { performance: 'iterated performance rating (stage 1)' }),
        ...(category === 'provisional' ? { multiplier: '20/N (N = games after the part, when < 20)' } : {}),
        ...(panBonus(g, meId) > 0 ? { handicapBonus: panBonus(g, meId) } : {}),
      },
    };
  },
};

const ADAPTERS: Readonly<Record<GenericRuleSetId, GenericSystem<any, any>>> = {
  'us-shogi-1997-text': usAdapter('text'),
  'us-shogi-1997-card': usAdapter('card'),
  'pan-atlantic': panAdapter,
  'gobase-go': gobaseAdapter,
  fide: eloAdapter('fide', fide.rateEvent, fide.fideKFactor),
  'uscf-k': eloAdapter('uscf-k', uscf.rateEvent, (p) => uscf.uscfKFactor(p)),
};

export const genericSystem = (id: GenericRuleSetId): GenericSystem<any, any> => ADAPTERS[id];

/** Whether a state has a rating the list shows (US/GoBase newcomers before their first event have none). */
export const hasRating = (sys: GenericSystem<any, any>, s: unknown): boolean => sys.rating(s) !== null;


