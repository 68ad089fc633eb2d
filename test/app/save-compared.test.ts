import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { EVENT_OF_COMMAND, type Command } from '../../domain/commands/decide';
import { decodeEvent, type DomainEvent, type LoggedEvent } from '../../domain/events';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { resumeProjection, wholeRestores } from '../../src/app/checkpoint';
import { carryCheckpointForward } from '../../src/app/checkpoint-carry';
import { CAREER_MODEL_FORMAT, readCareerModel } from '../../src/app/career-model';
import { consequences, decideAllWithConsequences, ledgerRatings, withDecided } from '../../src/app/consequences';
import { CommandRejected } from '../../src/app/errors';
import { headRestores } from '../../src/app/head-projection';
import { Ledger } from '../../src/app/ledger';
import { LIST_MODEL_FORMAT } from '../../src/app/list-model';
import { loadFacts } from '../../src/app/load';
import type { CheckpointStorage } from '../../src/app/ports/checkpoint-storage';
import type { EventStore } from '../../src/app/ports/event-store';
import { ledgers, resultCorrection } from '../support/gen';
import { places, record } from '../support/places';

/** A list, or why its fold failed: two folds that fail alike compare equal, one failing and one not never do. */
const listOrFailure = (r: E.Either<unknown, { readonly list: unknown }>): unknown => (E.isRight(r) ? { list: r.right.list } : { failed: r.left instanceof Error ? r.left.message : String(r.left) });

/**
 * A back-dated write (a correction of a game of a closed tournament) saves, as the checkpoint, the projection its
 * comparison folded to the head with it (checkpoint.ts `saveCompared`; issue 30), instead of restoring the whole
 * checkpoint a second time: what it saves is what the catch-up it replaces saves (`carryCheckpointForward`, the
 * control) — the checkpoint's list, the list model's history, every player's career and explanation — and a fold of
 * the whole log; the writes at the head after it are answered as the whole log does, restored by player. Another
 * process writing between the comparison and the append (the facts then stand at other positions), or saving the
 * checkpoint meanwhile, makes it save nothing of its own: the catch-up carries it, or the other's save stands.
 */
const AS_ADOPTED = 'as-adopted';

const decoded = (type: DomainEvent['type'], fields: Record<string, unknown>): DomainEvent => {
  const event = decodeEvent(type, { version: 1, actor: 't', ...fields, type });
  if (E.isLeft(event)) throw new Error(event.left);
  return event.right;
};

const dayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The command that records `e`. */
const commandOf = (e: DomainEvent): Command => {
  const { type, version: _version, ...payload } = e;
  const kind = Object.entries(EVENT_OF_COMMAND).find(([, t]) => t === type)![0];
  return { kind, ...payload } as unknown as Command;
};

/** A new tournament after every fact, a game between two players of the ledger, its closure: a write at the head. */
const atTheHead = (facts: readonly LoggedEvent[], first: string, second: string): DomainEvent[] => {
  const date = dayAfter(facts.reduce((latest, f) => (f.event.validDate > latest ? f.event.validDate : latest), ''));
  const time = { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 };
  return [
    decoded('TournamentRegistered', { eventId: 't-HX', validDate: date, tournamentId: 'HX', name: 'HX', place: 'Oslo', startDate: date, endDate: date, ratingSystem: 'fesa', rated: true, timeControl: time }),
    decoded('GameReported', { eventId: 'g-HX', validDate: date, tournamentId: 'HX', gameId: 'g1', round: 1, first, second, result: 'win' }),
    decoded('TournamentClosed', { eventId: 'close-HX', validDate: date, tournamentId: 'HX' }),
  ];
};

/** The saved models as their readers read them: the list model's whole history, each player's career. */
const modelsOf = async (store: EventStore, storage: CheckpointStorage, players: readonly string[]) => ({
  position: [await storage.listModelPosition(AS_ADOPTED, LIST_MODEL_FORMAT), await storage.careerModelPosition(AS_ADOPTED, CAREER_MODEL_FORMAT)],
  list: await storage.readListHistory({ ruleSet: AS_ADOPTED, format: LIST_MODEL_FORMAT, asOf: '2100-01-01' }),
  careers: await Promise.all(players.map(async (id) => JSON.stringify(await readCareerModel(store, storage, AS_ADOPTED, id)))),
});

/** The checkpoint's list as a catch-up restores it, beside the whole log's fold. */
const expectCheckpointIsTheFold = async (store: EventStore, storage: CheckpointStorage): Promise<void> => {
  const restores = wholeRestores.here;
  const { projection, eventsRead } = await resumeProjection(store, storage);
  expect(eventsRead).toBe(0);
  expect(wholeRestores.here).toBe(restores);
  const fold = foldFesaFast(await loadFacts(store), { runs: 'none' });
  const list = projection.current();
  expect(listOrFailure(list)).toEqual(listOrFailure(fold));
};

/** `store`, where `beforeAppend` runs once before its next append (another process, between a comparison and the append). */
const interleaved = (store: EventStore, beforeAppend: () => Promise<void>): EventStore => {
  let pending: (() => Promise<void>) | undefined = beforeAppend;
  const wrapped = Object.create(store) as EventStore;
  wrapped.appendAll = async (parts) => {
    const run = pending;
    pending = undefined;
    await run?.();
    return store.appendAll(parts);
  };
  return wrapped;
};

describe('a back-dated write saves the projection its comparison folded', () => {
  for (const [name, open] of places) {
    it(`as the catch-up it replaces would, and the writes at the head after it are restored by player (${name})`, async () => {
      const used = { saved: 0, byPlayer: 0, raced: 0, savedMeanwhile: 0 };
      const runs = name === 'SQLite' ? 40 : 15;
      await fc.assert(
        fc.asyncProperty(ledgers(8, 6), fc.nat(), fc.constantFrom(0, 0, 0, 1, 2), async ({ facts }, pick, other) => {
          const closedIds = new Set(facts.flatMap((f) => (f.event.type === 'TournamentClosed' ? [f.event.tournamentId] : [])));
          const games = facts.flatMap((f) => (f.event.type === 'GameReported' && closedIds.has(f.event.tournamentId) && f.event.second !== null ? [f.event] : []));
          const players = [...new Set(facts.flatMap((f) => (f.event.type === 'PlayerRegistered' ? [f.event.playerId] : [])))];
          // (the generator's D ids are merged into others: a game names them no more)
          const playing = players.filter((id) => !id.startsWith('D'));
          if (games.length === 0 || playing.length < 2) return;
          const late = games[pick % games.length]!;
          const correction = resultCorrection(late, 0, `late-${late.tournamentId}-${late.gameId}`).event;
          const [mine, control] = [await open(), await open()];
          try {
            for (const place of [mine, control]) {
              await record(place.store, facts);
              await resumeProjection(place.store, place.checkpoints);
            }
            const loadedAt = await mine.store.headPosition();
            // other 0: nobody else; 1: another process records a registration between the comparison and the append;
            // 2: and saves the checkpoint caught up to it (a reader's catch-up)
            const stranger = decoded('PlayerRegistered', { eventId: 'reg-ZZ', validDate: late.validDate, playerId: 'ZZ', familyName: 'Stranger', givenName: 'Z', country: 'NO' });
            const store = other === 0 ? mine.store : interleaved(mine.store, async () => {
              await record(mine.store, [{ event: stranger, globalPosition: 0 }]);
              if (other === 2) await resumeProjection(mine.store, mine.checkpoints);
            });
            const log = await loadFacts(mine.store);
            const expected = consequences(ledgerRatings(log), ledgerRatings(withDecided(log, [correction])));
            const [savedBefore, carriedBefore, restoresBefore] = [wholeRestores.savedCompared, wholeRestores.carried, wholeRestores.here];
            const done = await decideAllWithConsequences(new Ledger(store), (draft) => draft.decide(commandOf(correction)), false, mine.checkpoints).catch((e: unknown) => {
              if (!(e instanceof CommandRejected)) throw e;
              return undefined;
            });
            // refused, or a correction that moves no rating (a tournament not rated): nothing restored, nothing to save
            if (done === undefined || wholeRestores.here === restoresBefore) return;
            // (the stranger recorded first is not among the facts compared: positions after the head as read)
            if (other !== 1) expect(done.consequences).toEqual(expected);
            const head = await mine.store.headPosition();
            if (other === 0) {
              expect(wholeRestores.savedCompared - savedBefore).toBe(1);
              expect(await mine.checkpoints.listModelPosition(AS_ADOPTED, LIST_MODEL_FORMAT)).toBe(head);
              used.saved++;
            } else if (other === 1) {
              // its facts stand after the stranger's: the catch-up carried the checkpoint forward instead
              expect([wholeRestores.savedCompared - savedBefore, wholeRestores.carried - carriedBefore]).toEqual([0, 1]);
              expect(await mine.checkpoints.listModelPosition(AS_ADOPTED, LIST_MODEL_FORMAT)).toBe(head);
              used.raced++;
            } else {
              // the other's save stands (of the log before this write's facts): nothing saved over it
              expect([wholeRestores.savedCompared - savedBefore, wholeRestores.carried - carriedBefore]).toEqual([0, 0]);
              expect(await mine.checkpoints.listModelPosition(AS_ADOPTED, LIST_MODEL_FORMAT)).toBe(loadedAt + 1);
              used.savedMeanwhile++;
              return;
            }
            // the control: the same facts recorded, the checkpoint carried forward by a catch-up from the same one
            if (other === 1) await record(control.store, [{ event: stranger, globalPosition: 0 }]);
            await record(control.store, [{ event: correction, globalPosition: 0 }]);
            expect(await carryCheckpointForward(control.store, control.checkpoints, loadedAt)).toBe(true);
            expect(await modelsOf(mine.store, mine.checkpoints, players)).toEqual(await modelsOf(control.store, control.checkpoints, players));
            await expectCheckpointIsTheFold(mine.store, mine.checkpoints);
            // a write at the head after it: the whole log's answer, restored by player
            const next = atTheHead(await loadFacts(mine.store), playing[pick % playing.length]!, playing[(pick + 1) % playing.length]!);
            const now = await loadFacts(mine.store);
            const whole = consequences(ledgerRatings(now), ledgerRatings(withDecided(now, next)));
            const restores = headRestores.here;
            const after = await decideAllWithConsequences(new Ledger(mine.store), (draft) => next.forEach((e) => draft.decide(commandOf(e))), false, mine.checkpoints).catch((e: unknown) => {
              if (!(e instanceof CommandRejected)) throw e;
              return undefined;
            });
            if (after === undefined) return;
            expect(after.consequences).toEqual(whole);
            if (headRestores.here > restores) used.byPlayer++;
          } finally {
            await mine.close();
            await control.close();
          }
        }),
        { numRuns: runs, seed: 3019 },
      );
      expect(used.saved).toBeGreaterThan(runs * 0.15);
      expect(used.raced).toBeGreaterThan(0);
      expect(used.savedMeanwhile).toBeGreaterThan(0);
      expect(used.byPlayer).toBeGreaterThan(0);
    }, 600_000);
  }
});
