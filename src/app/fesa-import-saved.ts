/**
 * One FESA event folder imported without folding the whole log (a submission, `fesa import` of one event at a
 * million games): the decision from the streams its commands read (domain/commands/reads.ts), the names and the list
 * before its tournament from the saved FESA checkpoint, restored once with the games from the latest saved list
 * before the folder's date, and what it changes from the same projection folded again from that list before and after
 * its facts (saved-ratings.ts), as `game correct` does. Undefined where nothing is saved (the caller folds the log).
 */
import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { streamsReadByAll, type StreamsRead } from '../../domain/commands/reads';
import { initialLedgerState, type LedgerState } from '../../domain/commands/state';
import { playerStream, tournamentStream, type DomainEvent } from '../../domain/events';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { diffFolds, runChanges, type FoldDiff } from '../../projections/fesa/diff';
import type { FesaFold } from '../../projections/fesa/history';
import type { FesaProjection } from '../../projections/fesa/incremental';
import { nameKey } from '../../projections/fesa/name-key';
import { foldGeneric } from '../../projections/generic/history';
import { projectionForComparison, type ComparedProjection } from './checkpoint';
import { carryCheckpointForward } from './checkpoint-carry';
import { headProjection, type HeadFolder } from './head-projection';
import { consequences, consequencesFromSaved, withDecided, type Consequences } from './consequences';
import { CommandRejected } from './errors';
import {
  checkFolder, correctFolder, decideFolder, fesaPlayerId, folderCommands, foldLedger, gamesOfEvent,
  type EventFolder, type FolderOutcome, type ImportOptions, type ImportOutcome, type LedgerView,
} from './fesa-import';
import { DecideAgain, type Ledger } from './ledger';
import { loadFacts } from './load';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import { earliestDateChanged, savedRatings } from './saved-ratings';

/** How many imports this thread decided here, how many of them compared from the saved projection and how many were restored by player (an instrument for tests). */
export const importsFromSaved = { decided: 0, compared: 0, byPlayer: 0 };

/** The ledger as the saved projection holds it at the head: names, the list before a tournament, closures, players. */
const viewOf = (projection: FesaProjection): LedgerView => {
  const facts = projection.facts;
  return {
    idOf: (p) => facts.listNames.idOfKey(nameKey(p)) ?? fesaPlayerId(p),
    listBefore: (folder) => {
      const before = projection.before({ date: folder.event.date, tournamentId: folder.id });
      if (E.isLeft(before)) throw new CommandRejected(before.left.message, before.left.code);
      return before.right.list;
    },
    lastRated: (id) => {
      let last = '';
      for (const [tournamentId, t] of facts.tournaments) if (t.closedAt !== undefined && tournamentId !== id && t.registration.endDate > last) last = t.registration.endDate;
      return last;
    },
    anyPlayer: facts.registrations.size > 0,
  };
};

/**
 * The streams the folder's commands read: its tournament's, every player's it names (by the names the view gives),
 * `alsoReads`, and what the commands made on the state read so far name (a game's tournament's players and their
 * merges' survivors; an opening balance's games, from the stream index).
 */
const readsOf = (view: () => LedgerView, folder: EventFolder, options: ImportOptions, ledgerList: () => readonly FesaPlayer[]): StreamsRead => {
  const commandsOn = (state: LedgerState): readonly Command[] => {
    const { idOf } = view();
    const games = gamesOfEvent(folder.event, idOf).map(({ gameId, facts }): Command => ({ kind: 'ReportGame', validDate: folder.event.date, actor: options.actor, tournamentId: folder.id, gameId, ...facts }));
    if (options.correct) return games;
    try {
      return folderCommands(state, view(), folder, options, ledgerList()).commands;
    } catch {
      // refused: the decision says why, on the streams named so far
      return games;
    }
  };
  const fixed = (): string[] => {
    const { idOf } = view();
    const players = [...folder.event.players, ...folder.newPlayers, ...(folder.pre ?? [])];
    return [tournamentStream(folder.id), ...players.flatMap((p) => [playerStream(idOf(p)), playerStream(fesaPlayerId(p))]), ...(options.alsoReads ?? [])];
  };
  const read = (state: LedgerState, index: Parameters<StreamsRead>[1]): readonly string[] => {
    const commands = streamsReadByAll(commandsOn(state));
    return [...fixed(), ...(commands === undefined ? [] : commands(state, index))];
  };
  // an opening balance's games are found through the stream index: asked only when the folder makes one
  return commandsOn(initialLedgerState()).some((c) => c.kind === 'ImportOpeningBalance') ? Object.assign(read, { indexed: true as const }) : read;
};

/** The FESA changes and the consequences of `events`, from the saved projection, else (as before) the whole log folded twice. */
const comparison = async (ledger: Ledger, storage: CheckpointStorage, compared: ComparedProjection, events: readonly DomainEvent[], withConsequences: boolean): Promise<{ changes: FoldDiff; consequences?: Consequences }> => {
  if (events.length === 0) return { changes: { runs: [], list: [] }, ...(withConsequences ? { consequences: { changes: [], list: [] } } : {}) };
  // A player's first prior grade stands before its date too (`latestGrade`): one declared for a player the ledger
  // holds already (a new player of the file matched by name) can re-rate him from his first tournament on, which the
  // re-fold from the folder's date would miss.
  const regradesThePast = events.some((e) => e.type === 'PriorGradeDeclared' && compared.projection.facts.registrations.has(e.playerId));
  const fromSaved = regradesThePast ? undefined : await savedRatings(ledger.store, storage, events, compared);
  if (fromSaved !== undefined) {
    importsFromSaved.compared++;
    const [before, after] = [fromSaved.before.fesa, fromSaved.after.fesa];
    if (E.isLeft(before)) throw new CommandRejected(before.left);
    if (E.isLeft(after)) throw new CommandRejected(after.left);
    const list = fromSaved.known.fesaList ?? diffFolds(before.right, after.right).list;
    return { changes: { runs: runChanges(before.right, after.right), list }, ...(withConsequences ? { consequences: await consequencesFromSaved(fromSaved) } : {}) };
  }
  const facts = await loadFacts(ledger.store);
  const decided = withDecided(facts, events);
  const before: FesaFold = foldLedger(facts);
  const after: FesaFold = foldLedger(decided);
  const found = withConsequences ? { consequences: consequences({ facts, fesa: E.right(before), generic: foldGeneric(facts) }, { facts: decided, fesa: E.right(after), generic: foldGeneric(decided) }) } : {};
  return { changes: diffFolds(before, after), ...found };
};

/**
 * The folder as a write at the head reads it (head-projection.ts): every name its files give, when it has no pre list
 * (whose comparison reads the whole list) and records a new tournament; undefined otherwise.
 */
const atTheHead = (folder: EventFolder, options: ImportOptions): HeadFolder | undefined =>
  folder.pre === null && options.correct !== true ? { names: [...folder.event.players, ...folder.newPlayers], date: folder.event.date } : undefined;

/**
 * `importFesaFolders` of one folder, from the streams and the saved checkpoint; undefined where no checkpoint is
 * saved. A folder dated after the saved list's last item is decided on the projection restored by player (its
 * players' records and streams), and compared on the one restored by player for the facts it decided; where that
 * cannot be (a namesake, a transfer, a fact since at or before the list's last item) or the decision is refused, it
 * is decided again on the whole checkpoint, so that it answers and refuses as before.
 */
export const importFromSaved = async (ledger: Ledger, folder: EventFolder, options: ImportOptions & { readonly saved: CheckpointStorage }): Promise<ImportOutcome | undefined> => {
  const decided = await decideFromSaved(ledger, folder, options);
  // recorded on the whole checkpoint: saved again, so that the writes after it are restored by player (here, once the
  // projection decided on is no longer held: the catch-up restores the whole checkpoint again)
  if (decided?.carryFrom !== undefined) await carryCheckpointForward(ledger.store, options.saved, decided.carryFrom);
  return decided?.outcome;
};

/** `importFromSaved`'s decision, and the position of the whole checkpoint it was recorded on (none: restored by player, or not recorded). */
const decideFromSaved = async (ledger: Ledger, folder: EventFolder, options: ImportOptions & { readonly saved: CheckpointStorage }, byPlayerFirst = true): Promise<{ outcome: ImportOutcome; carryFrom?: number } | undefined> => {
  // a command decided besides the folder's reads the streams the caller names
  if ((options.alsoDecide ?? []).length > 0 && options.alsoReads === undefined) return undefined;
  const date = folder.event.date;
  const atHead = byPlayerFirst ? atTheHead(folder, options) : undefined;
  // the games from the latest saved list before the folder's date (or before what was recorded since the checkpoint reaches)
  const whole = () => projectionForComparison(ledger.store, options.saved, async (since) => (facts) => {
    const earliest = earliestDateChanged(facts, since);
    return earliest < date ? earliest : date;
  });
  const restore = async () => (atHead === undefined ? undefined : await headProjection(ledger.store, options.saved, [], atHead)) ?? whole();
  const first = await restore();
  if (first === undefined) return undefined;
  let compared: ComparedProjection = first;
  // where the log stood when the projection was restored (a comparison applies the draft to it and moves its own
  // position), and whether a comparison has changed it since
  let restoredAt = compared.projection.position;
  let compareDone = false;
  let view = viewOf(compared.projection);
  let ledgerList: readonly FesaPlayer[] | undefined;
  const listBefore = () => (ledgerList ??= view.listBefore(folder));
  // the decided facts compared on the projection restored by player for them, which must stand where the decision's did
  const comparedFor = async (events: readonly DomainEvent[]): Promise<ComparedProjection> => {
    if (!compared.byPlayer || atHead === undefined) return compared;
    const forEvents = await headProjection(ledger.store, options.saved, events, atHead);
    if (forEvents === undefined) throw new WholeCheckpoint();
    if (forEvents.projection.position !== restoredAt) throw new DecideAgain();
    return forEvents;
  };
  let byPlayer = false;
  const decided = ledger.decideAll(async (draft) => {
    // another writer recorded a fact since the restore (on a stream this decision reads: a lost race; or on another,
    // which none of them tells of), or an earlier attempt's comparison changed the projection: it is restored again,
    // as of the log now; when the log moved, the streams are read again under its names (the players the folder
    // names may be others now) — the draft's were read under the old
    const head = await ledger.store.headPosition();
    if (head !== restoredAt || compareDone) {
      const again = await restore();
      if (again === undefined) throw new FoldTheLog();
      const before = restoredAt;
      [compared, restoredAt, compareDone] = [again, again.projection.position, false];
      view = viewOf(compared.projection);
      ledgerList = undefined;
      if (head !== before || restoredAt !== before) throw new DecideAgain();
    }
    options.onProgress?.(0, 1, folder.id);
    options.onPlayerIds?.(folder, folder.event.players.map(view.idOf));
    let outcome: FolderOutcome;
    byPlayer = compared.byPlayer === true;
    if (options.correct) {
      outcome = correctFolder(draft, folder, options, view.idOf);
    } else {
      checkFolder(folder, listBefore());
      outcome = decideFolder(draft, folder, folderCommands(draft.state, view, folder, options, listBefore()), view.lastRated(folder.id));
    }
    options.onProgress?.(1, 1, '');
    for (const command of options.alsoDecide ?? []) draft.decide(command);
    compareDone = true;
    return { folders: [outcome], ...(await comparison(ledger, options.saved, await comparedFor(draft.events), draft.events, options.withConsequences === true)) };
  }, { dryRun: options.dryRun === true, reads: readsOf(() => view, folder, options, listBefore) });
  let value: ImportOutcome;
  let position: number | undefined;
  try {
    ({ value, position } = await decided);
  } catch (e) {
    // the checkpoint can no longer be restored (saved over, dropped): the caller folds the log, as without one
    if (e instanceof FoldTheLog) return undefined;
    // decided by player and refused, or its facts reach beyond the players restored: decided on the whole checkpoint
    if (e instanceof WholeCheckpoint || (byPlayer && e instanceof CommandRejected)) return decideFromSaved(ledger, folder, options, false);
    throw e;
  }
  importsFromSaved.decided++;
  if (byPlayer) importsFromSaved.byPlayer++;
  return { outcome: value, ...(position !== undefined && compared.wholeFrom !== undefined ? { carryFrom: compared.wholeFrom } : {}) };
};

/** Thrown out of a decision whose checkpoint could not be restored again: the import folds the log instead. */
class FoldTheLog extends Error {}

/** Thrown out of a decision on the projection restored by player whose facts it cannot compare: decided on the whole checkpoint. */
class WholeCheckpoint extends Error {}
