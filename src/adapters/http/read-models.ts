import { CAREER_MODEL_FORMAT, readCareerModel, readTournamentModel } from '../../app/career-model';
import { fullName, ListNamesNow } from '../../app/namesakes';
import { readCaughtUp } from '../../app/career-reads';
import { readListModel, type ListRequest, type ModelList } from '../../app/list-model';
import { LIST_PRINTER } from '../formats/list-printer';
import type { FesaFold } from '../../../projections/fesa/history';
import type { RunInputs } from '../../../projections/fesa/career-model';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { EventStore } from '../../app/ports/event-store';
import type { LiveProjections } from './live';
import type { PlayerRuns } from './player-runs';
import { foldOf } from './diffs';
import { personOf, type LedgerState } from '../../../domain/commands/state';
import { nameKey } from '../../../projections/fesa/name-key';

/**
 * What the server reads from the read models saved next to the log instead of holding a projection of the whole
 * log. Careers, explanations and cross tables from the careers' model, as `ledger history`, `explain` and
 * `tournament show` read them: one player's tournaments rated again, instead of the whole log folded with every
 * tournament's report and held in memory (2.9 GiB at a million games); a careers model behind the head of the log
 * (a write since it was saved) is caught up and saved first, one catch-up at a time. Lists as known now from the
 * list's model, as `ledger list` reads it, when it reflects the head. Without a model to read (EventStoreDB, none
 * saved, a fold that failed, a career that reads the list itself) the caller folds its live projection.
 */
export class ReadModels {
  private catchUps: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints?: CheckpointStorage,
  ) {}

  /** What `playerCareer` and `explainPlayer` read for `playerId` (and `tournamentId`), and the position it reflects. */
  async career(ruleSet: string, playerId: string, tournamentId?: string): Promise<{ fold: FesaFold; position: number } | undefined> {
    const position = await this.store.headPosition();
    const fold = await this.read(ruleSet, (store, storage) => readCareerModel(store, storage, ruleSet, playerId, tournamentId));
    return fold === undefined ? undefined : { fold, position };
  }

  /**
   * The list of a date as known now, from the list's model when it reflects the head of the log; when a write left
   * the saved models behind, after the catch-up that saves them both (as for a career), not from a projection held.
   */
  async list(request: ListRequest): Promise<ModelList | undefined> {
    const storage = this.checkpoints;
    if (storage === undefined) return undefined;
    const read = () => readListModel(LIST_PRINTER, this.store, storage, request);
    const first = await read();
    if (first !== undefined) return first;
    const [head, saved] = await Promise.all([this.store.headPosition(), storage.careerModelPosition(request.ruleSet, CAREER_MODEL_FORMAT)]);
    if (saved === undefined || saved >= head) return undefined;
    return this.read(request.ruleSet, async () => (await read()) ?? 'behind');
  }

  /** What the engine rated `tournamentId` from, for its cross table. */
  tournament(ruleSet: string, tournamentId: string): Promise<RunInputs | undefined> {
    return this.read(ruleSet, (store, storage) => readTournamentModel(store, storage, ruleSet, tournamentId));
  }

  private async read<A>(ruleSet: string, read: (store: EventStore, storage: CheckpointStorage) => Promise<A | 'behind' | undefined>): Promise<A | undefined> {
    const storage = this.checkpoints;
    if (storage === undefined) return undefined;
    const first = await read(this.store, storage);
    if (first !== 'behind') return first;
    // one catch-up at a time: a request queued behind another's finds the model caught up and only reads it
    const caughtUp = this.catchUps.then(() => readCaughtUp(this.store, storage, ruleSet, read));
    this.catchUps = caughtUp.catch(() => undefined);
    return caughtUp;
  }
}

/**
 * One player's career fold (what `playerCareer` and `explainPlayer` read) up to the head of the log and the position
 * it reflects: from the careers' read model, else from the live projection with reports (his runs only).
 */
export const careerNow = async (
  models: ReadModels,
  live: LiveProjections,
  playerRuns: PlayerRuns,
  ruleSet: string,
  playerId: string,
  tournamentId?: string,
): Promise<{ fold: FesaFold; position: number }> => {
  const modelled = await models.career(ruleSet, playerId, tournamentId);
  if (modelled !== undefined) return modelled;
  const projection = await live.caughtUp(ruleSet, 'reports');
  return { fold: playerRuns.of(projection, foldOf(projection.current()), playerId, tournamentId), position: projection.position };
};

/**
 * Players' names and ids as the fold knows them (for a cross table read from the model, which names its rows but not
 * the ledger's ids): the names FESA files know them by (namesakes distinguished, list-names.ts), an absorbed id by its
 * survivor's, kept up to date from the naming facts of the log (`caughtUp` before asking for a state's names).
 */
export class NamesNow {
  private readonly listed = new ListNamesNow();

  caughtUp(store: EventStore, state: LedgerState): Promise<void> {
    return this.listed.catchUp(store, state.position);
  }

  nameOf(state: LedgerState, playerId: string): string {
    const listed = this.listed.nameOf(playerId);
    if (listed !== undefined) return fullName(listed);
    const p = state.players.get(personOf(state, playerId));
    const r = p === undefined ? undefined : (p.current ?? p.registration);
    return r === undefined ? playerId : `${r.familyName}${r.givenName ? ` ${r.givenName}` : ''}`;
  }

  idOf(_state: LedgerState, row: { lastName: string; firstName: string }): string | undefined {
    return this.listed.idOfKey(nameKey(row));
  }
}
