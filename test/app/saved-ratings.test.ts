import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { decodeEvent, type DomainEvent, type LoggedEvent } from '../../domain/events';
import { resumeProjection } from '../../src/app/checkpoint';
import { consequences, consequencesFromSaved, ledgerRatings, withDecided, type Consequences } from '../../src/app/consequences';
import { loadFacts } from '../../src/app/load';
import { savedRatings, type SavedRatings } from '../../src/app/saved-ratings';
import { ledgers, resultCorrection } from '../support/gen';
import { places, record } from '../support/places';

/**
 * A write's consequences from the saved checkpoint (src/app/saved-ratings.ts) are the whole log's (issue 30): random
 * ledgers whose checkpoint keeps a list before every tournament, saved part way through the log, then a back-dated
 * write — a corrected result, a late game in a closed tournament, the closure of an open one, a new tournament
 * registered, played and closed in one write, back-dated or after every other. The comparison must start from a saved list, not from the start.
 */
const decoded = (type: DomainEvent['type'], fields: Record<string, unknown>): DomainEvent => {
  const event = decodeEvent(type, { version: 1, actor: 't', ...fields, type });
  if (E.isLeft(event)) throw new Error(event.left);
  return event.right;
};

/** The games of the later half of the season: a write about them re-folds from a saved list, not from the start. */
const laterGamesOf = (facts: readonly LoggedEvent[]) => {
  const games = facts.flatMap((f) => (f.event.type === 'GameReported' && f.event.second !== null ? [f.event] : [])).sort((a, b) => a.validDate.localeCompare(b.validDate));
  return games.slice(Math.floor(games.length / 2));
};

const dayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One write of kind `kind`, its subject picked by `pick`; undefined when the ledger has nothing to write it about. */
const writeOf = (facts: readonly LoggedEvent[], kind: number, pick: number): DomainEvent[] | undefined => {
  const games = laterGamesOf(facts);
  const closed = new Set(facts.flatMap((f) => (f.event.type === 'TournamentClosed' ? [f.event.tournamentId] : [])));
  const game = games[pick % Math.max(1, games.length)];
  switch (kind) {
    case 0:
      return game && [resultCorrection(game, 0, 'late-fix').event];
    case 1: {
      const played = games.filter((g) => closed.has(g.tournamentId));
      const late = played[pick % Math.max(1, played.length)];
      return late && [decoded('GameReported', { ...late, eventId: 'late-game', gameId: 'late-game', round: 99, result: 'win' })];
    }
    case 2: {
      const open = facts.flatMap((f) => (f.event.type === 'TournamentRegistered' && !closed.has(f.event.tournamentId) ? [f.event] : []));
      const t = open[pick % Math.max(1, open.length)];
      return t && [decoded('TournamentClosed', { eventId: 'late-close', validDate: t.endDate, tournamentId: t.tournamentId })];
    }
    default: {
      if (!game) return undefined;
      // kind 3: back-dated to a game's date; kind 4: a tournament after every other, as an officer closes today's
      const date = kind === 3 ? game.validDate : dayAfter(facts.reduce((latest, f) => (f.event.validDate > latest ? f.event.validDate : latest), ''));
      return [
        decoded('TournamentRegistered', { eventId: 'new-t', validDate: date, tournamentId: 'NEW', name: 'new', place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }),
        decoded('GameReported', { ...game, eventId: 'new-g', tournamentId: 'NEW', gameId: 'g1', round: 1 }),
        decoded('TournamentClosed', { eventId: 'new-close', validDate: date, tournamentId: 'NEW' }),
      ];
    }
  }
};

/** A write of `writeOf`'s on the recorded log: its consequences folded from the whole log, and the saved ratings. */
const wholeAndSaved = async (store: Parameters<typeof savedRatings>[0], checkpoints: Parameters<typeof savedRatings>[1], kind: number, pick: number) => {
  const log = await loadFacts(store);
  const events = writeOf(log, kind, pick);
  if (events === undefined) return undefined;
  const whole = consequences(ledgerRatings(log), ledgerRatings(withDecided(log, events)));
  const saved = await savedRatings(store, checkpoints, events);
  return saved && { whole, saved };
};

/** Counts where a comparison from the saved state started, and holds its consequences to the whole log's. */
const heldToWhole = async (used: { saved: number; fromSavedList: number; withoutEarlyGames: number; byPlayer?: number }, saved: SavedRatings, whole: Consequences): Promise<void> => {
  used.saved++;
  // restored by player (head-projection.ts) is counted apart: the others count the whole checkpoint's restores
  if (saved.byPlayer) used.byPlayer = (used.byPlayer ?? 0) + 1;
  else {
    if (saved.foldedFrom > 0) used.fromSavedList++;
    if (saved.gamesFrom > 0) used.withoutEarlyGames++;
  }
  expect(await consequencesFromSaved(saved)).toEqual(whole);
};

describe('a write\'s consequences from the saved checkpoint', () => {
  it('are those of the whole log folded before and after, for back-dated writes after a saved list', async () => {
    const open = places[0]![1];
    const used = { saved: 0, fromSavedList: 0, withoutEarlyGames: 0, listBySlots: 0, listChanged: 0 };
    await fc.assert(
      fc.asyncProperty(ledgers(10, 8), fc.nat(), fc.integer({ min: 0, max: 4 }), fc.oneof(fc.constant(1), fc.double({ min: 0.8, max: 1, noNaN: true })), async ({ facts }, pick, kind, savedShare) => {
        const { store, checkpoints, close } = await open();
        try {
          const cut = Math.floor(facts.length * savedShare);
          await record(store, facts.slice(0, cut));
          await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
          // what was recorded after the checkpoint is caught up from the log
          await record(store, facts.slice(cut));
          const compared = await wholeAndSaved(store, checkpoints, kind, pick);
          if (compared === undefined) return;
          const { whole, saved } = compared;
          // the list compared on the slots the re-folds wrote, and the projection's names: the whole log's answer
          if (saved.known.fesaList !== undefined) used.listBySlots++;
          if (whole.list.length > 0) used.listChanged++;
          await heldToWhole(used, saved, whole);
        } finally {
          await close();
        }
      }),
      { numRuns: 30, seed: 30 },
    );
    expect(used.saved).toBeGreaterThan(15);
    expect(used.fromSavedList).toBeGreaterThan(5);
    // the games of the tournaments before the list a comparison re-folds from are not restored (issue 30)
    expect(used.withoutEarlyGames).toBeGreaterThan(5);
    // nor are the lists compared whole: on the slots the two re-folds wrote (slot-watch.ts)
    expect(used.listBySlots).toBe(used.saved);
    expect(used.listChanged).toBeGreaterThan(10);
  }, 120_000);
});

describe('a write that leaves FESA alone', () => {
  /**
   * A tournament under a rule set outside FESA (a TRF import's, a fide game), registered, played and closed in one
   * write with its players' opening balances, back-dated or after every other; with or without an adoption of fesa
   * before it, which makes the same registration FESA's. The consequences are the whole log's either way, and the
   * FESA checkpoint is read only when the adoption makes the tournament FESA's.
   */
  it('answers from the slice without reading the FESA checkpoint, unless an adoption makes the tournament FESA\'s', async () => {
    const open = places[0]![1];
    const used = { untouched: 0, adopted: 0 };
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), fc.boolean(), fc.boolean(), async ({ facts }, pick, backDated, adopted) => {
        const { store, checkpoints, close } = await open();
        try {
          const games = laterGamesOf(facts);
          const game = games[pick % Math.max(1, games.length)];
          if (!game || game.second === null) return;
          const first = facts.reduce((earliest, f) => (f.event.validDate < earliest ? f.event.validDate : earliest), '9999-12-31');
          const adoption = adopted ? [{ event: decoded('RuleSetAdopted', { eventId: 'adopt-fesa', validDate: first, ruleSetId: 'fesa', ruleSetVersion: '1', options: {}, reason: 'the federation rates under FESA' }), globalPosition: 0 }] : [];
          await record(store, [...facts, ...adoption.map((a, i) => ({ ...a, globalPosition: facts.length + i + 1 }))]);
          await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
          // the FESA projection's checkpoint (checkpoint.ts names it fesa-list-…); the other rule sets' slice has its own
          let loads = 0;
          // (or its parts a write at the head reads instead, head-projection.ts)
          const counted = {
            ...checkpoints,
            load: (name: string, chunk: (part: string, data: string) => void) => ((loads += name.startsWith('fesa-list') ? 1 : 0), checkpoints.load(name, chunk)),
            loadPart: (name: string, part: string, fromSeq: number, position: number) => ((loads += name.startsWith('fesa-list') ? 1 : 0), checkpoints.loadPart(name, part, fromSeq, position)),
          } as typeof checkpoints;
          const log = await loadFacts(store);
          const date = backDated ? game.validDate : dayAfter(log.reduce((latest, f) => (f.event.validDate > latest ? f.event.validDate : latest), ''));
          const events = [
            decoded('TournamentRegistered', { eventId: 'fide-t', validDate: date, tournamentId: 'FIDE-T', name: 'open', place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
            decoded('OpeningBalanceImported', { eventId: 'fide-b', validDate: date, playerId: game.first, ruleSet: 'fide', source: 'TRF FIDE-T', state: { rating: 2100, games: 30, birthYear: null, reached2400: false } }),
            decoded('GameReported', { ...game, eventId: 'fide-g', validDate: date, tournamentId: 'FIDE-T', gameId: 'g1', round: 1 }),
            decoded('TournamentClosed', { eventId: 'fide-close', validDate: date, tournamentId: 'FIDE-T' }),
          ];
          const whole = consequences(ledgerRatings(log), ledgerRatings(withDecided(log, events)));
          const saved = await savedRatings(store, counted, events);
          if (saved === undefined) return;
          expect(await consequencesFromSaved(saved)).toEqual(whole);
          if (adopted) {
            used.adopted++;
            expect(loads).toBeGreaterThan(0);
          } else {
            used.untouched++;
            expect(loads).toBe(0);
            expect(whole.changes.every((c) => c.ruleSet === 'fide')).toBe(true);
          }
        } finally {
          await close();
        }
      }),
      { numRuns: 20, seed: 31 },
    );
    expect(used.untouched).toBeGreaterThan(5);
    expect(used.adopted).toBeGreaterThan(3);
  }, 120_000);
});

/**
 * A fide tournament's file registering newcomers (as a TRF import or an approved submission does): one bearing the name
 * of a player of the ledger, one a name nobody bears. Their consequences name the changed players after the comparison
 * (saved-ratings.ts `namesOf`, the slice read without every registration), and the namesake as the whole log names him.
 */
describe('a write registering newcomers, from the saved checkpoint', () => {
  it('names them as the whole log does, a namesake of a player of the ledger told apart', async () => {
    const open = places[0]![1];
    let namesakes = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), async ({ facts }, pick) => {
        const { store, checkpoints, close } = await open();
        try {
          const registered = facts.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event] : []));
          const known = registered[pick % Math.max(1, registered.length)];
          if (known === undefined) return;
          await record(store, facts);
          await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
          const date = dayAfter(facts.reduce((latest, f) => (f.event.validDate > latest ? f.event.validDate : latest), ''));
          const newcomer = (playerId: string, familyName: string, givenName: string, rating: number): DomainEvent[] => [
            decoded('PlayerRegistered', { eventId: `reg-${playerId}`, validDate: date, playerId, familyName, givenName, country: 'NO' }),
            decoded('OpeningBalanceImported', { eventId: `bal-${playerId}`, validDate: date, playerId, ruleSet: 'fide', source: 'TRF FIDE-N', state: { rating, games: 30, birthYear: null, reached2400: false } }),
          ];
          const events = [
            decoded('TournamentRegistered', { eventId: 'fide-n', validDate: date, tournamentId: 'FIDE-N', name: 'newcomers', place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
            ...newcomer('NEW-A', known.familyName, known.givenName, 2000),
            ...newcomer('NEW-B', 'Freshface', 'Nobody', 2100),
            decoded('GameReported', { eventId: 'fide-n-g', validDate: date, tournamentId: 'FIDE-N', gameId: 'g1', round: 1, first: 'NEW-A', second: 'NEW-B', result: 'win' }),
            decoded('TournamentClosed', { eventId: 'fide-n-close', validDate: date, tournamentId: 'FIDE-N' }),
          ];
          const log = await loadFacts(store);
          const whole = consequences(ledgerRatings(log), ledgerRatings(withDecided(log, events)));
          const saved = await savedRatings(store, checkpoints, events);
          expect(saved?.namesOf).toBeDefined();
          const fromSaved = await consequencesFromSaved(saved!);
          expect(fromSaved).toEqual(whole);
          const named = new Map(whole.changes.map((c) => [c.player, c.name]));
          expect(named.get('NEW-B')).toBe('Freshface Nobody');
          if (named.get('NEW-A') !== `${known.familyName} ${known.givenName}`) namesakes++;
        } finally {
          await close();
        }
      }),
      { numRuns: 12, seed: 33 },
    );
    // the namesake was told apart (not named plainly) in the runs
    expect(namesakes).toBeGreaterThan(5);
  }, 120_000);
});

describe('a FESA write on a ledger that rates under other rule sets too', () => {
  /**
   * A fide tournament with an opening balance recorded before the checkpoint, then a FESA write (any of `writeOf`'s):
   * the slice of the other rule sets is read without every player's registration (the projection names them) and
   * the consequences are still the whole log's, names and all.
   */
  it('are the whole log\'s, the players named from the projection', async () => {
    const open = places[0]![1];
    let fromProjection = 0;
    await fc.assert(
      fc.asyncProperty(ledgers(8, 6), fc.nat(), fc.integer({ min: 0, max: 4 }), async ({ facts }, pick, kind) => {
        const { store, checkpoints, close } = await open();
        try {
          const game = laterGamesOf(facts)[pick % Math.max(1, laterGamesOf(facts).length)];
          if (!game || game.second === null) return;
          const date = game.validDate;
          const fide = [
            decoded('TournamentRegistered', { eventId: 'fide-t', validDate: date, tournamentId: 'FIDE-T', name: 'open', place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fide', rated: true, timeControl: { mainMinutes: 90, byoyomiSeconds: 0, incrementSeconds: 30 } }),
            decoded('OpeningBalanceImported', { eventId: 'fide-b', validDate: date, playerId: game.first, ruleSet: 'fide', source: 'TRF FIDE-T', state: { rating: 2100, games: 30, birthYear: null, reached2400: false } }),
            decoded('GameReported', { ...game, eventId: 'fide-g', tournamentId: 'FIDE-T', gameId: 'g1', round: 1 }),
            decoded('TournamentClosed', { eventId: 'fide-close', validDate: date, tournamentId: 'FIDE-T' }),
          ];
          await record(store, [...facts, ...fide.map((event, i) => ({ event, globalPosition: facts.length + i + 1 }))]);
          await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
          const compared = await wholeAndSaved(store, checkpoints, kind, pick);
          if (compared === undefined) return;
          const { whole, saved } = compared;
          // (restored by player, the changed players are named from its facts where it holds them all: `namesOf`)
          if (saved.known.nameOf !== undefined || saved.byPlayer) fromProjection++;
          expect(await consequencesFromSaved(saved)).toEqual(whole);
        } finally {
          await close();
        }
      }),
      { numRuns: 20, seed: 32 },
    );
    // compared from the FESA projection (not the slice alone: a game of the fide tournament)
    expect(fromProjection).toBeGreaterThan(10);
  }, 120_000);
});

/**
 * Two ids of one person, and the merge as its comparison reads it: the ids neither merged nor met in a tournament.
 * `mode` 0: two players of the ledger; else one is a new id registered after every other fact (as an officer adds
 * the second id of somebody today), 1: absorbed; 2: absorbed after playing a tournament of his own, after every
 * other; 3: absorbing a player of the ledger. Undefined when the ledger has no such pair.
 */
const mergeOf = (log: readonly LoggedEvent[], survivorPick: number, absorbedPick: number, mode: number): { recorded: DomainEvent[]; merge: DomainEvent } | undefined => {
  const merged = new Set(log.flatMap((f) => (f.event.type === 'PlayersMerged' ? [f.event.survivor, f.event.absorbed] : [])));
  const ids = [...new Set(log.flatMap((f) => (f.event.type === 'PlayerRegistered' && !merged.has(f.event.playerId) ? [f.event.playerId] : [])))];
  const tournamentsOf = new Map<string, Set<string>>();
  for (const { event: e } of log) {
    if (e.type !== 'GameReported' && e.type !== 'ResultCorrected') continue;
    for (const id of [e.first, e.second]) if (id !== null) tournamentsOf.set(id, (tournamentsOf.get(id) ?? new Set()).add(e.tournamentId));
  }
  const survivor = ids[survivorPick % Math.max(1, ids.length)];
  if (survivor === undefined) return undefined;
  const date = dayAfter(log.reduce((latest, f) => (f.event.validDate > latest ? f.event.validDate : latest), ''));
  const others = ids.filter((id) => id !== survivor && ![...(tournamentsOf.get(id) ?? [])].some((t) => tournamentsOf.get(survivor)?.has(t)));
  const opponent = ids.filter((id) => id !== survivor)[absorbedPick % Math.max(1, ids.length - 1)];
  const absorbed = mode > 0 ? 'TWIN' : others[absorbedPick % Math.max(1, others.length)];
  if (absorbed === undefined || (mode === 2 && opponent === undefined)) return undefined;
  const registration = decoded('PlayerRegistered', { eventId: 'reg-twin', validDate: date, playerId: 'TWIN', familyName: 'Twinning', givenName: 'Late', country: 'NO' });
  const played = (): DomainEvent[] => [
    decoded('TournamentRegistered', { eventId: 'twin-t', validDate: date, tournamentId: 'TWIN-T', name: 'late', place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } }),
    decoded('GameReported', { eventId: 'twin-g', validDate: date, tournamentId: 'TWIN-T', gameId: 'g1', round: 1, first: 'TWIN', second: opponent, result: 'win' }),
    decoded('TournamentClosed', { eventId: 'twin-close', validDate: date, tournamentId: 'TWIN-T' }),
  ];
  const recorded = mode === 0 ? [] : mode === 2 ? [registration, ...played()] : [registration];
  const [into, from] = mode === 3 ? [absorbed, survivor] : [survivor, absorbed];
  return { recorded, merge: decoded('PlayersMerged', { eventId: 'late-merge', validDate: date, survivor: into, absorbed: from, reason: 'one person' }) };
};

describe('a merge\'s consequences from the saved checkpoint', () => {
  it('are those of the whole log folded before and after, re-folded from the absorbed id\'s first item', async () => {
    const open = places[0]![1];
    const used: { saved: number; fromSavedList: number; withoutEarlyGames: number; changed: number; byPlayer?: number } = { saved: 0, fromSavedList: 0, withoutEarlyGames: 0, changed: 0 };
    await fc.assert(
      fc.asyncProperty(ledgers(10, 8), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 }), fc.oneof(fc.constant(1), fc.double({ min: 0.8, max: 1, noNaN: true })), async ({ facts }, survivorPick, absorbedPick, twin, savedShare) => {
        const { store, checkpoints, close } = await open();
        try {
          const cut = Math.floor(facts.length * savedShare);
          await record(store, facts.slice(0, cut));
          await resumeProjection(store, checkpoints, { checkpointEvery: 1 });
          const write = mergeOf(facts, survivorPick, absorbedPick, twin);
          if (write === undefined) return;
          // what was recorded after the checkpoint (the new id's facts too) is caught up from the log
          await record(store, [...facts.slice(cut), ...write.recorded.map((event, i) => ({ event, globalPosition: facts.length + i + 1 }))]);
          const log = await loadFacts(store);
          const whole = consequences(ledgerRatings(log), ledgerRatings(withDecided(log, [write.merge])));
          const saved = await savedRatings(store, checkpoints, [write.merge]);
          if (saved === undefined) return;
          if (whole.changes.length > 0) used.changed++;
          await heldToWhole(used, saved, whole);
        } finally {
          await close();
        }
      }),
      { numRuns: 60, seed: 32 },
    );
    expect(used.saved).toBeGreaterThan(20);
    // not from the start: from the list before the absorbed id's first item, without the games before it (the whole
    // checkpoint restored: a merge at the head restored by player is counted apart, and held to the whole log alike)
    expect(used.fromSavedList).toBeGreaterThan(5);
    expect(used.withoutEarlyGames).toBeGreaterThan(5);
    expect(used.byPlayer ?? 0).toBeGreaterThan(0);
    expect(used.changed).toBeGreaterThan(5);
  }, 180_000);
});
