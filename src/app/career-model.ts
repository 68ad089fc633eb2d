/**
 * The players' careers as a read model next to the log (projections/fesa/career-model.ts says what it holds): saved
 * with the checkpoint of its rule set by the catch-up projection (checkpoint.ts), read here for `history`,
 * `explain` and `tournament show`. Derived and droppable: it is only read when it reflects the head of the log; otherwise the caller
 * catches the projection up (which saves it again) or folds.
 */
import type { OfficerFact } from '../../projections/fesa/history';
import { careerFold, needsList, runOf, type CareerModelChanges, type RunInputs } from '../../projections/fesa/career-model';
import type { FesaFold } from '../../projections/fesa/history';
import { nameKey } from '../../projections/fesa/name-key';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { hash53, LIST_MODEL_FORMAT, storedListKey } from './list-model';
import type { CareerModelWrite, CheckpointStorage, StoredCareerPlayer } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';
import { logChangedSince } from './chain';
import { fesaModelsReach } from './fesa-untouched';

/**
 * The saved rows' layout: a model of another format is never read (the next catch-up writes it anew). 3: the meta row
 * holds the log's hash at its position; 4: every run and officer fact is saved sealed with its fingerprint; 5: every
 * registered player's row too; 6: an adoption of another rule set takes the tournaments ending from its date out of
 * the FESA careers.
 */
export const CAREER_MODEL_FORMAT = 6;

/** A run's or officer fact's JSON as saved: its fingerprint first, so that a row changed by hand is told from a saved one. */
const sealed = (json: string): string => `${hash53(json).toString(36)}|${json}`;

/** A saved run or fact's JSON, or undefined when the row no longer matches its fingerprint. */
const unsealed = (text: string): string | undefined => {
  const bar = text.indexOf('|');
  const json = text.slice(bar + 1);
  return bar > 0 && hash53(json).toString(36) === text.slice(0, bar) ? json : undefined;
};

type UnsealedPlayer = Omit<StoredCareerPlayer, 'fp'>;

/** A registered player's row's fingerprint: over every column a read gives the fold. */
const playerFingerprint = (p: UnsealedPlayer): number => hash53(JSON.stringify([p.id, p.ord, p.lastName, p.firstName, p.key, p.survivor]));

/** Why one of the players' rows cannot be served (undefined: all can): a name or a merge changed by hand. */
const unsealedPlayer = (players: readonly StoredCareerPlayer[]): string | undefined => {
  const edited = players.find((p) => p.fp !== playerFingerprint(p));
  return edited && `the saved row of player ${edited.id} (${edited.lastName}, ${edited.firstName}) no longer matches its fingerprint`;
};

/**
 * The runs' and facts' JSON of a read, or why a row cannot be served: it, or a player's row read with it, was changed
 * by hand (the read folds instead; `verify` names it).
 */
export const unsealedCareer = (read: { readonly runs: readonly string[]; readonly facts: readonly string[]; readonly players: readonly StoredCareerPlayer[] }): { runs: string[]; facts: string[] } | { edited: string } => {
  const player = unsealedPlayer(read.players);
  if (player !== undefined) return { edited: player };
  const runs: string[] = [];
  const facts: string[] = [];
  for (const [texts, out, what] of [[read.runs, runs, 'run'], [read.facts, facts, 'officer fact']] as const) {
    for (const text of texts) {
      const json = unsealed(text);
      if (json === undefined) return { edited: `a saved ${what} (${text.slice(0, 60)}…) no longer matches its fingerprint` };
      out.push(json);
    }
  }
  return { runs, facts };
};

/** A name key as saved (PostgreSQL text holds no NUL, which separates a key's names). */
const storedKey = (key: string): string => JSON.stringify(key.split('\u0000'));

/**
 * A projection's careers' model changes as the storage writes them. What is saved is plain JSON, as the log and the
 * checkpoint keep it: events decoded from JSON (the event file is built from them, officer facts are them) and list
 * records, which the checkpoint saves as plain JSON too.
 */
export const careerModelWrite = (ruleSet: string, position: number, head: string | null, failed: boolean, changes: CareerModelChanges): CareerModelWrite => ({
  ruleSet,
  format: CAREER_MODEL_FORMAT,
  position,
  head,
  failed,
  deleteAfter: changes.deleteAfter,
  runs: (function* () {
    for (const { after, inputs, keys } of changes.runs) yield { after, tournamentId: inputs.tournamentId, run: sealed(JSON.stringify(inputs)), keys: [...new Set(keys)].map(storedKey) };
  })(),
  facts: (function* () {
    for (const { after, fact } of changes.facts) yield { after, fact: sealed(JSON.stringify(fact)), playerIds: [...new Set(fact.playerIds)] };
  })(),
  players: changes.players && {
    ...changes.players,
    write: changes.players.write.map((p) => {
      const row = { ...p, key: storedKey(nameKey(p)) };
      return { ...row, fp: playerFingerprint(row) };
    }),
  },
});

/**
 * The names a fold gives registered ids (see `CheckpointStorage.readCareerPlayers`), with the position the saved
 * careers' model reflects; undefined when none is saved or a row read was changed by hand (the caller folds).
 */
export const careerNames = async (storage: CheckpointStorage, query: { readonly ruleSet: string; readonly ids: readonly string[] }): Promise<{ position: number; names: ReadonlyMap<string, { readonly lastName: string; readonly firstName: string }> } | undefined> => {
  const read = await storage.readCareerPlayers({ ...query, format: CAREER_MODEL_FORMAT });
  if (read === undefined || unsealedPlayer(read.players) !== undefined) return undefined;
  return { position: read.position, names: new Map(read.players.map((p) => [p.id, { lastName: p.lastName, firstName: p.firstName }])) };
};

/**
 * Whether the saved model was built from another log than this one (see chain.ts `logChangedSince`), told to `onStale`:
 * it is then read as behind, so that the caller's catch-up folds the whole log and saves it anew (see `resumeProjection`).
 */
const builtFromAnotherLog = async (store: EventStore, ruleSet: string, read: { readonly position: number; readonly head: string | null }, onStale?: (why: string) => void): Promise<boolean> => {
  const changed = await logChangedSince(store, read.position, read.head);
  if (changed !== undefined) onStale?.(`the saved careers model of ${ruleSet} does not match the log (${changed})`);
  return changed !== undefined;
};

/**
 * A fold holding what `playerCareer` and `explainPlayer` read for `playerId` (and tournament `tournamentId`), from
 * the saved model when it reflects the head of the log; undefined when it does not (none saved, behind the head,
 * another format, a fold that failed); a career that reads the list itself (see `needsList`) reads the player's row
 * of the list model saved with it (undefined when that is not readable either); `behind` when it
 * is usable but does not reflect the head (a catch-up saves it again).
 */
export const readCareerModel = async (store: EventStore, storage: CheckpointStorage, ruleSet: string, playerId: string, tournamentId?: string, onStale?: (why: string) => void): Promise<FesaFold | 'behind' | undefined> => {
  const [head, read] = await Promise.all([store.headPosition(), storage.readCareer({ ruleSet, format: CAREER_MODEL_FORMAT, playerId, ...(tournamentId === undefined ? {} : { tournamentId }) })]);
  if (read === undefined) return undefined;
  if ((await fesaModelsReach(store, read.position, head)) === undefined) return 'behind';
  if (await builtFromAnotherLog(store, ruleSet, read, onStale)) return 'behind';
  const texts = unsealedCareer(read);
  if ('edited' in texts) {
    onStale?.(`the saved careers model of ${ruleSet} was changed by hand (${texts.edited})`);
    return undefined;
  }
  const rows = { players: read.players, runs: texts.runs.map((text) => runOf(JSON.parse(text) as RunInputs, true)), facts: texts.facts.map((f) => JSON.parse(f) as OfficerFact) };
  const asked = read.players.find((p) => p.id === playerId);
  if (asked === undefined || !needsList(rows, nameKey(asked))) return careerFold(rows);
  // an opening balance no tournament followed: the career reads the player's record on the list at the end of the
  // timeline, from the list model saved with the careers' (the rows of his name key's slots, in the list's order)
  const list = await storage.readList({ ruleSet, format: LIST_MODEL_FORMAT, asOf: END_OF_TIME, nameKey: storedListKey(nameKey(asked)) });
  if (list === undefined || list.position !== read.position || list.failed) return undefined;
  return careerFold(rows, list.rows.map((r) => JSON.parse(r.record) as FesaPlayer));
};

/** A date after every item of any timeline: the list as of it is the list at the end of the timeline (a fold's `list`). */
const END_OF_TIME = '9999-12-31';

/**
 * What the engine rated tournament `tournamentId` from (see `RunInputs`), from the saved model when it reflects the
 * head of the log; undefined when it cannot be read or holds no run of that tournament (not closed, not rated under
 * FESA, unknown: the fold says which), `behind` as `readCareerModel`.
 */
export const readTournamentModel = async (store: EventStore, storage: CheckpointStorage, ruleSet: string, tournamentId: string, onStale?: (why: string) => void): Promise<RunInputs | 'behind' | undefined> => {
  const [head, read] = await Promise.all([store.headPosition(), storage.readCareer({ ruleSet, format: CAREER_MODEL_FORMAT, tournamentId })]);
  if (read === undefined) return undefined;
  if ((await fesaModelsReach(store, read.position, head)) === undefined) return 'behind';
  if (await builtFromAnotherLog(store, ruleSet, read, onStale)) return 'behind';
  const texts = unsealedCareer({ runs: read.runs.slice(0, 1), facts: [], players: read.players });
  if ('edited' in texts) {
    onStale?.(`the saved careers model of ${ruleSet} was changed by hand (${texts.edited})`);
    return undefined;
  }
  return texts.runs.length === 0 ? undefined : (JSON.parse(texts.runs[0]!) as RunInputs);
};
