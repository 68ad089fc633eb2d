import * as E from 'fp-ts/Either';
import { pairRounds, eventPlayerName, type PairedRound } from './event-check';
import { establishedChange, establishedChangeTotal, type EstablishedGameTerms } from './established';
import { danQualification, FesaGradeError, gradeRating } from './grades';
import { handicappedOpponentRating } from './handicap';
import { FESA_PROGRAM_OPTIONS, type FesaOptions } from './options';
import { performanceRatingOf, type PerformanceSolution } from './performance';
import { promoteAfterEvent } from './promotion';
import { unratedRecord } from './records';
import type {
  FesaDanQualifying,
  FesaError,
  FesaEvent,
  FesaEventPlayer,
  FesaGameExplanation,
  FesaHandicap,
  FesaHistoryGame,
  FesaHome,
  FesaPlayer,
  FesaPlayerReport,
  FesaPromotion,
  FesaRatingResult,
  FesaScore,
} from './types';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A game of the list used for rating: against a player of this event, or a phantom (history / prior grade). */
type RatedGame =
  | { readonly kind: 'event'; readonly round: number; readonly opponent: number; readonly score: FesaScore; readonly handicap?: FesaHandicap }
  | { readonly kind: 'phantom'; readonly source: 'history' | 'grade'; readonly rating: number; readonly score: FesaScore; readonly weight: number };

interface Participant {
  readonly ev: FesaEventPlayer;
  /** Position in the combined list (new players first), or -1 for a player the program creates on the fly. */
  readonly listIndex: number;
  readonly record: FesaPlayer;
  readonly provisional: boolean;
  /** ELO as the rating sees it: 0 for provisional players (the program zeroes it). */
  readonly elo: number;
  readonly games: readonly RatedGame[];
  /** Games counted after the event (the program's post-ant). */
  readonly totalAfter: number;
  /** Established: rounded change; provisional: the current performance estimate. */
  change: number;
  readonly shape: GameListShape;
  report?: Pick<FesaPlayerReport, 'games' | 'performanceGames' | 'performanceCase' | 'performanceRating' | 'newtonSteps'>;
}

/**
 * What decides how a player's result is computed. For a provisional player who won every game the performance
 * rating is solved with one more game in front (a draw against the best opponent, the program's `innsats` case),
 * so his games start at `offset` 1.
 */
interface GameListShape {
  readonly offset: number;
  readonly allLosses: boolean;
  readonly allWins: boolean;
}

const gameListShape = (games: readonly RatedGame[], provisional: boolean): GameListShape => {
  const allLosses = games.every((g) => g.score === 0);
  const allWins = games.every((g) => g.score === 1);
  return { offset: allWins && provisional ? 1 : 0, allLosses, allWins };
};

/**
 * A game list as parallel arrays, filled before every computation of one player's result: the inner loop of the
 * iteration allocates nothing, and one set serves every player (computations never overlap).
 */
class GameArrays {
  opponents = new Float64Array(64);
  scores = new Float64Array(64);
  weights = new Float64Array(64);

  /** Fills scores and weights of `games` from `offset` on (opponents are the caller's: they change every pass). */
  load(games: readonly RatedGame[], offset: number): void {
    const n = games.length + offset;
    if (n > this.opponents.length) {
      const size = Math.max(n, this.opponents.length * 2);
      this.opponents = new Float64Array(size);
      this.scores = new Float64Array(size);
      this.weights = new Float64Array(size);
    }
    for (let i = 0; i < games.length; i++) {
      const g = games[i]!;
      this.scores[i + offset] = g.score;
      this.weights[i + offset] = g.kind === 'phantom' ? g.weight : 1;
    }
    if (offset === 1) this.scores[0] = 0.5;
  }
}

const ARRAYS = new GameArrays();

/**
 * The program iterates without limit and can cycle for ever (e.g. two newcomers whose performance ratings feed each
 * other through the 400 floor). Real events settle in a handful of passes; past this many we report instead of hanging.
 */
const MAX_PASSES = 1000;

const fail = (code: FesaError['code'], message: string, line?: number): E.Either<FesaError, never> => E.left({ code, message, line });

const freshPlayer = (ev: FesaEventPlayer): FesaPlayer =>
  unratedRecord(ev.lastName, ev.firstName, [{ list: null, nationality: '', residens: null, last: null }]);

const historyLength = (g: FesaPlayer['games']): number => (typeof g === 'number' ? g : g.length);

/** The program's `date-before`: no date (or a number) is always before; otherwise plain string order. */
const dateBefore = (old: string | null, date: string): boolean => old === null || old < date;

const matchRecords = (event: FesaEvent, combined: readonly FesaPlayer[], checkLastPlayed: boolean): E.Either<FesaError, { index: number; record: FesaPlayer }[]> => {
  const out: { index: number; record: FesaPlayer }[] = [];
  const seen = new Map<number, FesaEventPlayer>();
  for (const ev of event.players) {
    if ((ev.lastName === '' && ev.firstName === '') || ev.simultaneousGiver) {
      out.push({ index: -1, record: freshPlayer(ev) });
      continue;
    }
    let index = 0;
    while (index < combined.length && !(combined[index]!.lastName === ev.lastName && combined[index]!.firstName === ev.firstName)) index++;
    if (index === combined.length) {
      return fail('unknown-player', `Unknown player "${eventPlayerName(ev)}": not in the rating list nor among the new players.`, ev.line);
    }
    const twin = seen.get(index);
    if (twin) {
      return fail('duplicate-player', `Player "${eventPlayerName(ev)}" appears twice in the event (lines ${twin.line ?? '?'} and ${ev.line ?? '?'}).`, ev.line);
    }
    seen.set(index, ev);
    const record = combined[index];
    if (checkLastPlayed && !dateBefore(record.lastPlayed, event.date)) {
      return fail('already-rated', `${eventPlayerName(ev)} has played at ${record.lastPlayed}, which is not before this event's date ${event.date} (was this event already applied?).`, ev.line);
    }
    out.push({ index, record });
  }
  return E.right(out);
};

/** E unless more players carry an American (A) list entry (program's find-origin). */
const findOrigin = (records: readonly FesaPlayer[]): string => {
  let eu = 0;
  let us = 0;
  for (const r of records) {
    let e = false;
    let a = false;
    for (const h of r.nationalityList) {
      if (h.list === 'E') e = true;
      else if (h.list === 'A') a = true;
    }
    if (e) eu++;
    if (a) us++;
  }
  return us > eu ? 'A' : 'E';
};

/**
 * American events are rated in standings order (pts, SOS, SB, cumulative; the program's `reorder` with
 * spiller>=). CLISP's merge sort with that ≥ predicate puts tied players in reverse line order.
 */
const standingsOrder = (event: FesaEvent, rounds: readonly PairedRound[][]): number[] => {
  const pts = event.players.map((p, i) => p.macmahon + rounds[i].reduce((s, r) => s + r.score, 0));
  const ptsOf = (opp: number): number => (opp === 0 ? 0 : pts[opp - 1]);
  const key = event.players.map((p, i) => {
    const rs = rounds[i];
    let sum = 0;
    let cum = p.simultaneousGiver ? 0 : p.macmahon * rs.length;
    for (const r of rs) {
      sum += r.score;
      cum += sum;
    }
    return [pts[i], rs.reduce((s, r) => s + ptsOf(r.opponent), 0), rs.reduce((s, r) => s + r.score * ptsOf(r.opponent), 0), cum];
  });
  const order = event.players.map((_, i) => i).reverse();
  return order.sort((a, b) => {
    for (let k = 0; k < 4; k++) if (key[a][k] !== key[b][k]) return key[b][k] - key[a][k];
    return 0;
  });
};

/**
 * The order the program keeps the event's players in (its *all*): the file's order, or for an American event the
 * standings order. The report lists the players in this order, and the cross table numbers them by it.
 */
export const ratingOrder = (event: FesaEvent, origin: string): E.Either<FesaError, number[]> =>
  origin === 'A' ? E.map((rounds: PairedRound[][]) => standingsOrder(event, rounds))(pairRounds(event)) : E.right(event.players.map((_, i) => i));

/** Who is provisional in this event and with which game list (PROGRAM-BEHAVIOUR §5.1; seed 000 §2, §3). */
const decideProvisional = (
  ev: FesaEventPlayer,
  record: FesaPlayer,
  eventGames: RatedGame[],
  options: FesaOptions,
): { provisional: boolean; elo: number; games: RatedGame[]; totalAfter: number } => {
  const stored = record.games;
  const prev = historyLength(stored);
  if (prev === 0) {
    const games = [...eventGames];
    let synthetic = 0;
    if (record.nsrGradeLevel > 0) {
      const rating = gradeRating({ level: record.nsrGradeLevel, name: record.nsrGradeName });
      games.unshift(
        { kind: 'phantom', source: 'grade', rating, score: 0, weight: 1 },
        { kind: 'phantom', source: 'grade', rating, score: 1, weight: 1 },
      );
      synthetic = 2;
    }
    return { provisional: true, elo: 0, games, totalAfter: games.length - (options.syntheticGamesCount ? 0 : synthetic) };
  }
  if (typeof stored === 'number') {
    return { provisional: false, elo: record.eloNumber, games: eventGames, totalAfter: prev + eventGames.length };
  }
  const allLosses = stored.every((g) => g.score === 0);
  const allWins = stored.every((g) => g.score === 1);
  if (allLosses || allWins || record.eloNumber === 0 || prev + eventGames.length < 9) {
    // the stored history in reverse order, then this event's games (as the program builds the list)
    const games: RatedGame[] = [];
    for (let i = stored.length - 1; i >= 0; i--) {
      const g = stored[i]!;
      games.push({ kind: 'phantom', source: 'history', rating: g.opponentRating, score: g.score, weight: g.weight });
    }
    for (const g of eventGames) games.push(g);
    return { provisional: true, elo: 0, games, totalAfter: games.length };
  }
  return { provisional: false, elo: record.eloNumber, games: eventGames, totalAfter: prev + eventGames.length };
};

/**
 * Rate one event (PROGRAM-BEHAVIOUR.md §1–§7, seed 000): match players to the list, decide provisional players,
 * iterate ratings Gauss–Seidel in file order until no integer result changes, update game counts, history and
 * dates, promote grades and return the new list sorted by rating (stable, new players first).
 *
 * `explain: false` leaves out the per-game terms of the report (games, performance games and case, Newton steps):
 * a fold that only wants the list does not pay for an explanation nobody reads.
 */
export const rateEvent = (
  list: readonly FesaPlayer[],
  newPlayers: readonly FesaPlayer[],
  event: FesaEvent,
  options: FesaOptions = FESA_PROGRAM_OPTIONS,
  {
    explain = true,
    checkLastPlayed = true,
  }: {
    readonly explain?: boolean;
    /**
     * The program refuses a file whose player has played on or after its date (so that an event is not applied to its
     * own output). The ledger's folds turn it off: there two tournaments are two facts, and a player may play in two
     * on one day; applying one twice cannot happen.
     */
    readonly checkLastPlayed?: boolean;
  } = {},
): E.Either<FesaError, FesaRatingResult> => {
  try {
    return rate(list, newPlayers, event, options, explain, checkLastPlayed);
  } catch (e) {
    if (e instanceof FesaGradeError) return fail('unknown-grade', e.message);
    throw e;
  }
};

const rate = (
  list: readonly FesaPlayer[],
  newPlayers: readonly FesaPlayer[],
  event: FesaEvent,
  options: FesaOptions,
  explain: boolean,
  checkLastPlayed: boolean,
): E.Either<FesaError, FesaRatingResult> => {
  const paired = pairRounds(event);
  if (E.isLeft(paired)) return paired;
  const rounds = paired.right;
  const combined = [...newPlayers, ...list];
  const matched = matchRecords(event, combined, checkLastPlayed);
  if (E.isLeft(matched)) return matched;

  const origin = findOrigin(matched.right.map((m) => m.record));
  const participants: Participant[] = event.players.map((ev, i) => {
    const { index, record } = matched.right[i];
    const eventGames: RatedGame[] = [];
    rounds[i].forEach((r, round) => {
      if (r.opponent !== 0) eventGames.push({ kind: 'event', round: round + 1, opponent: r.opponent - 1, score: r.score, handicap: r.handicap });
    });
    const { provisional, elo, games, totalAfter } = decideProvisional(ev, record, eventGames, options);
    return { ev, listIndex: index, record, provisional, elo, games, totalAfter, change: 0, shape: gameListShape(games, provisional) };
  });
  const order = origin === 'A' ? standingsOrder(event, rounds) : participants.map((_, i) => i);

  // --- opponent ratings (§5.2): current rating of the opponent, soft floor 400, handicap on the LB grade scale.
  const startRating = (p: Participant): number => (p.elo !== 0 ? p.elo : p.change);
  const currentRating = (p: Participant): number => startRating(p) + (p.elo === 0 ? 0 : p.change);
  const opponentRating = (self: Participant, g: RatedGame): number => {
    if (g.kind === 'phantom') return options.softFloorOnPhantoms ? Math.max(400, g.rating) : g.rating;
    const opp = Math.max(400, currentRating(participants[g.opponent]));
    if (!g.handicap) return opp;
    return handicappedOpponentRating(opp, startRating(self), g.handicap.side, g.handicap.type);
  };
  const describe = (self: Participant, g: RatedGame, used: number): FesaGameExplanation =>
    g.kind === 'event'
      ? { round: g.round, opponent: eventPlayerName(participants[g.opponent].ev), opponentRatingUsed: used, score: g.score, handicap: g.handicap }
      : { round: null, opponent: g.source, opponentRatingUsed: used, score: g.score };

  /** A provisional player's performance rating from the others' current values (not all losses). */
  const solvePerformance = (p: Participant): PerformanceSolution => {
    const { offset } = p.shape;
    ARRAYS.load(p.games, offset);
    const { opponents, scores, weights } = ARRAYS;
    const n = p.games.length;
    for (let i = 0; i < n; i++) opponents[i + offset] = opponentRating(p, p.games[i]!);
    if (p.shape.allWins) {
      // the first game with the highest opponent rating, drawn
      let best = 1;
      for (let i = 2; i <= n; i++) if (opponents[i]! > opponents[best]!) best = i;
      opponents[0] = opponents[best]!;
      weights[0] = weights[best]!;
    }
    return performanceRatingOf(opponents, scores, weights, n + offset, options.performancePrecision, 1);
  };

  /** One player's result from the others' current values (the iteration's inner loop). */
  const ratePlayer = (p: Participant): number => {
    if (p.provisional) return p.shape.allLosses ? 1 : solvePerformance(p).rating;
    ARRAYS.load(p.games, 0);
    const { opponents, scores } = ARRAYS;
    const n = p.games.length;
    for (let i = 0; i < n; i++) opponents[i] = opponentRating(p, p.games[i]!);
    const change = establishedChangeTotal(p.elo, opponents, scores, n, p.record.bonusCount, options);
    return options.hardFloorEstablished ? Math.max(change, 1 - p.elo) : change;
  };

  /** The same result with every term kept, for the report (run once, after the last pass). */
  const explainPlayer = (p: Participant): void => {
    const used = p.games.map((g) => opponentRating(p, g));
    if (!p.provisional) {
      const outcome = establishedChange(
        p.elo,
        used.map((o, i) => ({ opponentRating: o, score: p.games[i].score })),
        p.record.bonusCount,
        options,
      );
      p.report = {
        games: outcome.games.map((t: EstablishedGameTerms, i) => {
          // Built field by field: object spread in this loop was the single largest cost of rating an event.
          const d = describe(p, p.games[i], used[i]);
          return { round: d.round, opponent: d.opponent, opponentRatingUsed: d.opponentRatingUsed, score: d.score, handicap: d.handicap, ratingBefore: t.ratingBefore, expected: t.expected, k: t.k, normal: t.normal, upset: t.upset, bonus: t.bonus, change: t.change };
        }),
      };
      return;
    }
    const performanceGames = p.games.map((g, i) => describe(p, g, used[i]));
    if (p.shape.allLosses) {
      p.report = { performanceGames, performanceCase: 'all-losses', performanceRating: 1, newtonSteps: 0 };
      return;
    }
    const solved = solvePerformance(p);
    p.report = { performanceGames, performanceCase: p.shape.allWins ? 'all-wins' : 'solve', performanceRating: solved.rating, newtonSteps: solved.steps };
  };

  // --- iteration (§5.5): Gauss–Seidel passes until a pass changes no integer result.
  // A player's result is a pure function of his own estimate (handicap games) and his opponents' current values, so
  // a player none of whose inputs changed since his last computation would get the same result again: he is skipped.
  // The passes, their order and the stopping rule stay exactly the program's.
  // Player i's inputs are deps[from[i]] .. deps[from[i + 1] - 1] (himself, then his opponents), and seen[k] is the
  // version of deps[k] when he was last computed.
  const version = new Int32Array(participants.length);
  const dependencies: number[] = [];
  const from = new Int32Array(participants.length + 1);
  participants.forEach((p, i) => {
    from[i] = dependencies.length;
    dependencies.push(i);
    for (const g of p.games) if (g.kind === 'event' && dependencies.indexOf(g.opponent, from[i]) < 0) dependencies.push(g.opponent);
  });
  from[participants.length] = dependencies.length;
  const deps = Int32Array.from(dependencies);
  const seen = new Int32Array(deps.length);
  const computed = new Uint8Array(participants.length);
  let iterations = 0;
  for (let changed = true; changed; ) {
    changed = false;
    iterations++;
    if (iterations > MAX_PASSES) {
      return fail('no-convergence', `The ratings of event "${event.name}" do not settle: still changing after ${MAX_PASSES} passes (the official program would loop forever on this event); check the results for a player whose rating oscillates.`);
    }
    for (const i of order) {
      const start = from[i]!;
      const end = from[i + 1]!;
      if (computed[i] === 1 && unchangedSince(deps, seen, start, end, version)) continue;
      for (let k = start; k < end; k++) seen[k] = version[deps[k]!]!;
      computed[i] = 1;
      const p = participants[i]!;
      const next = ratePlayer(p);
      if (next !== p.change) {
        changed = true;
        p.change = next;
        version[i]++;
      }
    }
  }
  // The last pass changed nothing, so replaying it for the report reproduces its numbers exactly.
  if (explain) for (const i of order) explainPlayer(participants[i]);

  // --- game counts, history, dates (program's inc-games), then promotions (§6), then the list.
  const updated = [...combined];
  const reports: FesaPlayerReport[] = [];
  for (const i of order) {
    const p = participants[i];
    if (p.ev.simultaneousGiver || p.listIndex < 0) {
      reports.push({ lastName: p.ev.lastName, firstName: p.ev.firstName, method: 'not-rated', preRating: 0, postRating: p.change, promotions: [] });
      continue;
    }
    let games: FesaPlayer['games'];
    if (p.provisional) {
      const kept = options.syntheticGamesCount ? p.games : p.games.filter((g) => !(g.kind === 'phantom' && g.source === 'grade'));
      games = kept.map((g): FesaHistoryGame => ({ opponentRating: opponentRating(p, g), score: g.score, weight: 1 }));
    } else {
      games = p.totalAfter;
    }
    const bonusCount = p.provisional ? 0 : Math.min(100, p.record.bonusCount + p.games.length);
    const nationalityList = stampHome(p.record.nationalityList, origin, event.date, eventPlayerName(p.ev));
    if (E.isLeft(nationalityList)) return nationalityList;

    const danQualifying = options.danQualifyingGames ? countDanQualifying(p, participants, opponentRating) : null;
    const from = p.elo === 0 ? p.elo + p.change : p.elo;
    const to = p.elo + p.change;
    const ratedGames = options.syntheticGamesCount ? p.games.length : p.games.filter((g) => !(g.kind === 'phantom' && g.source === 'grade')).length;
    const { state, promotions } = withPlayer(() => eventPlayerName(p.ev), () => promoteAfterEvent(
      {
        state: { grade: { level: p.record.gradeLevel, name: p.record.gradeName }, lbCount: p.record.lbCount, mpCount: p.record.mpCount },
        from,
        to,
        games: ratedGames,
        totalGames: typeof games === 'number' ? games : games.length,
      },
      {
        provisionalPromotion: options.provisionalPromotion,
        lbStreakNeedsMp: options.lbStreakNeedsMp,
        lookAhead: options.lookAhead,
        danQualifying,
      },
    ));
    // Every field written out (no spread of the old record): records made here all share one shape, which keeps the
    // code that reads them later fast.
    const extension = danQualifying ? { ...p.record.extension, danQualifying } : p.record.extension;
    const record: Mutable<FesaPlayer> = {
      lastName: p.record.lastName,
      firstName: p.record.firstName,
      nationalityList: nationalityList.right,
      gradeLevel: state.grade.level,
      gradeName: state.grade.name,
      nsrGradeLevel: p.record.nsrGradeLevel,
      nsrGradeName: p.record.nsrGradeName,
      eloNumber: to,
      games,
      lastPlayed: event.date,
      lbCount: state.lbCount,
      mpCount: state.mpCount,
      bonusCount,
    };
    if (extension) record.extension = extension;
    updated[p.listIndex] = record;
    reports.push({
      lastName: p.ev.lastName,
      firstName: p.ev.firstName,
      method: p.provisional ? 'performance' : 'standard',
      preRating: p.record.eloNumber,
      postRating: to,
      ...p.report,
      promotions: promotions as FesaPromotion[],
    });
  }
  // Stable sort by rating, highest first (the program's stable-sort with #'>).
  const sorted = updated
    .map((_, i) => i)
    .sort((a, b) => updated[b]!.eloNumber - updated[a]!.eloNumber || a - b)
    .map((i) => updated[i]!);
  return E.right({ list: sorted, inInputOrder: updated, report: { iterations, origin, players: reports } });
};

/** True when none of a player's inputs (deps[start..end)) changed since they were recorded in `seen`. */
const unchangedSince = (deps: Int32Array, seen: Int32Array, start: number, end: number, version: Int32Array): boolean => {
  for (let k = start; k < end; k++) if (version[deps[k]!] !== seen[k]) return false;
  return true;
};

/** Runs f; a grade error names the player (the name is only made then). */
const withPlayer = <A>(who: () => string, f: () => A): A => {
  try {
    return f();
  } catch (e) {
    if (e instanceof FesaGradeError) throw new FesaGradeError(`Grade promotion of ${who()}: ${e.message}.`);
    throw e;
  }
};

/** The HOME entry of the event's origin gets the event date; created from the first entry when missing. */
const stampHome = (homes: readonly FesaHome[], origin: string, date: string, who: string): E.Either<FesaError, FesaHome[]> => {
  const at = homes.findIndex((h) => h.list === origin);
  if (at >= 0) return E.right(homes.map((h, i) => (i === at ? { list: h.list, nationality: h.nationality, residens: h.residens, last: date } : h)));
  if (homes.length === 0) return fail('unsupported', `${who} has an empty NATIONALITY-LIST; the program needs one HOME entry to copy.`);
  return E.right([{ ...homes[0], list: origin, last: date }, ...homes]);
};

/**
 * Seed 000 §7b: games against at least the MP of the grade below a dan grade, and from how many opponents.
 * Counted per target dan level from this event's games at the opponents' final ratings.
 */
const countDanQualifying = (
  p: Participant,
  participants: readonly Participant[],
  opponentRating: (self: Participant, g: RatedGame) => number,
): Record<number, FesaDanQualifying> => {
  const out: Record<number, FesaDanQualifying> = { ...(p.record.extension?.danQualifying ?? {}) };
  for (const g of p.games) {
    if (g.kind !== 'event') continue;
    const rating = opponentRating(p, { ...g, handicap: undefined });
    const name = eventPlayerName(participants[g.opponent].ev);
    for (let dan = 1; dan <= 5; dan++) {
      const need = danQualification(dan);
      if (!need || rating < need.minOpponent) continue;
      const prev = out[dan] ?? { games: 0, opponents: [] };
      out[dan] = { games: prev.games + 1, opponents: prev.opponents.includes(name) ? prev.opponents : [...prev.opponents, name] };
    }
  }
  return out;
};
