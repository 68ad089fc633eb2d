import { CAREER_MODEL_FORMAT, readCareerModel, readTournamentModel } from '../../app/career-model';
import { fullName, LIST_NAMES, type ListNames } from '../../app/namesakes';
import { LiveReadModel, type CaughtUpQueries } from '../../app/read-model';
import { readCaughtUp } from '../../app/career-reads';
import { editedListWarning, LIST_MODEL_FORMAT, readListModel, type ListRequest, type ModelList } from '../../app/list-model';
import { LIST_PRINTER } from '../formats/list-printer';
import type { FesaFold } from '../../../projections/fesa/history';
import type { RunInputs } from '../../../projections/fesa/career-model';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { EventStore } from '../../app/ports/event-store';
import type * as E from 'fp-ts/Either';
import { playerCareer, type PlayerCareer } from '../../../projections/fesa/career';
import { explainPlayer, type PlayerExplanation } from '../../../projections/fesa/explain';
import type { ModelCatchUp } from './model-catch-up';
import type { FoldJobs } from './fold-jobs';
import type { DirectoriesNow } from '../../app/read-models/directories';
import { nameKey } from '../../../projections/fesa/name-key';

/**
 * What the server reads from the read models saved next to the log instead of holding a projection of the whole
 * log. Careers, explanations and cross tables from the careers' model, as `ledger history`, `explain` and
 * `tournament show` read them: one player's tournaments rated again, instead of the whole log folded with every
 * tournament's report and held in memory (2.9 GiB at a million games); a careers model behind the head of the log
 * (a write since it was saved) is caught up and saved first, one catch-up at a time. Lists as known now from the
 * list's model, as `ledger list` reads it, when it reflects the head. Without a model to read (EventStoreDB, none
 * saved, a fold that failed, a career that reads the list itself) the caller asks for a fold job (fold-jobs.ts).
 */
export class ReadModels {
  private catchUps: Promise<unknown> = Promise.resolve();
  /** Catch-ups queued or running, by rule set. */
  private readonly catchingUp = new Map<string, number>();
  /** The last answer given per list asked for (see `list`), with the store's change stamp read before it was made. */
  private readonly answers = new Map<string, ModelList & { readonly stamp?: number }>();
  /** The rule sets whose list model was found edited by hand and said so (once each: every read after folds too). */
  private readonly editedSaid = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints?: CheckpointStorage,
    /** Where catch-ups run (absent: on this thread, as the CLI runs them). */
    private readonly worker?: ModelCatchUp,
    /** Where the server says a saved model was edited by hand (its operator's log: stderr under `ledger serve`). */
    private readonly warn: (line: string) => void = () => undefined,
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
   * The answer last given for the same request is kept with the position it reflects: given again at once while the
   * log has not moved, and also while a catch-up runs, when it reflects at least `floor` (the reader's own last write):
   * a burst of writes then never makes readers wait for the catch-ups, and no reader ever sees a list older than one
   * it was given before (the kept answer only moves forward).
   */
  async list(request: ListRequest, floor = 0): Promise<ModelList | undefined> {
    const storage = this.checkpoints;
    if (storage === undefined) return undefined;
    const key = JSON.stringify([request.ruleSet, request.asOf, request.format, request.activeYears]);
    const kept = this.answers.get(key);
    const head = await this.store.headPosition();
    // another process committed since it was made (a save, or a hand's edit of the model, which moves no head): read again
    const stamp = this.store.changeStamp?.();
    if (kept !== undefined && ((kept.position === head && kept.stamp === stamp) || ((this.catchingUp.get(request.ruleSet) ?? 0) > 0 && kept.position >= floor))) return kept;
    // an edited model is not served (the fold answers instead); the operator is told once, as `ledger list` tells its user
    const onEdited = (why: string): void => {
      if (this.editedSaid.has(request.ruleSet)) return;
      this.editedSaid.add(request.ruleSet);
      this.warn(editedListWarning(why));
    };
    const read = () => readListModel(LIST_PRINTER, this.store, storage, { ...request, onEdited });
    let answer = await read();
    if (answer === undefined) {
      const [now, saved] = await Promise.all([this.store.headPosition(), storage.careerModelPosition(request.ruleSet, CAREER_MODEL_FORMAT)]);
      // none saved yet: the worker builds them (on this thread the live projection is the cheaper first answer)
      if (saved === undefined ? this.worker === undefined : saved >= now) return undefined;
      const worker = this.worker;
      if (worker === undefined) answer = await this.read(request.ruleSet, async () => (await read()) ?? 'behind');
      else {
        // the model caught up to the head as it was when this request came (at least): the list as known at the position
        // it reflects, since the burst may have moved the head on meanwhile
        const position = await this.queued(request.ruleSet, async () => {
          const reached = await storage.listModelPosition(request.ruleSet, LIST_MODEL_FORMAT);
          return reached !== undefined && reached >= now ? reached : worker.run(request.ruleSet);
        });
        const known = await readListModel(LIST_PRINTER, this.store, storage, { ...request, onEdited, knownAt: position });
        answer = known && { ...known, position };
      }
    }
    if (answer !== undefined && answer.position >= (this.answers.get(key)?.position ?? 0)) {
      this.answers.delete(key);
      // the sixteen lists asked for last
      if (this.answers.size >= 16) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, { ...answer, ...(stamp !== undefined ? { stamp } : {}) });
    }
    return answer;
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
    const worker = this.worker;
    return this.queued(ruleSet, () => readCaughtUp(this.store, storage, ruleSet, read, undefined, worker && (() => worker.run(ruleSet))));
  }

  /** `catchUp` of `ruleSet`'s models after the catch-ups queued before it. */
  private queued<A>(ruleSet: string, catchUp: () => Promise<A>): Promise<A> {
    const caughtUp = this.catchUps.then(catchUp);
    const count = (by: number) => this.catchingUp.set(ruleSet, (this.catchingUp.get(ruleSet) ?? 0) + by);
    count(1);
    this.catchUps = caughtUp.catch(() => undefined).finally(() => count(-1));
    return caughtUp;
  }
}

/**
 * One player's career (`playerCareer`) up to the head of the log and the position it reflects: from the careers' read
 * model, else folded by a fold job (the live projection with reports, on the worker under `ledger serve`).
 */
export const careerNow = async (models: ReadModels, folds: FoldJobs, ruleSet: string, playerId: string): Promise<{ career: E.Either<string, PlayerCareer>; position: number }> => {
  const modelled = await models.career(ruleSet, playerId);
  if (modelled !== undefined) return { career: playerCareer(modelled.fold, playerId), position: modelled.position };
  return folds({ kind: 'career', ruleSet, playerId });
};

/** One player's explanation (of `tournamentId`, or of all his tournaments) as `careerNow` reads his career. */
export const explanationNow = async (
  models: ReadModels,
  folds: FoldJobs,
  ruleSet: string,
  playerId: string,
  tournamentId: string | undefined,
): Promise<{ explanation: E.Either<string, PlayerExplanation>; position: number }> => {
  const modelled = await models.career(ruleSet, playerId, tournamentId);
  if (modelled !== undefined) return { explanation: explainPlayer(modelled.fold, playerId, tournamentId), position: modelled.position };
  return folds({ kind: 'explanation', ruleSet, playerId, ...(tournamentId !== undefined ? { tournamentId } : {}) });
};

/**
 * Players' names and ids as the fold knows them (for a cross table read from the model, which names its rows but not
 * the ledger's ids): the names FESA files know them by (namesakes distinguished, list-names.ts), an absorbed id by its
 * survivor's, kept up to date from the naming facts of the log (`caughtUp` before asking for a state's names).
 */
export class NamesNow {
  private listed?: CaughtUpQueries<ListNames>;
  private names?: ListNames;

  async caughtUp(store: EventStore, now: DirectoriesNow): Promise<void> {
    this.listed ??= new LiveReadModel(LIST_NAMES, store);
    this.names = (await this.listed.caughtUp(now.position)).queries;
  }

  nameOf(now: DirectoriesNow, playerId: string): string {
    const listed = this.names?.nameOf(playerId);
    return listed !== undefined ? fullName(listed) : now.players.nameOf(now.players.personOf(playerId));
  }

  idOf(row: { lastName: string; firstName: string }): string | undefined {
    return this.names?.idOfKey(nameKey(row));
  }
}
