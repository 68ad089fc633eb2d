import type { LoggedEvent, SubmissionImportOptions } from '../../../domain/events';
import { egdPlayerId } from '../egd';
import type { EgdTournament } from '../egd-table';
import { fesaPlayerId, folderIds, gamesOfEvent, type EventFolder } from '../fesa-import';
import type { FieldTable } from '../game-rows';
import { trfPlayerId } from '../trf';
import type { TrfTournament } from '../trf-file';

/** A submission's files as their format's reader gave them. */
export type ReadSubmission =
  | { readonly format: 'fesa'; readonly tournamentId: string; readonly folder: EventFolder }
  | { readonly format: 'trf'; readonly tournamentId: string; readonly file: string; readonly trf: TrfTournament; readonly options: SubmissionImportOptions }
  | { readonly format: 'egd'; readonly tournamentId: string; readonly file: string; readonly egd: EgdTournament; readonly options: SubmissionImportOptions }
  | { readonly format: 'csv'; readonly tournamentId: string; readonly file: string; readonly table: FieldTable };

/**
 * How a player of the files is (or would be) the ledger's: by id (a FIDE number, an EGD PIN, a games CSV's player
 * id), by name (a FESA file names its players, as the official program matches them), or new (registered by the
 * approval).
 */
export interface PlayerMatch {
  /** The ledger player he is, or would be registered as. */
  readonly playerId: string;
  /** As the files name him. */
  readonly name: string;
  readonly by: 'id' | 'name' | 'new';
}

const csvPlayers = (table: FieldTable): string[] => [...new Set(table.records.flatMap((r) => [r.get('first'), r.get('second')]).filter((id): id is string => id !== undefined))];

type Named = Omit<PlayerMatch, 'by'> & { readonly by: 'id' | 'name' };

/**
 * Each player of the files as the import names him: a FESA folder's as its import named them (`named`), else by
 * folderIds in fesa-import.ts on the whole `log`.
 */
const namedPlayers = async (read: ReadSubmission, log: () => Promise<readonly LoggedEvent[]>, named?: readonly string[]): Promise<Named[]> => {
  switch (read.format) {
    case 'fesa': {
      const idOf = named === undefined ? folderIds(await log()) : undefined;
      return read.folder.event.players.map((p, i) => ({ playerId: idOf ? idOf(p) : named![i]!, name: fesaPlayerId(p), by: 'name' }));
    }
    case 'trf':
      return read.trf.players.map((p) => ({ playerId: trfPlayerId(read.tournamentId, p), name: p.name, by: 'id' }));
    case 'egd':
      return read.egd.players.map((p) => ({ playerId: egdPlayerId(read.tournamentId, p), name: `${p.familyName} ${p.givenName}`.trim(), by: 'id' }));
    case 'csv':
      return csvPlayers(read.table).map((id) => ({ playerId: id, name: id, by: 'id' }));
  }
};

/**
 * Each player of the files and how the import matches him, on the ledger as it stands: `registered` tells which of
 * the ids the ledger has (read from their streams, not the whole log).
 */
export const playerMatches = async (read: ReadSubmission, registered: (ids: readonly string[]) => Promise<ReadonlySet<string>>, log: () => Promise<readonly LoggedEvent[]>, fesaIds?: readonly string[]): Promise<PlayerMatch[]> => {
  const named = await namedPlayers(read, log, fesaIds);
  const known = await registered(named.map((p) => p.playerId));
  return named.map((p) => (known.has(p.playerId) ? p : { ...p, by: 'new' }));
};

/** What a submission holds, in words: its players and its games, each under a key two submissions share. */
export interface SubmissionContent {
  readonly players: ReadonlyMap<string, string>;
  readonly games: ReadonlyMap<string, string>;
}

/** Results as the other player has them: a game is keyed by its players in one order whichever the file put first. */
const OTHER_SIDE: Readonly<Record<string, string>> = {
  win: 'loss', loss: 'win', 'forfeit-win': 'forfeit-loss', 'forfeit-loss': 'forfeit-win', '1-0': '0-1', '0-1': '1-0',
  '1': '0', '0': '1', '+': '-', '-': '+', W: 'L', L: 'W',
};

const gameEntry = (round: number | string, first: string, second: string | null, result: string): [string, string] => {
  if (second === null) return [`round ${round}: ${first}, bye`, result];
  return first <= second ? [`round ${round}: ${first} – ${second}`, result] : [`round ${round}: ${second} – ${first}`, OTHER_SIDE[result] ?? result];
};

const fesaContent = (folder: EventFolder): SubmissionContent => {
  const newcomers = new Set(folder.newPlayers.map(fesaPlayerId));
  return {
    players: new Map(folder.event.players.map((p) => [fesaPlayerId(p), `${p.supplements || 'no supplements'}${newcomers.has(fesaPlayerId(p)) ? ', new player' : ''}`])),
    games: new Map(
      gamesOfEvent(folder.event).map(({ facts: g }) =>
        gameEntry(g.round, g.first, g.second, `${g.result}${g.handicap ? `, handicap ${g.handicap.code ?? g.handicap.type} given by ${g.handicap.giver}` : ''}`),
      ),
    ),
  };
};

const trfContent = (tournamentId: string, t: TrfTournament): SubmissionContent => {
  const idOf = new Map(t.players.map((p) => [p.startRank, trfPlayerId(tournamentId, p)]));
  return {
    players: new Map(t.players.map((p) => [idOf.get(p.startRank)!, `${p.name}, ${p.federation || 'no federation'}, rating ${p.rating ?? 'none'}`])),
    games: new Map([
      ...t.games.map((g) => gameEntry(g.round, idOf.get(g.first)!, idOf.get(g.second)!, g.result)),
      ...t.byes.map((b) => gameEntry(b.round, idOf.get(b.player)!, null, b.result)),
    ]),
  };
};

const egdContent = (tournamentId: string, t: EgdTournament): SubmissionContent => {
  const idOf = new Map(t.players.map((p) => [p.place, egdPlayerId(tournamentId, p)]));
  const stones = (n: number) => (n > 0 ? `, ${n} stones` : '');
  return {
    players: new Map(t.players.map((p) => [idOf.get(p.place)!, `${p.familyName} ${p.givenName}, ${p.rank}, ${p.country}${p.club ? `, ${p.club}` : ''}`])),
    games: new Map([
      ...t.games.map((g) => gameEntry(g.round, idOf.get(g.first)!, idOf.get(g.second)!, `${g.bothLost ? 'both lost' : g.symbol}${stones(g.stones)}`)),
      ...t.byes.map((b) => gameEntry(b.round, idOf.get(b.player)!, null, b.symbol)),
    ]),
  };
};

const csvContent = (table: FieldTable): SubmissionContent => ({
  players: new Map(csvPlayers(table).map((id) => [id, 'named by the games'])),
  games: new Map(
    table.records.map((r) => {
      const handicap = r.get('handicap');
      return gameEntry(r.get('round') ?? '?', r.get('first') ?? '?', r.get('second') ?? null, `${r.get('result') ?? '?'}${handicap !== undefined && handicap !== 'even' ? `, handicap ${handicap} given by ${r.get('giver') ?? '?'}` : ''}`);
    }),
  ),
});

export const contentOf = (read: ReadSubmission): SubmissionContent => {
  switch (read.format) {
    case 'fesa':
      return fesaContent(read.folder);
    case 'trf':
      return trfContent(read.tournamentId, read.trf);
    case 'egd':
      return egdContent(read.tournamentId, read.egd);
    case 'csv':
      return csvContent(read.table);
  }
};

/** One player or game added, removed or changed from an earlier submission to this one. */
export interface ContentChange {
  readonly subject: 'player' | 'game';
  readonly key: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly before?: string;
  readonly after?: string;
}

/** What changed from an earlier submission of the same tournament to this one. */
export interface SubmissionDifferences {
  readonly since: string;
  /** Where the earlier submission stands (a pending one is compared first; else the latest decided one). */
  readonly sinceStatus: 'pending' | 'approved' | 'rejected';
  readonly changes: readonly ContentChange[];
}

const changesOf = (subject: ContentChange['subject'], before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): ContentChange[] => {
  const changes: ContentChange[] = [];
  for (const [key, was] of before) {
    const now = after.get(key);
    if (now === undefined) changes.push({ subject, key, change: 'removed', before: was });
    else if (now !== was) changes.push({ subject, key, change: 'changed', before: was, after: now });
  }
  for (const [key, now] of after) if (!before.has(key)) changes.push({ subject, key, change: 'added', after: now });
  return changes.sort((a, b) => a.key.localeCompare(b.key, undefined, { numeric: true }));
};

export const contentChanges = (before: SubmissionContent, after: SubmissionContent): ContentChange[] => [
  ...changesOf('player', before.players, after.players),
  ...changesOf('game', before.games, after.games),
];
