import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { canonicalJson } from '../../domain/commands/decide';
import { COUNTRY_CODE } from '../../domain/commands/strict-input';
import type { GameFacts, GameResult } from '../../domain/events';
import { handicapFromCode } from '../../domain/events';
import { rateEvent } from '../../domain/rules/fesa/rate-event';
import { unratedRecord } from '../../domain/rules/fesa/records';
import type { FesaEvent, FesaPlayer } from '../../domain/rules/fesa/types';
import { diffFolds, type FoldDiff } from '../../projections/fesa/diff';
import { FesaFacts, nameKey, type FesaFold } from '../../projections/fesa/history';
import type { LoggedEvent } from '../../domain/events';
import type { LedgerState } from '../../domain/commands/state';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import { compareLists, pinnedFields } from './fesa-list-compare';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { foldGeneric } from '../../projections/generic/history';
import { encodeFesaPlayerState } from '../../projections/fesa/player-state';
import { consequences, type Consequences } from './consequences';
import { loadFacts } from './load';
import type { Draft, Ledger } from './ledger';
import { CommandRejected } from './ledger';

export interface ImportOptions {
  readonly actor: string;
  /** Record the folder's pre list as officer facts where it differs from the ledger, instead of stopping. */
  readonly reconcile?: boolean;
  /** The folder corrects a tournament already in the ledger: record exactly the differences. */
  readonly correct?: boolean;
  /** Of a folder of folders: start at the folder of this name (or the first whose name starts with it). */
  readonly from?: string;
  /** Of a folder of folders: only the folders of these names (or name prefixes). */
  readonly only?: readonly string[];
  readonly onProgress?: (done: number, total: number, folder: string) => void;
  /** Decide everything and append nothing (a submission's check and preview). */
  readonly dryRun?: boolean;
  /** Decided after the folders in the same whole-or-nothing command (the approval of a submission). */
  readonly alsoDecide?: readonly Command[];
  /**
   * Answer what the import changes per tournament and player under every rule set, as every write does: it folds the
   * other rule sets' tournaments too, which a submission's preview (FESA's changes alone) does not pay for.
   */
  readonly withConsequences?: boolean;
  /** The checkpoint storage beside the log: one folder is decided from its streams and the saved checkpoint (fesa-import-saved.ts). */
  readonly saved?: CheckpointStorage;
  /** Streams `alsoDecide` reads besides the folder's (a submission's own), for a decision from streams. */
  readonly alsoReads?: readonly string[];
  /** Given the ledger ids the decision names each folder's players by, in `turnering.txt`'s order (a submission's preview). */
  readonly onPlayerIds?: (folder: EventFolder, ids: readonly string[]) => void;
}

export interface FolderOutcome {
  readonly folder: string;
  readonly date: string;
  readonly appended: number;
  readonly unchanged: number;
  readonly reconciled: readonly string[];
  readonly corrections: number;
  readonly late: boolean;
}

export interface ImportOutcome {
  readonly folders: readonly FolderOutcome[];
  /** What the import changed in tournaments rated before (late report or correction) and in the current list. */
  readonly changes: FoldDiff;
  /** Per tournament and player, rating and grade before and after (only `withConsequences`). */
  readonly consequences?: Consequences;
}

/** How many differences a mismatch error shows before "and N more". */
const SHOWN_DIFFERENCES = 12;

export class ListMismatchError extends Error {
  constructor(readonly folder: string, readonly differences: readonly string[], leaveOut?: { readonly id: string; readonly before: readonly string[]; readonly at: string }) {
    const shown = differences.slice(0, SHOWN_DIFFERENCES).map((d) => `  ${d}`);
    if (differences.length > SHOWN_DIFFERENCES) shown.push(`  and ${differences.length - SHOWN_DIFFERENCES} more`);
    // a folder of folders that starts with a separate list (a sample, another club) stops at once: say how to leave it out
    const start = leaveOut && leaveOut.before.length > 0 && leaveOut.before.length <= 3 ? ` or start at this folder with --from ${leaveOut.id} (leaving out ${leaveOut.before.join(', ')})` : '';
    super(
      `${folder}/ratingliste.pre differs from the ledger's list for that day (an event the ledger never saw, or a hand edit); ` +
        `${leaveOut ? `(${leaveOut.at}; nothing of this import was recorded)` : 'nothing was recorded'}. ${differences.length} difference(s):\n${shown.join('\n')}\n` +
        `Re-run with --reconcile to record the file's values as officer facts${start}.`,
    );
    this.name = 'ListMismatchError';
  }
}

/** Ledger player ids of FESA players: their names, which is how the program identifies them. */
export const fesaPlayerId = (p: { lastName: string; firstName: string }): string => {
  const id = p.firstName === '' ? p.lastName : `${p.lastName}, ${p.firstName}`;
  if (/[/\\]/.test(id) || id.trim() !== id || id === '') throw new CommandRejected(`player "${p.lastName}" "${p.firstName}": a name with "/", "\\" or surrounding spaces cannot be a ledger id`);
  return id;
};

/** How an import names a folder's players: their ledger ids. */
export type FolderIds = (p: { readonly lastName: string; readonly firstName: string }) => string;

/**
 * A folder's player is the registered player the ledger's FESA lists know by his name (the first bearer of a name
 * keeps it, list-names.ts: a player registered by hand before the import is matched by name, as the program matches
 * players), else the id his name makes (`fesaPlayerId`).
 */
export const folderIds = (log: readonly LoggedEvent[]): FolderIds => {
  const names = new FesaFacts();
  for (const fact of log) names.add(fact);
  return (p) => names.listNames.idOfKey(nameKey(p)) ?? fesaPlayerId(p);
};

const RESULT: Record<number, GameResult> = { 1: 'win', 0: 'loss', 0.5: 'draw' };

/** The games of an event file as ledger facts: one game per pairing (from the lower line), byes as byes. */
export const gamesOfEvent = (event: FesaEvent, idOf: FolderIds = fesaPlayerId): { gameId: string; facts: GameFacts }[] => {
  const ids = event.players.map(idOf);
  const givers = new Set(event.players.flatMap((p, i) => (p.simultaneousGiver ? [i + 1] : [])));
  const games: { gameId: string; facts: GameFacts }[] = [];
  event.players.forEach((p, i) => {
    const line = i + 1;
    p.rounds.forEach((r, k) => {
      const round = k + 1;
      if (r.opponentIndex === 0) {
        games.push({ gameId: `r${round}-${line}-bye`, facts: { round, first: ids[i]!, second: null, result: 'bye', byePoints: r.score } as GameFacts });
        return;
      }
      if (r.opponentIndex < line && !givers.has(r.opponentIndex)) return;
      const handicap = r.handicap
        ? { handicap: { type: handicapFromCode(r.handicap.type)!, giver: r.handicap.side === '-' ? ids[i]! : ids[r.opponentIndex - 1]!, code: r.handicap.type } }
        : {};
      games.push({
        gameId: `r${round}-${line}-${r.opponentIndex}`,
        facts: { round, first: ids[i]!, second: ids[r.opponentIndex - 1]!, result: RESULT[r.score]!, ...handicap } as GameFacts,
      });
    });
  });
  return games;
};

const gameCommands = (folder: EventFolder, actor: string, idOf: FolderIds): Command[] =>
  gamesOfEvent(folder.event, idOf).map(({ gameId, facts }) => ({ kind: 'ReportGame', validDate: folder.event.date, actor, tournamentId: folder.id, gameId, ...facts }));

const registration = (p: FesaPlayer, date: string, actor: string): Command => {
  const home = p.nationalityList[0];
  return {
    kind: 'RegisterPlayer',
    validDate: date,
    actor,
    playerId: fesaPlayerId(p),
    familyName: p.lastName,
    givenName: p.firstName,
    // the homes keep what the file says; the country is a code (strict-input.ts), left empty when the file's is none
    country: COUNTRY_CODE.test(home?.nationality ?? '') ? (home?.nationality ?? '') : '',
    homes: p.nationalityList.map((h) => ({ list: h.list as 'E' | 'A' | null, nationality: h.nationality, residence: h.residens, ...(h.last !== null ? { lastPlayed: h.last } : {}) })),
  };
};

/** An entry of `nye-spillere` that is not the record the program makes for a never-rated player. */
const isTransfer = (p: FesaPlayer): boolean =>
  canonicalJson(encodeFesaPlayerState(p)) !== canonicalJson(encodeFesaPlayerState(unratedRecord(p.lastName, p.firstName, p.nationalityList, p.nsrGradeLevel, p.nsrGradeName)));

const gradeText = (level: number, name: string): string => (name === 'Pro' ? (level > 0 ? `Pro ${level}` : 'Pro') : `${level} ${name}`);

/** One run directory of the official program: the event, the list before it and the new players. */
export interface EventFolder {
  readonly dir: string;
  /** The folder name: the tournament id in the ledger. */
  readonly id: string;
  readonly event: FesaEvent;
  /** The list before the event; null when the folder has no ratingliste.pre (then nothing is compared). */
  readonly pre: readonly FesaPlayer[] | null;
  readonly newPlayers: readonly FesaPlayer[];
  /** The line of `nye-spillere` each new player's entry starts on. */
  readonly newPlayerLines: readonly number[];
}

/**
 * `ledger fesa import`: each event folder becomes facts — the first pre list as opening balances, then per event its
 * new players, the tournament, its games and its closure. The whole import is one decision: every folder is checked
 * against the ledger plus the folders before it, then all events are appended at once, or nothing (a re-run after a
 * refusal or a crash starts from the same ledger; event ids are derived from the files, so nothing is duplicated).
 */
export const importFesaFolders = async (ledger: Ledger, folders: readonly EventFolder[], options: ImportOptions): Promise<ImportOutcome> => {
  const all = chooseFolders(folders, options);
  if (all.length === 1 && options.saved !== undefined && options.reconcile !== true) {
    const { importFromSaved } = await import('./fesa-import-saved');
    const fromSaved = await importFromSaved(ledger, all[0]!, { ...options, saved: options.saved });
    if (fromSaved !== undefined) return fromSaved;
  }
  const { value } = await ledger.decideAll(async (draft) => {
    const read = await loadFacts(ledger.store);
    // the draft log grows as folders are decided: the facts as read stay apart for the consequences' "before"
    const log = new DraftLog([...read], draft);
    const before = foldLedger(read);
    const outcomes: FolderOutcome[] = [];
    for (const [i, folder] of all.entries()) {
      options.onProgress?.(i, all.length, folder.id);
      try {
        outcomes.push(await importFolder(draft, log, folder, options));
      } catch (error) {
        // say how an import starting at this folder would leave the ones before it out
        if (error instanceof ListMismatchError && all.length > 1) {
          throw new ListMismatchError(folder.dir, error.differences, { id: folder.id, before: all.slice(0, i).map((f) => f.id), at: `folder ${i + 1} of ${all.length}` });
        }
        if (error instanceof CommandRejected && all.length > 1) {
          throw new CommandRejected(`${error.message} (folder ${i + 1} of ${all.length}; nothing of this import was recorded)`);
        }
        throw error;
      }
      log.take();
    }
    options.onProgress?.(all.length, all.length, '');
    for (const command of options.alsoDecide ?? []) draft.decide(command);
    const after = foldLedger(log.facts);
    const found = options.withConsequences === true
      ? { consequences: consequences({ facts: read, fesa: E.right(before), generic: foldGeneric(read) }, { facts: log.facts, fesa: E.right(after), generic: foldGeneric(log.facts) }) }
      : {};
    return { folders: outcomes, changes: diffFolds(before, after), ...found };
  }, { dryRun: options.dryRun === true });
  return value;
};

/** The log as read plus the events decided so far, as a fold reads them (placed after the log, recorded now). */
class DraftLog {
  private taken = 0;
  constructor(readonly facts: LoggedEvent[], private readonly draft: Draft) {}
  /** Adds the events decided since the last call. */
  take(): void {
    const events = this.draft.events;
    const recordedAt = new Date().toISOString();
    let position = this.facts.length === 0 ? 0 : this.facts[this.facts.length - 1]!.globalPosition;
    for (const event of events.slice(this.taken)) this.facts.push({ event, globalPosition: ++position, recordedAt });
    this.taken = events.length;
  }
}

/** `--from` and `--only`: a name matches a folder when it is the folder's name or the start of it. */
const chooseFolders = (folders: readonly EventFolder[], options: ImportOptions): EventFolder[] => {
  const matches = (name: string) => (f: EventFolder) => f.id === name || f.id.startsWith(name);
  const names = () => folders.map((f) => f.id).join(', ');
  let chosen = [...folders];
  if (options.from !== undefined) {
    const start = folders.findIndex(matches(options.from));
    if (start < 0) throw new CommandRejected(`--from ${options.from}: no event folder is named so or starts so; the folders are ${names()}`);
    chosen = chosen.slice(start);
  }
  if (options.only !== undefined) {
    for (const name of options.only) {
      if (!folders.some(matches(name))) throw new CommandRejected(`--only ${name}: no event folder is named so or starts so; the folders are ${names()}`);
    }
    chosen = chosen.filter((f) => options.only!.some((name) => matches(name)(f)));
  }
  if (chosen.length === 0) throw new CommandRejected(`--from ${options.from} with --only ${options.only?.join(',')}: no event folder is left to import`);
  return chosen;
};

export const foldLedger = (facts: readonly LoggedEvent[], stopBefore?: { date: string; tournamentId: string }): FesaFold => {
  const folded = foldFesaFast(facts, stopBefore ? { stopBefore, runs: 'none' } : { runs: 'changes' });
  if (E.isLeft(folded)) throw new CommandRejected(folded.left.message, folded.left.code);
  return folded.right;
};

/**
 * What a folder's commands read of the ledger besides the deciders' state: how its players are named (list names),
 * the FESA list before its tournament, the latest closure and whether anybody is registered. The whole log's fold
 * gives them (`viewOfLog`), or the saved checkpoint (fesa-import-saved.ts).
 */
export interface LedgerView {
  readonly idOf: FolderIds;
  /** The FESA list before the folder's tournament is rated on its date: what its `ratingliste.pre` should equal. */
  readonly listBefore: (folder: EventFolder) => readonly FesaPlayer[];
  /** The latest end date of a closed tournament other than `tournamentId` ('': none). */
  readonly lastRated: (tournamentId: string) => string;
  /** Whether the ledger registers any player (else a folder's pre list is its opening list). */
  readonly anyPlayer: boolean;
}

const viewOfLog = (log: DraftLog, state: LedgerState): LedgerView => ({
  idOf: folderIds(log.facts),
  listBefore: (folder) => foldLedger(log.facts, { date: folder.event.date, tournamentId: folder.id }).list,
  lastRated: (id) => [...state.tournaments.values()].filter((t) => t.closed && t.registration.tournamentId !== id).reduce((m, t) => (t.registration.endDate > m ? t.registration.endDate : m), ''),
  anyPlayer: state.players.size > 0,
});

const importFolder = async (draft: Draft, log: DraftLog, folder: EventFolder, options: ImportOptions): Promise<FolderOutcome> => {
  const state = draft.state;
  const view = viewOfLog(log, state);
  options.onPlayerIds?.(folder, folder.event.players.map(view.idOf));
  if (options.correct) return correctFolder(draft, folder, options, view.idOf);
  const ledgerList = view.listBefore(folder);
  checkFolder(folder, ledgerList);
  return decideFolder(draft, folder, folderCommands(state, view, folder, options, ledgerList), view.lastRated(folder.id));
};

/**
 * The program's own checks first (unknown players, inconsistent rounds, an entry already rated on this date): a file
 * it would reject is rejected here before anything is recorded.
 */
export const checkFolder = (folder: EventFolder, ledgerList: readonly FesaPlayer[]): void => {
  const known = new Set(ledgerList.map(nameKey));
  const newcomers = folder.newPlayers.filter((p) => !known.has(nameKey(p)));
  const dryRun = rateEvent(folder.pre ?? ledgerList, newcomers, folder.event);
  if (E.isLeft(dryRun)) throw new CommandRejected(`${folder.dir}/turnering.txt${dryRun.left.line !== undefined ? `:${dryRun.left.line}` : ''}: ${dryRun.left.message}`);
};

/** A folder's commands on the deciders' state, and what a reconcile records of the pre list's differences. */
export interface FolderCommands {
  readonly commands: readonly Command[];
  readonly reconciled: readonly string[];
}

/** The commands a folder makes (checked by `checkFolder` first): its pre list's, new players', tournament, games and closure. */
export const folderCommands = (state: LedgerState, view: LedgerView, folder: EventFolder, options: ImportOptions, ledgerList: readonly FesaPlayer[]): FolderCommands => {
  const { actor } = options;
  const { idOf } = view;
  const date = folder.event.date;
  const existing = state.tournaments.get(folder.id);
  const commands: Command[] = [];
  const reconciled: string[] = [];
  const anyFesaState = view.anyPlayer;
  if (!existing && folder.pre !== null) {
    const pre = folder.pre;
    const differences = compareLists(pre, ledgerList);
    if (differences.length > 0) {
      if (anyFesaState && !options.reconcile) throw new ListMismatchError(folder.dir, differences);
      const source = `${folder.id}/ratingliste.pre`;
      for (const p of pre) {
        if (!state.players.has(idOf(p))) commands.push(registration({ ...p, nationalityList: p.nationalityList.map((h) => ({ ...h, last: null })) }, date, actor));
      }
      if (anyFesaState) {
        const pins = pinnedFields(pre, ledgerList, idOf);
        commands.push({
          kind: 'ReconcileList',
          validDate: date,
          actor,
          ruleSet: 'fesa',
          source,
          reason: `reconciled with ${source}: ${differences.length} difference(s) with the ledger's list; ${pins.length} player(s) pinned`,
          order: pre.map(idOf),
          pins,
        });
        reconciled.push(...differences);
      } else {
        pre.forEach((p, listIndex) => {
          commands.push({ kind: 'ImportOpeningBalance', validDate: date, actor, playerId: idOf(p), ruleSet: 'fesa', state: encodeFesaPlayerState(p, listIndex), source, reason: `opening list ${source}` });
        });
      }
    }
  }
  const isGiver = (p: FesaPlayer): boolean => folder.event.players.some((q) => q.simultaneousGiver && nameKey(q) === nameKey(p));
  folder.newPlayers.forEach((p, entry) => {
    // a new player of the file whose name a player registered by hand bears already is that player
    if (idOf(p) === fesaPlayerId(p)) commands.push(registration(p, date, actor));
    if (p.nsrGradeLevel > 0 || p.nsrGradeName === 'Pro') {
      commands.push({ kind: 'DeclarePriorGrade', validDate: date, actor, playerId: idOf(p), grade: gradeText(p.nsrGradeLevel, p.nsrGradeName), source: 'NSR' });
    }
    if (isTransfer(p) || isGiver(p)) {
      // The program takes every field of the entry as given (a player coming from another list): his record is an
      // opening balance, placed among the file's entries in file order (the program puts them all in front of the
      // list and sorts stably, so their order shows among equal ratings).
      const line = folder.newPlayerLines[entry];
      commands.push({
        kind: 'ImportOpeningBalance',
        validDate: date,
        actor,
        playerId: idOf(p),
        ruleSet: 'fesa',
        state: encodeFesaPlayerState(p, entry),
        source: `${folder.id}/nye-spillere`,
        reason: isTransfer(p)
          ? `transferred from another list: ${folder.id}/nye-spillere${line !== undefined ? ` line ${line}` : ''} gives a rating, games or a last-played date`
          : `${folder.id}/nye-spillere${line !== undefined ? ` line ${line}` : ''} lists the simultaneous giver: the program puts him on the list without a game`,
      });
    }
  });
  const players = folder.event.players;
  // A simultaneous giver may be in neither file (the program never looks him up): he is registered, and does not
  // enter the list by giving the display.
  for (const giver of players.filter((p) => p.simultaneousGiver)) {
    const id = idOf(giver);
    if (!state.players.has(id) && !folder.newPlayers.some((p) => nameKey(p) === nameKey(giver)) && !commands.some((c) => c.kind === 'RegisterPlayer' && c.playerId === id)) {
      commands.push({ kind: 'RegisterPlayer', validDate: date, actor, playerId: id, familyName: giver.lastName, givenName: giver.firstName, country: '' });
    }
  }
  commands.push({
    kind: 'RegisterTournament',
    validDate: date,
    actor,
    tournamentId: folder.id,
    name: folder.event.name,
    place: '',
    startDate: date,
    endDate: date,
    ratingSystem: 'fesa',
    rated: true,
    timeControl: { mainMinutes: 0, byoyomiSeconds: 0, incrementSeconds: 0 },
    entrants: players.map(idOf),
    ...(players.some((p) => p.simultaneousGiver) ? { simulGivers: players.filter((p) => p.simultaneousGiver).map(idOf) } : {}),
    ...(players.some((p) => p.macmahon !== 0) ? { macMahon: Object.fromEntries(players.map((p) => [idOf(p), String(p.macmahon)])) } : {}),
  });
  commands.push(...gameCommands(folder, actor, idOf));
  commands.push({ kind: 'CloseTournament', validDate: date, actor, tournamentId: folder.id });

  return { commands, reconciled };
};

/** Decides a folder's commands on the draft; `lastRated` tells a late report. */
export const decideFolder = (draft: Draft, folder: EventFolder, { commands, reconciled }: FolderCommands, lastRated: string): FolderOutcome => {
  let appended = 0;
  let unchanged = 0;
  for (const command of commands) {
    try {
      const r = draft.decide(command);
      if (r.status === 'appended') appended++;
      else unchanged++;
    } catch (error) {
      if (error instanceof CommandRejected) throw new CommandRejected(`${folder.dir}: ${error.message}`);
      throw error;
    }
  }
  const date = folder.event.date;
  return { folder: folder.id, date, appended, unchanged, reconciled, corrections: 0, late: appended > 0 && lastRated > date };
};

/** `--correct`: the folder's results file replaces the tournament's games; only the differences are recorded. */
export const correctFolder = (draft: Draft, folder: EventFolder, options: ImportOptions, idOf: FolderIds): FolderOutcome => {
  const state = draft.state;
  const tournament = state.tournaments.get(folder.id);
  if (!tournament) throw new CommandRejected(`cannot correct "${folder.id}": the ledger has no such tournament (import it first, without --correct)`);
  const entrants = (tournament.registration.entrants ?? []) as readonly string[];
  const filePlayers = folder.event.players.map(idOf);
  const renamed = filePlayers.filter((id) => !entrants.includes(id));
  if (renamed.length > 0 || filePlayers.length !== entrants.length) {
    const missing = entrants.filter((id) => !filePlayers.includes(id));
    throw new CommandRejected(
      `${folder.dir}/turnering.txt renames or changes the players of tournament "${folder.id}" ` +
        `(${[...renamed.map((r) => `"${r}" is not an entrant`), ...missing.map((m) => `entrant "${m}" is missing`)].join(', ')}); a correction may change results only`,
    );
  }
  if (filePlayers.some((id, i) => id !== entrants[i])) throw new CommandRejected(`${folder.dir}/turnering.txt lists the players of "${folder.id}" in another order; a correction may change results only`);
  const { startDate, endDate } = tournament.registration;
  if (folder.event.date < startDate || folder.event.date > endDate) {
    throw new CommandRejected(`${folder.dir}/turnering.txt:2: the event date ${folder.event.date} is not the date of tournament "${folder.id}" (${startDate}); a correction may change results only`);
  }
  const reason = `corrected results file ${folder.dir}/turnering.txt`;
  const wanted = new Map(gamesOfEvent(folder.event, idOf).map((g) => [g.gameId, g.facts]));
  const commands: Command[] = [];
  for (const [gameId, game] of tournament.games) {
    if (game.withdrawn) continue;
    const facts = wanted.get(gameId);
    if (!facts) commands.push({ kind: 'WithdrawGame', validDate: folder.event.date, actor: options.actor, tournamentId: folder.id, gameId, reason });
    else if (canonicalJson(facts) !== canonicalJson(game.facts)) {
      commands.push({ kind: 'CorrectResult', validDate: folder.event.date, actor: options.actor, tournamentId: folder.id, gameId, reason, ...facts });
    }
  }
  let reported = 0;
  for (const [gameId, facts] of wanted) {
    const old = tournament.games.get(gameId);
    if (!old) commands.push({ kind: 'ReportGame', validDate: folder.event.date, actor: options.actor, tournamentId: folder.id, gameId, ...facts });
    else if (old.withdrawn) {
      commands.push({ kind: 'ReportGame', validDate: folder.event.date, actor: options.actor, tournamentId: folder.id, gameId: `${gameId}-c${++reported}`, ...facts });
    }
  }
  let appended = 0;
  for (const command of commands) {
    try {
      if (draft.decide(command).status === 'appended') appended++;
    } catch (error) {
      if (error instanceof CommandRejected) throw new CommandRejected(`${folder.dir}: ${error.message}`);
      throw error;
    }
  }
  return { folder: folder.id, date: folder.event.date, appended, unchanged: commands.length - appended, reconciled: [], corrections: appended, late: false };
};
