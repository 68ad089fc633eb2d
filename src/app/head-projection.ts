/**
 * The FESA projection a write at the head of the timeline compares (saved-ratings.ts), restored by player instead of
 * whole: closing the newest tournament, reporting into it, registering its newcomers. Restoring the whole checkpoint
 * (checkpoint.ts `projectionForComparison`) costs what the list costs — a hundred thousand records, registrations
 * and names — to rate one tournament; the program reads of the list only the records of the players it looks up by
 * name (its participants) and the newcomers of the date (see ../shared/fesa/PROGRAM-BEHAVIOUR.md and
 * tournament-rating.ts), so that is what is restored here:
 *
 * - the list: the saved list model's records of the involved players' names (`readListHeadOf`: each name key's
 *   slots' latest rows, in list order, with their sort keys), the list's last item and its last tournament;
 * - the facts: the streams of the tournaments the facts since the model and the decided ones touch, and of every
 *   player they name, every player registered since the last tournament rated (the checkpoint's part `pending`),
 *   every id registered since (with the prior grades declared for such a new id) and, for an event folder about to be
 *   decided (fesa-import-saved.ts), the holders of the names its files give; the rule-set adoptions.
 *
 * The tournaments re-folded all end after the list's last item, so the partial list is exactly what the whole one
 * would give them. An id registered since and merged away, whom no tournament names, enters no list whatever the date
 * of his registration (a twin registered today merged into a player of a tournament dated later). Anything else
 * answers undefined and the caller restores the whole checkpoint: a fact dated at or before the list's last item, a
 * correction, an officer fact, a merge of an id that was ever on a list or declared
 * prior grades, a name borne by another holder (namesakes are
 * told apart by who took the name first: the partial facts could not say), a survivor of a merge. That write saves
 * the checkpoint again after its append (checkpoint-carry.ts), so the next one is read here again.
 */
import { playerStream, tournamentStream, type DomainEvent, type LoggedEvent, type PlayerRegistered } from '../../domain/events';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { ListCheckpoint } from '../../projections/fesa/checkpoints';
import { AS_ADOPTED, PASSED_OVER_BY_THE_FOLD } from '../../projections/fesa/history';
import { FesaProjection } from '../../projections/fesa/incremental';
import { nameKey } from '../../projections/fesa/name-key';
import type { ListName } from '../../projections/fesa/list-names';
import { logChangedSince } from './chain';
import { loadHeadParts, type ComparedProjection } from './checkpoint';
import { decodeRecorded, readFacts } from './event-log';
import { LIST_MODEL_FORMAT, storedListKey } from './list-model';
import type { CheckpointStorage, StoredListHead } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

/** The facts about one tournament (its stream). */
const ABOUT_A_TOURNAMENT: ReadonlySet<DomainEvent['type']> = new Set(['TournamentRegistered', 'GameReported', 'ResultCorrected', 'GameWithdrawn', 'TournamentClosed']);

/** Past this many players the whole checkpoint is restored instead (a folder of a federation's whole list). */
const MOST_PLAYERS = 2_000;

/** How many comparisons this thread restored by player (an instrument for tests). */
export const headRestores = { here: 0 };

/** The players a tournament's facts name: its games' players, its entrants and simultaneous givers. */
const playersNamed = (e: DomainEvent): string[] => {
  if (e.type === 'TournamentRegistered') return [...(e.entrants ?? []), ...(e.simulGivers ?? [])];
  if (e.type === 'GameReported' || e.type === 'ResultCorrected') return e.second === null ? [e.first] : [e.first, e.second];
  return [];
};

interface Involved {
  readonly facts: LoggedEvent[];
  /** Each involved player's registration and whether it was recorded after the model's position. */
  readonly players: Map<string, { readonly event: PlayerRegistered; readonly since: boolean }>;
  /** The end dates of the tournaments re-folded, and the dates of the prior grades declared since. */
  readonly endDates: string[];
  /** The ids merged into another since the model's position (or by the decided facts). */
  readonly absorbed: ReadonlySet<string>;
  /** The ids a game, an entrant's or a giver's place of a tournament read here names. */
  readonly named: ReadonlySet<string>;
}

/** A fact the FESA fold passes over, whatever it holds: a balance under another rule set too (FesaFacts ignores it). */
const passedOver = (e: DomainEvent): boolean => PASSED_OVER_BY_THE_FOLD.has(e.type) || (e.type === 'OpeningBalanceImported' && e.ruleSet !== 'fesa');

/** An officer's fact about one player: on the list's timeline already when recorded by the model's position. */
const OFFICER_FACT: ReadonlySet<DomainEvent['type']> = new Set(['OpeningBalanceImported', 'GradeAwarded', 'RatingAdjusted']);

/**
 * What a player's stream may hold for his facts to be read here (else the whole checkpoint is restored): his
 * registration, prior grades, a merge since, what the fold passes over, and officer facts about him by the model's
 * position — folded into the list's records already, so not fed again (they are items of the timeline before it).
 */
const readable = (f: LoggedEvent, position: number): boolean =>
  f.event.type === 'PlayerRegistered' || f.event.type === 'PriorGradeDeclared' || passedOver(f.event) || (f.globalPosition > position ? f.event.type === 'PlayersMerged' : OFFICER_FACT.has(f.event.type));

/** The streams the facts since `position` and the decided ones read, at most MOST_PLAYERS players; undefined: not a write at the head. */
const involved = async (store: EventStore, position: number, since: readonly LoggedEvent[], decided: readonly DomainEvent[], pending: readonly string[], survivors: ReadonlySet<string>): Promise<Involved | undefined> => {
  const tournaments = new Set<string>();
  const ids = new Set(pending);
  const absorbed = new Set<string>();
  const merged = new Set<string>();
  // ids registered by these facts, and those of them a prior grade is declared for here (a folder's new players)
  const [registeredHere, graded] = [new Set<string>(), new Set<string>()];
  const gradeDates: string[] = [];
  for (const e of [...since.map((f) => f.event), ...decided]) {
    if (passedOver(e)) continue;
    if (ABOUT_A_TOURNAMENT.has(e.type)) tournaments.add((e as { tournamentId: string }).tournamentId);
    else if (e.type === 'PlayerRegistered') {
      ids.add(e.playerId);
      registeredHere.add(e.playerId);
    } else if (e.type === 'PriorGradeDeclared' && registeredHere.has(e.playerId) && !merged.has(e.playerId)) {
      // a new id's grade: he has no item before his registration, so his first grade standing before its date too
      // (`latestGrade`) reaches nothing before the head
      graded.add(e.playerId);
      gradeDates.push(e.validDate);
    } else if (e.type === 'PlayersMerged' && !merged.has(e.absorbed) && !merged.has(e.survivor) && !graded.has(e.absorbed) && !graded.has(e.survivor)) {
      // one merge per person: a chain of them is the whole checkpoint's
      absorbed.add(e.absorbed);
      merged.add(e.absorbed).add(e.survivor);
      ids.add(e.absorbed).add(e.survivor);
    } else return undefined;
  }
  const facts: LoggedEvent[] = [];
  const endDates: string[] = [...gradeDates];
  const named = new Set<string>();
  for (const id of tournaments) {
    const stream = (await store.readStream(tournamentStream(id))).map(decodeRecorded);
    const saved = stream.filter((f) => f.globalPosition <= position);
    const registered = stream.find((f) => f.event.type === 'TournamentRegistered')?.event ?? decided.find((e) => e.type === 'TournamentRegistered' && e.tournamentId === id);
    // a tournament closed by the model's position is on its timeline already: a fact about it re-rates the past
    if (registered?.type !== 'TournamentRegistered' || saved.some((f) => f.event.type === 'TournamentClosed')) return undefined;
    endDates.push(registered.endDate);
    facts.push(...saved);
    for (const e of [...stream.map((f) => f.event), ...decided.filter((d) => 'tournamentId' in d && d.tournamentId === id)]) {
      for (const p of playersNamed(e)) {
        ids.add(p);
        named.add(p);
      }
    }
  }
  if (ids.size > MOST_PLAYERS) return undefined;
  const players = new Map<string, { event: PlayerRegistered; since: boolean }>();
  for (const id of ids) {
    if (survivors.has(id)) return undefined;
    const stream = (await store.readStream(playerStream(id))).map(decodeRecorded);
    const registrations = stream.filter((f) => f.event.type === 'PlayerRegistered');
    const decidedRegistration = decided.find((e): e is PlayerRegistered => e.type === 'PlayerRegistered' && e.playerId === id);
    // one registration, and else only prior grades: a correction, an earlier merge, a FESA balance or an award is the
    // whole checkpoint's; so is a merge of an id with prior grades (it reaches the survivor's past tournaments)
    if (!stream.every((f) => readable(f, position)) || registrations.length + (decidedRegistration ? 1 : 0) !== 1) return undefined;
    if (absorbed.has(id) && stream.some((f) => f.event.type === 'PriorGradeDeclared')) return undefined;
    const registration = registrations[0];
    const since = registration === undefined || registration.globalPosition > position;
    // an officer fact names an id the log held before: a registration since of an id with one reads the whole checkpoint
    if (since && stream.some((f) => OFFICER_FACT.has(f.event.type) && !passedOver(f.event))) return undefined;
    players.set(id, registration === undefined ? { event: decidedRegistration!, since } : { event: registration.event as PlayerRegistered, since });
    facts.push(...stream.filter((f) => f.globalPosition <= position && !OFFICER_FACT.has(f.event.type)));
  }
  return { facts, players, endDates, absorbed, named };
};

/**
 * Whether the list model's names are the involved players' own: each registered by the model's position owns his
 * name's key, each registered since bears a name no slot or owner has, no two share one, and no given name holds
 * "(" (a namesake's distinguished name could then be his). The list names of the partial facts are then theirs.
 */
const ownNames = ({ players, absorbed }: Involved, head: StoredListHead): boolean => {
  const keys = new Set<string>();
  for (const [id, { event, since }] of players) {
    const key = storedListKey(nameKey({ lastName: event.familyName, firstName: event.givenName }));
    const named = head.keys.get(key);
    if (event.givenName.includes('(') || keys.has(key) || named === undefined) return false;
    keys.add(key);
    if (since ? named.owner !== undefined || named.slotted : named.owner !== id) return false;
    // an id merged away that was ever on a list changes the lists from his first one
    if (absorbed.has(id) && named.slotted) return false;
  }
  return true;
};

/** The list model's head as a checkpoint holding only the involved players' records (and the slot keys it numbers them by). */
const partialHead = (head: StoredListHead): { keys: string[]; checkpoint: ListCheckpoint } => {
  const explicit = head.last?.explicit ?? true;
  const entries: { key: string; record: FesaPlayer; seq: number }[] = [];
  for (const { rows } of head.keys.values()) {
    for (const row of rows) {
      const record = JSON.parse(row.record) as FesaPlayer;
      entries.push({ key: nameKey(record), record, seq: row.seq });
    }
  }
  entries.sort((a, b) => (explicit ? 0 : b.record.eloNumber - a.record.eloNumber) || a.seq - b.seq);
  // the k-th record of a name in list order takes the name's k-th slot (which slot a name has never prints)
  const keys = entries.map((e) => e.key);
  return {
    keys,
    checkpoint: {
      index: 0,
      date: head.last?.date ?? '',
      order: entries.map((e) => e.record),
      sorted: !explicit,
      lastTournamentDate: head.lastTournamentDate,
      runs: 0,
      officerFacts: 0,
      slots: entries.map((_, i) => i),
      seqs: entries.map((e) => e.seq),
    },
  };
};

/** A FESA event folder about to be decided at the head (fesa-import-saved.ts): the names its files give and its date. */
export interface HeadFolder {
  readonly names: readonly ListName[];
  readonly date: string;
}

/**
 * The ids holding the names a folder gives at the model's `position` (its players are looked up by name, as the
 * program does): they are involved too, so that the partial facts name them as the whole would. Undefined where a
 * name could be another's than its holder's: a distinguished name ("Ola (P7)"), or one a slot bears with no holder.
 */
const holdersOf = async (storage: CheckpointStorage, ruleSet: string, position: number, names: readonly ListName[]): Promise<string[] | undefined> => {
  if (names.some((n) => n.firstName.includes('(') || n.lastName.includes('('))) return undefined;
  const head = await storage.readListHeadOf({ ruleSet, format: LIST_MODEL_FORMAT, keys: names.map((n) => storedListKey(nameKey(n))) });
  if (head === undefined || head.position !== position) return undefined;
  const holders: string[] = [];
  for (const { owner, slotted } of head.keys.values()) {
    if (owner !== undefined) holders.push(owner);
    else if (slotted) return undefined;
  }
  return holders;
};

/**
 * The FESA projection as of the head of the log, restored by player (see the module's comment), for a comparison of
 * the `decided` events: undefined when they, or the facts recorded since the saved model, reach anything but
 * tournaments ending after the list's last item and the players they name (the caller restores the whole checkpoint).
 */
export const headProjection = async (store: EventStore, storage: CheckpointStorage, decided: readonly DomainEvent[], folder?: HeadFolder): Promise<ComparedProjection | undefined> => {
  const ruleSet = AS_ADOPTED;
  const position = await storage.listModelPosition(ruleSet, LIST_MODEL_FORMAT);
  if (position === undefined) return undefined;
  const parts = await loadHeadParts(storage, ruleSet, position);
  if (parts === undefined) return undefined;
  const since: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { fromPosition: position })) since.push(...batch);
  const holders = folder === undefined ? [] : await holdersOf(storage, ruleSet, position, folder.names);
  if (holders === undefined) return undefined;
  const found = await involved(store, position, since, decided, [...parts.pending, ...holders], parts.survivors);
  if (found === undefined) return undefined;
  if (folder !== undefined) found.endDates.push(folder.date);
  const keys = [...found.players.values()].map(({ event }) => storedListKey(nameKey({ lastName: event.familyName, firstName: event.givenName })));
  const head = await storage.readListHeadOf({ ruleSet, format: LIST_MODEL_FORMAT, keys });
  if (head === undefined || head.position !== position || head.failed || !ownNames(found, head)) return undefined;
  // everything re-folded lies after the list's last item: a registration enters the list from the next tournament —
  // but for an id registered since and merged away here whom no tournament names: an absorbed id never enters a list
  // (`newcomersOf`), so the date of his registration (a twin registered today, merged into a player of a later
  // tournament) re-folds nothing
  const last = head.last?.date ?? '';
  const entersNoList = (id: string): boolean => found.absorbed.has(id) && !found.named.has(id);
  const dated = [...found.endDates, ...[...found.players].flatMap(([id, { event, since: recorded }]) => (recorded && !entersNoList(id) ? [event.validDate] : []))];
  if (dated.some((date) => date <= last)) return undefined;
  if ((await logChangedSince(store, position, head.head)) !== undefined) return undefined;
  const adoptions: LoggedEvent[] = [];
  for await (const batch of readFacts(store, { types: ['RuleSetAdopted'], toPosition: position })) adoptions.push(...batch);
  const partial = partialHead(head);
  const projection = new FesaProjection({ ruleSet, runs: 'changes' });
  projection.restoreSlots(partial.keys);
  projection.applySaved([...adoptions, ...found.facts].sort((a, b) => a.globalPosition - b.globalPosition));
  projection.position = position;
  projection.restore([partial.checkpoint], partial.checkpoint, [], []);
  // (no `tournamentsNaming`: a merge here re-folds from the start of these facts, the list's head, which is as early
  // as its absorbed id's first item can be — he was never on a list)
  projection.apply(since);
  projection.refresh();
  headRestores.here++;
  return { projection, gamesFrom: 0, byPlayer: true };
};
