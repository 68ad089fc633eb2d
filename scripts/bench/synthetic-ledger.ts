/**
 * The history bench's synthetic FESA ledger: at scale 1, 100,000 players (`p0`, `p1`, …), 20,000 tournaments of 20
 * players × 5 Swiss rounds (~1,000,000 games) over 30 years, from 1995-01-01. The same scale and seed always give
 * the same log. Written by `npm run bench:ledger -- --scale S --out FILE` (scripts/bench/ledger.ts) and by the
 * history bench (scripts/bench/history.ts), read by the cli and http benches.
 *
 * With `mixed` (issue 29's "Keep": the same figures on a ledger under several rule sets), one tournament in three is
 * rated under another rule set, alternately fide and gobase-go, and the founders bring an opening balance under each
 * of them beside FESA's. The games, players and dates are the same as without it: only the rule sets differ.
 */
import * as E from 'fp-ts/Either';
import type { DomainEvent } from '../../domain/events';
import { playerStream, tournamentStream } from '../../domain/events';
import { DAN_MP, KYU_MP } from '../../domain/rules/fesa/grades';
import { FesaProjection } from '../../projections/fesa/incremental';
import { openingState } from '../../projections/generic/opening-state';
import { readFacts, toNewEvent } from '../../src/app/event-log';
import type { EventStore } from '../../src/app/ports/event-store';

export const YEARS = 30;
export const ROUNDS = 5;
const START = Date.UTC(1995, 0, 1);
export const DAYS = YEARS * 365;
export const DEFAULT_SEED = 20261121;
/** The rule sets a mixed ledger rates one tournament in three under, in turn. */
export const MIXED_RULE_SETS = ['fide', 'gobase-go'] as const;

/** The rule set tournament `t` is rated under: FESA, or in a mixed ledger fide for t ≡ 1 and gobase-go for t ≡ 4 (mod 6). */
export const ruleSetOfTournament = (t: number, mixed: boolean): string => (!mixed ? 'fesa' : t % 6 === 1 ? 'fide' : t % 6 === 4 ? 'gobase-go' : 'fesa');

/**
 * Of a mixed synthetic ledger's tournaments (`tournament list --json` of ledger `spec`, any order), the last one rated
 * under `ruleSet`; a ledger written without --mixed has none, which is said.
 */
export const lastTournamentUnder = (listJson: string, ruleSet: string, spec: string): string => {
  const last = (JSON.parse(listJson) as { id: string }[])
    .map((t) => t.id)
    .filter((id) => /^t\d+$/.test(id) && ruleSetOfTournament(Number(id.slice(1)), true) === ruleSet)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .at(-1);
  if (last === undefined) throw new Error(`${spec}: no tournament under ${ruleSet} (write the ledger with npm run bench:ledger -- --mixed)`);
  return last;
};

export interface LedgerShape {
  readonly scale: number;
  readonly players: number;
  readonly tournaments: number;
  readonly games: number;
  readonly perTournament: number;
}

export const shapeOf = (scale: number): LedgerShape => {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`the scale must be a positive number, not ${scale}`);
  const games = Math.round(1_000_000 * scale);
  const tournaments = Math.max(1, Math.round(20_000 * scale));
  return { scale, players: Math.max(2, Math.round(100_000 * scale)), tournaments, games, perTournament: Math.max(2, Math.round((2 * games) / (tournaments * ROUNDS))) };
};

/** mulberry32: a fixed, fast PRNG so every run with one seed builds the same ledger. */
export const prng = (seed: number): (() => number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** The calendar day `d` days after the history's first day. */
export const dayOf = (d: number): string => new Date(START + d * 86_400_000).toISOString().slice(0, 10);
const TC = { mainMinutes: 40, byoyomiSeconds: 30, incrementSeconds: 0 };

/** Hidden strength of player `p<i>`: a fixed spread from 500 to 1700 (a bell shape from three uniform draws). */
const strength = (id: string): number => {
  const i = Number(id.slice(1));
  const u = (k: number) => ((Math.imul(i + 1, 2654435761 + k * 40503) >>> 0) % 10_000) / 10_000;
  return 500 + ((u(1) + u(2) + u(3)) / 3) * 1200;
};

/** The grade whose midpoint (seed 000 §7 table) is nearest to a playing strength. */
const gradeNear = (rating: number): string => {
  const grades: [string, number][] = [
    ...KYU_MP.map((mp, n) => [`${n} Kyu`, mp] as [string, number]).slice(1),
    ...DAN_MP.slice(1, 6).map((mp, n) => [`${n + 1} Dan`, mp] as [string, number]),
  ];
  return grades.reduce((best, g) => (Math.abs(g[1] - rating) < Math.abs(best[1] - rating) ? g : best))[0];
};

/** Players register over the first 29 years; each tournament draws its entrants from the players registered by then. */
const generate = async (store: EventStore, shape: LedgerShape, random: () => number, mixed: boolean): Promise<number> => {
  const { scale, players: PLAYERS, tournaments: TOURNAMENTS, perTournament: PER_TOURNAMENT } = shape;
  let events = 0;
  const FOUNDERS = Math.max(PER_TOURNAMENT, Math.floor(PLAYERS * 0.05));
  const regDay = (i: number): number => (i < FOUNDERS ? 0 : Math.floor((i / PLAYERS) * (DAYS - 365)));
  for (let i = 0; i < PLAYERS; i++) {
    const id = `p${i}`;
    const e = { type: 'PlayerRegistered', version: 1, eventId: `reg:${id}`, validDate: dayOf(regDay(i)), actor: 'bench', playerId: id, familyName: `Player${i}`, givenName: 'B', country: 'NO' } as unknown as DomainEvent;
    const batch = [toNewEvent(e)];
    if (i >= FOUNDERS) {
      // Newcomers declare the grade they bring (most FESA newcomers do): its two synthetic games anchor their first
      // performance rating. Ungraded newcomers meeting each other can make an event that never settles — in the
      // official program too (it loops forever), which a benchmark cannot use.
      batch.push(toNewEvent({ type: 'PriorGradeDeclared', version: 1, eventId: `grade:${id}`, validDate: dayOf(regDay(i)), actor: 'bench', playerId: id, grade: gradeNear(strength(id)), source: 'club' } as unknown as DomainEvent));
    }
    if (i < FOUNDERS) {
      // the ledger starts from an opening list: the founders are established players (an event of twenty
      // unrated players does not settle in the FESA engine — nor in the official program)
      const state = { lastName: `Player${i}`, firstName: 'B', nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: dayOf(-1) }], gradeLevel: 0, gradeName: '', nsrGradeLevel: 0, nsrGradeName: '', eloNumber: Math.round(strength(id)), games: 40, lastPlayed: dayOf(-1), lbCount: null, mpCount: null, bonusCount: 40, listIndex: i };
      batch.push(toNewEvent({ type: 'OpeningBalanceImported', version: 1, eventId: `open:${id}`, validDate: dayOf(0), actor: 'bench', playerId: id, ruleSet: 'fesa', state, source: 'list-1994' } as unknown as DomainEvent));
      if (mixed) for (const ruleSet of MIXED_RULE_SETS) batch.push(toNewEvent(mixedBalance(id, ruleSet)));
    }
    await store.append(playerStream(id), batch, 'no_stream');
    events += batch.length;
  }
  let playingDate = '';
  const playingToday = new Set<number>();
  for (let t = 0; t < TOURNAMENTS; t++) {
    const day = Math.floor(((t + 1) / TOURNAMENTS) * (DAYS - 1));
    const date = dayOf(day);
    const tid = `t${t}`;
    const registered = Math.max(Math.max(PER_TOURNAMENT, Math.floor(PLAYERS * 0.05)), Math.min(PLAYERS, Math.floor((day / (DAYS - 365)) * PLAYERS) + 1));
    // a local pool: players registered around the same time meet more often (clubs), plus some from anywhere
    const entrants = new Set<number>();
    const centre = Math.floor(random() * registered);
    // Several events share a date at this density; nobody plays two on one day (the program refuses a player whose
    // last event is not before this one).
    if (date !== playingDate) {
      playingDate = date;
      playingToday.clear();
    }
    while (entrants.size < PER_TOURNAMENT) {
      const local = random() < 0.7;
      const p = local ? Math.min(registered - 1, Math.max(0, centre + Math.floor((random() - 0.5) * 2000 * Math.max(scale, 0.05)))) : Math.floor(random() * registered);
      if (playingToday.has(p)) continue;
      entrants.add(p);
    }
    for (const p of entrants) playingToday.add(p);
    const ids = [...entrants].map((p) => `p${p}`);
    const batch: DomainEvent[] = [
      { type: 'TournamentRegistered', version: 1, eventId: `t:${tid}`, validDate: date, actor: 'bench', tournamentId: tid, name: `Open ${t}`, place: 'Oslo', startDate: date, endDate: date, ratingSystem: ruleSetOfTournament(t, mixed), rated: true, timeControl: TC } as unknown as DomainEvent,
    ];
    const met = new Set<string>();
    for (let r = 1; r <= ROUNDS; r++) {
      // Swiss-like pairing: players of similar strength meet (with some noise), as in a real open. Random
      // pairings make strong newcomers win everything, which keeps them provisional with an ever higher
      // performance rating until the program's grade tables run out (the official program stops there too).
      const noisy = new Map(ids.map((id) => [id, strength(id) + (random() - 0.5) * 400]));
      const order = [...ids].sort((a, b) => noisy.get(b)! - noisy.get(a)!);
      // Each player meets the nearest one not met yet in this event (a Swiss rule): repeated pairings are what makes
      // the program's fixed-point iteration flip between two integers for ever.
      const free = new Set(order);
      const pairs: [string, string][] = [];
      for (const a of order) {
        if (!free.has(a)) continue;
        free.delete(a);
        const b = order.find((x) => free.has(x) && !met.has(`${a}|${x}`)) ?? order.find((x) => free.has(x));
        if (b === undefined) break;
        free.delete(b);
        met.add(`${a}|${b}`).add(`${b}|${a}`);
        pairs.push([a, b]);
      }
      pairs.forEach(([a, b], i) => {
        // results follow a hidden playing strength, so ratings spread like a real federation's and stay in the tables
        const expected = 1 / (1 + 10 ** ((strength(a) - strength(b)) / -400));
        const x = random();
        const result = x < 0.05 ? 'draw' : x < 0.05 + 0.95 * expected ? 'win' : 'loss';
        batch.push({ type: 'GameReported', version: 1, eventId: `g:${tid}:${r}:${i}`, validDate: date, actor: 'bench', gameId: `${r}-${i}`, tournamentId: tid, round: r, first: a, second: b, result } as unknown as DomainEvent);
      });
    }
    batch.push({ type: 'TournamentClosed', version: 1, eventId: `c:${tid}`, validDate: date, actor: 'bench', tournamentId: tid } as unknown as DomainEvent);
    await store.append(tournamentStream(tid), batch.map(toNewEvent), 'no_stream');
    events += batch.length;
  }
  return events;
};

/** A founder's opening balance under a non-FESA rule set of a mixed ledger: his hidden strength, 40 games. */
const mixedBalance = (id: string, ruleSet: string): DomainEvent => {
  const state = openingState(ruleSet, { rating: Math.round(strength(id)), games: 40 });
  if (E.isLeft(state)) throw new Error(`the opening balance of ${id} under ${ruleSet}: ${state.left}`);
  return { type: 'OpeningBalanceImported', version: 1, eventId: `open:${ruleSet}:${id}`, validDate: dayOf(0), actor: 'bench', playerId: id, ruleSet, state: state.right, source: 'list-1994' } as unknown as DomainEvent;
};

/**
 * Random results sometimes make an event the program cannot rate: its fixed-point iteration flips between two
 * integers for ever (K steps with a running rating), or a promotion runs past its 7 Dan streak tables. An officer
 * resolves such an event; here the last game of the event is withdrawn (a GameWithdrawn fact) until the history
 * folds. Returns the repaired tournaments and the number of games withdrawn.
 */
const repair = async (store: EventStore): Promise<{ repaired: string[]; withdrawals: number }> => {
  const projection = new FesaProjection({ runs: 'none' });
  let position = 0;
  const feed = async () => {
    for await (const batch of readFacts(store, { fromPosition: position })) {
      projection.apply(batch);
      position = batch[batch.length - 1]!.globalPosition;
    }
  };
  await feed();
  const repaired: string[] = [];
  for (let attempt = 0; attempt < 2000; attempt++) {
    const folded = projection.current();
    if (E.isRight(folded)) return { repaired, withdrawals: attempt };
    const tid = /tournament "([^"]+)"/.exec(folded.left.message)?.[1];
    if (!tid) throw new Error(folded.left.message);
    const stream = await store.readStream(tournamentStream(tid));
    const withdrawn = new Set(stream.filter((e) => e.type === 'GameWithdrawn').map((e) => (e.data as { gameId: string }).gameId));
    const game = stream.filter((e) => e.type === 'GameReported' && !withdrawn.has((e.data as { gameId: string }).gameId)).at(-1);
    if (!game) throw new Error(`${folded.left.message} (no game left to withdraw)`);
    const g = game.data as { gameId: string; validDate: string };
    const withdrawal = { type: 'GameWithdrawn', version: 1, eventId: `withdraw:${tid}:${g.gameId}`, validDate: g.validDate, actor: 'bench', gameId: g.gameId, tournamentId: tid, reason: 'the event did not settle; officer withdrew the last game' } as unknown as DomainEvent;
    await store.append(tournamentStream(tid), [toNewEvent(withdrawal)], stream.length - 1);
    if (!repaired.includes(tid)) repaired.push(tid);
    await feed();
  }
  throw new Error('the synthetic history could not be repaired in 2000 withdrawals');
};


/**
 * Writes the synthetic ledger into an empty store and repairs the events the program cannot rate. Returns the number
 * of events written (repairs included) and the repaired tournaments.
 */
export const writeSyntheticLedger = async (store: EventStore, shape: LedgerShape, seed = DEFAULT_SEED, mixed = false): Promise<{ events: number; repairs: string[] }> => {
  if ((await store.headPosition()) !== 0) throw new Error('the synthetic ledger is written into an empty store only');
  const generated = await generate(store, shape, prng(seed), mixed);
  const { repaired, withdrawals } = await repair(store);
  return { events: generated + withdrawals, repairs: repaired };
};
