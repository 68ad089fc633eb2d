import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { decodeEvent, type DomainEvent, type GameReported, type GameResult } from '../../domain/events';
import type { LoggedEvent } from '../../domain/events';

/**
 * Random FESA ledgers for property tests: players (some with prior grades, some from an opening list), tournaments
 * with random rounds (wins, losses, draws, sennichite, unplayed games, byes), closed in an order unrelated to their
 * dates (late tournaments), later corrections and withdrawals, officer adjustments and grade awards, and merges of
 * two ids (some undone later) recorded anywhere in the log. Some players share a name (namesakes).
 */

const day = (n: number): string => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);
const TC = { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 };
const RESULTS: readonly GameResult[] = ['win', 'loss', 'draw', 'win', 'loss', 'sennichite', 'unplayed'];
const GRADES = ['5 Kyu', '1 Kyu', '1 Dan', '3 Dan'];

interface Spec {
  players: { day: number; prior: number | null; opening: number | null; lateRegistration: boolean }[];
  tournaments: { day: number; rounds: number[][]; closeLater: boolean; rated: boolean }[];
  corrections: { t: number; g: number; result: number; withdraw: boolean }[];
  officer: { kind: 'set' | 'shift' | 'filter' | 'award'; player: number; value: number; day: number }[];
  merges: { survivor: number; absorbed: number; at: number; unmergeAt: number | null }[];
  order: number[];
  batches: number[];
}

const spec = (maxPlayers: number, maxTournaments: number): fc.Arbitrary<Spec> =>
  fc.record({
    players: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 20 }),
        prior: fc.option(fc.integer({ min: 0, max: GRADES.length - 1 }), { nil: null }),
        // opening ratings 12 apart: a win or loss between equals (K 24) lands on another player's rating, so ties (whose order
        // is part of the list) are common
        opening: fc.option(fc.constantFrom(1476, 1488, 1500, 1512, 1524, 1536, 2000), { nil: null, freq: 2 }),
        lateRegistration: fc.boolean(),
      }),
      { minLength: 2, maxLength: maxPlayers },
    ),
    tournaments: fc.array(
      fc.record({
        day: fc.integer({ min: 25, max: 360 }),
        // per round: a permutation seed (pairs are formed from it) and results
        rounds: fc.array(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 2, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        closeLater: fc.boolean(),
        rated: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      }),
      { minLength: 1, maxLength: maxTournaments },
    ),
    corrections: fc.array(fc.record({ t: fc.nat(), g: fc.nat(), result: fc.nat(), withdraw: fc.boolean() }), { maxLength: 4 }),
    officer: fc.array(
      fc.record({ kind: fc.constantFrom('set' as const, 'shift' as const, 'filter' as const, 'award' as const), player: fc.nat(), value: fc.integer({ min: -50, max: 1800 }), day: fc.integer({ min: 0, max: 360 }) }),
      { maxLength: 3 },
    ),
    merges: fc.array(fc.record({ survivor: fc.nat(), absorbed: fc.nat(), at: fc.nat(), unmergeAt: fc.option(fc.nat(), { nil: null }) }), { maxLength: 2 }),
    order: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
    batches: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 30 }),
  });

const build = (s: Spec): { facts: LoggedEvent[]; batches: number[] } => {
  const early: DomainEvent[] = [];
  const ids = s.players.map((_, i) => `P${i}`);
  const openings: DomainEvent[] = [];
  const late: DomainEvent[] = [];
  // every fourth player bears the name of the one before (namesakes are people: list-names.ts)
  const family = (i: number): string => `N${i % 4 === 1 ? i - 1 : i}`;
  const given = (i: number): string => ((i % 4 === 1 ? i - 1 : i) % 3 === 0 ? '' : 'A');
  s.players.forEach((p, i) => {
    const id = ids[i]!;
    const reg = { type: 'PlayerRegistered', version: 1, eventId: `reg:${id}`, validDate: day(p.day), actor: 't', playerId: id, familyName: family(i), givenName: given(i), country: 'NO' };
    (p.lateRegistration && p.opening === null ? late : early).push(reg as unknown as DomainEvent);
    if (p.prior !== null) early.push({ type: 'PriorGradeDeclared', version: 1, eventId: `prior:${id}`, validDate: day(p.day), actor: 't', playerId: id, grade: GRADES[p.prior]!, source: 'NSR' } as unknown as DomainEvent);
    if (p.opening !== null) {
      const state = { lastName: family(i), firstName: given(i), nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: day(0) }], gradeLevel: 2, gradeName: 'Kyu', nsrGradeLevel: 0, nsrGradeName: '', eloNumber: p.opening, games: 30, lastPlayed: day(0), lbCount: null, mpCount: null, bonusCount: 100, listIndex: i };
      openings.push({ type: 'OpeningBalanceImported', version: 1, eventId: `open:${id}`, validDate: day(0), actor: 't', playerId: id, ruleSet: 'fesa', state, source: 'list-2019' } as unknown as DomainEvent);
    }
  });
  const tournamentEvents: DomainEvent[][] = [];
  const closures: DomainEvent[] = [];
  const gameIds: { t: string; g: string; first: string; second: string | null; round: number }[] = [];
  s.tournaments.forEach((t, ti) => {
    const tid = `T${ti}`;
    const events: DomainEvent[] = [
      { type: 'TournamentRegistered', version: 1, eventId: `t:${tid}`, validDate: day(t.day), actor: 't', tournamentId: tid, name: `Cup ${ti}`, place: 'Oslo', startDate: day(t.day), endDate: day(t.day), ratingSystem: 'fesa', rated: t.rated, timeControl: TC } as unknown as DomainEvent,
    ];
    t.rounds.forEach((seeds, r) => {
      // a round: players sorted by seed, paired two by two, the odd one out gets a bye
      const players = ids.map((id, i) => ({ id, k: seeds[i % seeds.length]! * 31 + i * 7 })).sort((a, b) => a.k - b.k).slice(0, Math.max(2, seeds.length));
      for (let i = 0; i + 1 < players.length; i += 2) {
        const g = `G${r}-${i}`;
        const result = RESULTS[seeds[i]! % RESULTS.length]!;
        events.push({ type: 'GameReported', version: 1, eventId: `g:${tid}:${g}`, validDate: day(t.day), actor: 't', gameId: g, tournamentId: tid, round: r + 1, first: players[i]!.id, second: players[i + 1]!.id, result } as unknown as DomainEvent);
        gameIds.push({ t: tid, g, first: players[i]!.id, second: players[i + 1]!.id, round: r + 1 });
      }
      if (players.length % 2 === 1) {
        const last = players[players.length - 1]!.id;
        events.push({ type: 'GameReported', version: 1, eventId: `g:${tid}:bye${r}`, validDate: day(t.day), actor: 't', gameId: `bye${r}`, tournamentId: tid, round: r + 1, first: last, second: null, result: 'bye', byePoints: 1 } as unknown as DomainEvent);
      }
    });
    const close = { type: 'TournamentClosed', version: 1, eventId: `close:${tid}`, validDate: day(t.day), actor: 't', tournamentId: tid } as unknown as DomainEvent;
    if (t.closeLater) closures.push(close);
    else events.push(close);
    tournamentEvents.push(events);
  });
  // Tournaments are recorded in an order unrelated to their dates.
  const seq = tournamentEvents.map((events, i) => ({ events, k: s.order[i % s.order.length]! * 13 + i })).sort((a, b) => a.k - b.k);
  const corrections: DomainEvent[] = [];
  s.corrections.forEach((c, i) => {
    const g = gameIds[c.g % Math.max(1, gameIds.length)];
    if (!g || g.second === null) return;
    corrections.push(
      c.withdraw
        ? ({ type: 'GameWithdrawn', version: 1, eventId: `w:${i}`, validDate: '2021-01-01', actor: 't', gameId: g.g, tournamentId: g.t, reason: 'not played' } as unknown as DomainEvent)
        : ({ type: 'ResultCorrected', version: 1, eventId: `c:${i}`, validDate: '2021-01-01', actor: 't', gameId: g.g, tournamentId: g.t, round: g.round, first: g.first, second: g.second, result: RESULTS[c.result % RESULTS.length], reason: 'score sheet' } as unknown as DomainEvent),
    );
  });
  const officer: DomainEvent[] = s.officer.map((o, i) => {
    const playerId = ids[o.player % ids.length]!;
    if (o.kind === 'award') return { type: 'GradeAwarded', version: 1, eventId: `a:${i}`, validDate: day(o.day), actor: 't', playerId, ruleSet: 'fesa', grade: GRADES[o.player % GRADES.length], reason: 'ratified' } as unknown as DomainEvent;
    const target = o.kind === 'filter' ? { kind: 'filter', filter: { minRating: Math.abs(o.value) } } : { kind: 'player', playerId };
    const change = o.kind === 'set' ? { kind: 'set', rating: Math.max(1, o.value) } : { kind: 'shift', by: o.value % 60 };
    return { type: 'RatingAdjusted', version: 1, eventId: `adj:${i}`, validDate: day(o.day), actor: 't', adjustmentId: `A${i}`, ruleSet: 'fesa', target, change, reason: 'officer' } as unknown as DomainEvent;
  });
  const all = [...openings, ...early, ...seq.flatMap((x) => x.events), ...late, ...closures, ...officer, ...corrections];
  // A merge: the survivor was registered twice, as D<i>, which plays his games in every other tournament (so the two
  // ids never play one round) and sometimes has a balance on the opening list too.
  s.merges.forEach((m, i) => {
    const survivor = ids[m.survivor % ids.length]!;
    const twin = `D${i}`;
    if (all.some((e) => e.type === 'PlayersMerged' && (e.survivor === survivor || e.absorbed === survivor))) return;
    const rename = (id: string | null) => (id === survivor ? twin : id);
    all.forEach((e, k) => {
      if ((e.type === 'GameReported' || e.type === 'ResultCorrected') && Number(e.tournamentId.slice(1)) % 2 === i % 2) {
        all[k] = { ...e, first: rename(e.first), second: rename(e.second) } as DomainEvent;
      }
    });
    all.splice(m.at % (openings.length + 1), 0, { type: 'PlayerRegistered', version: 1, eventId: `reg:${twin}`, validDate: day(m.at % 20), actor: 't', playerId: twin, familyName: `Twin${i}`, givenName: 'A', country: 'NO' } as unknown as DomainEvent);
    if (m.at % 3 === 0) {
      const state = { lastName: `Twin${i}`, firstName: 'A', nationalityList: [{ list: 'E', nationality: 'NO', residens: 'NO', last: day(0) }], gradeLevel: 1, gradeName: 'Kyu', nsrGradeLevel: 0, nsrGradeName: '', eloNumber: 1512, games: 30, lastPlayed: day(0), lbCount: null, mpCount: null, bonusCount: 100, listIndex: 50 + i };
      all.splice(openings.length + 1, 0, { type: 'OpeningBalanceImported', version: 1, eventId: `open:${twin}`, validDate: day(0), actor: 't', playerId: twin, ruleSet: 'fesa', state, source: 'list-2019' } as unknown as DomainEvent);
    }
    const merge = `merge:${i}`;
    // recorded after the twin's registration (which is at most at openings.length, one opening later)
    const at = openings.length + 2 + (m.at % Math.max(1, all.length - openings.length - 1));
    all.splice(at, 0, { type: 'PlayersMerged', version: 1, eventId: merge, validDate: day(m.at % 360), actor: 't', survivor, absorbed: twin, reason: 'one person' } as unknown as DomainEvent);
    if (m.unmergeAt !== null) {
      const later = at + 1 + (m.unmergeAt % (all.length - at));
      all.splice(later, 0, { type: 'PlayersUnmerged', version: 1, eventId: `unmerge:${i}`, validDate: day(m.at % 360), actor: 't', survivor, absorbed: twin, merge, reason: 'two people after all' } as unknown as DomainEvent);
    }
  });
  return { facts: all.map((event, i) => ({ event, globalPosition: i + 1 })), batches: s.batches };
};

export const ledgers = (maxPlayers = 10, maxTournaments = 8): fc.Arbitrary<{ facts: LoggedEvent[]; batches: number[] }> => spec(maxPlayers, maxTournaments).map(build);

/** Splits facts into consecutive batches of the given sizes (cycled). */
export const inBatches = <T>(items: readonly T[], sizes: readonly number[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0, k = 0; i < items.length; k++) {
    const n = sizes[k % sizes.length]!;
    out.push(items.slice(i, i + n));
    i += n;
  }
  return out;
};

/** The correction of a reported game's result (a win becomes a loss, anything else a win), recorded at `position`. */
export const resultCorrection = (game: GameReported, position: number, eventId = 'fix'): LoggedEvent => {
  const event = decodeEvent('ResultCorrected', { ...game, type: 'ResultCorrected', eventId, reason: 'typo', result: game.result === 'win' ? 'loss' : 'win' });
  if (E.isLeft(event)) throw new Error(event.left);
  return { event: event.right, globalPosition: position };
};

/** The dates a ledger's facts are valid from (a tournament by its end date), sorted: where a date given to a read cuts. */
export const validDatesOf = (facts: readonly LoggedEvent[]): string[] => {
  const dates = new Set<string>();
  for (const { event } of facts) {
    const date = event.type === 'TournamentRegistered' ? event.endDate : event.validDate;
    if (date) dates.add(date);
  }
  return [...dates].sort();
};
