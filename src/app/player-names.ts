import type { LedgerState } from '../../domain/commands/state';
import type { DomainEvent } from '../../domain/events';
import { nameKey } from '../../projections/fesa/name-key';
import { readFacts } from './event-log';
import { loadDerivedModel, saveDerivedModel } from './saved-derived-model';
import { LIST_NAMES_EVENTS } from './namesakes';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

/** Joins a column's values: no name holds it (toChunks saves no model when one does). */
const NUL = '\u0000';

/** A player's name now and whether a merge in force made him another's. */
interface Bearer {
  familyName: string;
  givenName: string;
  merged: boolean;
}

/** A player's family and given names. */
export interface PersonName {
  readonly familyName: string;
  readonly givenName: string;
}

/** The key a FESA list knows a person's name by. */
export const keyOfName = (name: PersonName): string => nameKey({ lastName: name.familyName, firstName: name.givenName });

/**
 * Who bears which name now: what a namesake notice reads of the deciders' state, folded from the naming facts alone
 * the way `evolve` folds them (a registration replaces the player, a correction and a merge change a known one).
 */
export class PlayerNames {
  private readonly players = new Map<string, Bearer>();

  static ofState(state: LedgerState): PlayerNames {
    const names = new PlayerNames();
    for (const [id, p] of state.players) {
      const { familyName, givenName } = p.current ?? p.registration;
      names.players.set(id, { familyName, givenName, merged: p.mergedInto !== undefined });
    }
    return names;
  }

  add(event: DomainEvent): void {
    switch (event.type) {
      case 'PlayerRegistered':
        this.players.set(event.playerId, { familyName: event.familyName, givenName: event.givenName, merged: false });
        break;
      case 'PlayerRegistrationCorrected': {
        const bearer = this.players.get(event.playerId);
        if (bearer && event.familyName !== undefined) bearer.familyName = event.familyName;
        if (bearer && event.givenName !== undefined) bearer.givenName = event.givenName;
        break;
      }
      case 'PlayersMerged':
      case 'PlayersUnmerged': {
        const bearer = this.players.get(event.absorbed);
        if (bearer) bearer.merged = event.type === 'PlayersMerged';
        break;
      }
      // facts that name nobody anew
      case 'TournamentRegistered':
      case 'GameReported':
      case 'ResultCorrected':
      case 'GameWithdrawn':
      case 'TournamentClosed':
      case 'PriorGradeDeclared':
      case 'GradeAwarded':
      case 'OpeningBalanceImported':
      case 'RatingAdjusted':
      case 'ListReconciled':
      case 'RatingListPublished':
      case 'RuleSetAdopted':
      case 'OfficerAppointed':
      case 'OfficerRevoked':
      case 'SubmissionReceived':
      case 'SubmissionApproved':
      case 'SubmissionRejected':
        break;
    }
  }

  /** The name of a player no merge made another's (undefined: unknown or merged). */
  nameOf(id: string): { readonly familyName: string; readonly givenName: string } | undefined {
    const bearer = this.players.get(id);
    return bearer === undefined || bearer.merged ? undefined : bearer;
  }

  /** The others no merge made another's who bear `id`'s name, in registration order. */
  namesakesOf(id: string): string[] {
    const mine = this.nameOf(id);
    if (mine === undefined) return [];
    const same: string[] = [];
    for (const [other, b] of this.players) if (other !== id && !b.merged && b.familyName === mine.familyName && b.givenName === mine.givenName) same.push(other);
    return same;
  }

  /**
   * How many players no merge made another's bear each of `names`, counted in one pass over every player (a family
   * name looked up before any key is made: most players bear none of them).
   */
  bearersOf(names: Iterable<PersonName>): (name: PersonName) => number {
    const given = new Map<string, Set<string>>();
    for (const n of names) given.set(n.familyName, (given.get(n.familyName) ?? new Set()).add(n.givenName));
    const bearers = new Map<string, number>();
    for (const b of this.players.values()) if (!b.merged && given.get(b.familyName)?.has(b.givenName) === true) bearers.set(keyOfName(b), (bearers.get(keyOfName(b)) ?? 0) + 1);
    return (name) => bearers.get(keyOfName(name)) ?? 0;
  }

  /**
   * The players as chunks of four columns, each one string of its values joined by NUL (a hundred thousand players
   * parse as four strings rather than as a hundred thousand arrays); undefined when a name holds a NUL itself.
   */
  toChunks(size: number): string[] | undefined {
    const rows = [...this.players];
    if (rows.some(([id, b]) => `${id}${b.familyName}${b.givenName}`.includes(NUL))) return undefined;
    const chunks: string[] = [];
    for (let at = 0; at < rows.length; at += size) {
      const part = rows.slice(at, at + size);
      chunks.push(JSON.stringify([part.map(([id]) => id).join(NUL), part.map(([, b]) => b.familyName).join(NUL), part.map(([, b]) => b.givenName).join(NUL), part.map(([, b]) => (b.merged ? '1' : '0')).join('')]));
    }
    return chunks;
  }

  addChunk(data: string): void {
    const [ids, families, givens, merged] = (JSON.parse(data) as [string, string, string, string]).map((column, i) => (i === 3 ? Array.from(column, (flag) => flag) : column.split(NUL)));
    ids!.forEach((id, i) => this.players.set(id, { familyName: families![i]!, givenName: givens![i]!, merged: merged![i] === '1' }));
  }
}

/** Saved next to the log under this name; 2: columns (ids, family names, given names, merged flags), see toChunks. */
const MODEL = 'player-names';
const FORMAT = 2;
const CHUNK_ROWS = 20_000;
/**
 * Naming facts read past the saved model before a reader saves it again: a write reads at most this many (and saves a
 * model of every player only every so many registrations).
 */
const RESAVE_AFTER = 1_000;

const loadSaved = async (store: EventStore, storage: CheckpointStorage): Promise<{ names: PlayerNames; position: number } | undefined> => {
  const names = new PlayerNames();
  const position = await loadDerivedModel(store, storage, MODEL, FORMAT, (_part, data) => names.addChunk(data));
  return position === undefined ? undefined : { names, position };
};

/**
 * Who bears which name at the head of the log: the saved model (when it is of this log) caught up with the naming
 * facts recorded since, saved again when it was missing, of another log, or far behind. A derived, droppable read
 * model: without `storage` (EventStoreDB keeps no models) or with none saved, it folds every naming fact.
 */
export const playerNamesNow = async (store: EventStore, storage: CheckpointStorage | undefined): Promise<PlayerNames> =>
  (await playerNamesSince(store, storage, undefined)).names;

/** As playerNamesNow, caught up from `kept` (the names a reader kept at a position) instead of the saved model. */
const playerNamesSince = async (store: EventStore, storage: CheckpointStorage | undefined, kept: { names: PlayerNames; position: number } | undefined): Promise<{ names: PlayerNames; position: number }> => {
  const saved = kept ?? (storage === undefined ? undefined : await loadSaved(store, storage));
  const names = saved?.names ?? new PlayerNames();
  let position = saved?.position ?? 0;
  let read = 0;
  for await (const batch of readFacts(store, { fromPosition: position, types: LIST_NAMES_EVENTS.handles })) {
    for (const fact of batch) names.add(fact.event);
    read += batch.length;
    if (batch.length > 0) position = batch[batch.length - 1]!.globalPosition;
  }
  const chunks = storage !== undefined && (saved === undefined || read > RESAVE_AFTER) ? names.toChunks(CHUNK_ROWS) : undefined;
  if (storage !== undefined && chunks !== undefined) {
    await saveDerivedModel(store, storage, MODEL, FORMAT, position, chunks.map((data, seq) => ['players', seq, data] as const));
  }
  return { names, position };
};

/**
 * The names kept by a reader that asks again and again (a server's namesake notices): each catch-up reads only the
 * naming facts since the last, and readers at the same time share one read (two from the same position would fold
 * a merge and a later unmerge out of order).
 */
export class LivePlayerNames {
  private kept: { names: PlayerNames; position: number } | undefined;
  private reading: Promise<PlayerNames> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly storage: CheckpointStorage | undefined,
  ) {}

  now(): Promise<PlayerNames> {
    this.reading ??= playerNamesSince(this.store, this.storage, this.kept)
      .then((read) => (this.kept = read).names)
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}
