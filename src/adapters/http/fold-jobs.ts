/**
 * The reads of the server that no saved read model answers and that fold the whole log (or a FESA projection of it)
 * instead: another rule set's list, what changed since a list published under one, a published list the models cannot
 * give again, a FESA list or its page's rows without a model (EventStoreDB, none saved, a fold that failed), careers,
 * explanations and cross tables without a careers model, two FESA rule sets compared without list models, a published
 * list's rows and its bulletin (reproduced from the log as known then); and an organiser's submission checked, previewed
 * or approved (a FESA folder's import folds the whole log; a TRF, EGD or games file's is decided from its streams, its
 * consequences read from the saved checkpoint). Each is a job with a plain
 * answer, so that `ledger serve` runs it on its worker thread (model-catch-up.ts, catch-up-worker.ts) and the event
 * loop keeps answering `/health` and every page in hand while it folds; a server without a worker (in-process tests,
 * no store setting) runs the same job on its own thread. A refusal of the ledger crosses the threads as its kind,
 * sentence and detail, so that the answer is the same problem wherever the job ran.
 */
import * as E from 'fp-ts/Either';
import { playerCareer, type PlayerCareer } from '../../../projections/fesa/career';
import type { FesaCrosstable } from '../../../projections/fesa/crosstable';
import { diffFolds } from '../../../projections/fesa/diff';
import { explainPlayer, type PlayerExplanation } from '../../../projections/fesa/explain';
import type { FesaProjection } from '../../../projections/fesa/incremental';
import type { GenericRuleSetId } from '../../../projections/generic/systems';
import type { GenericExplanation } from '../../../projections/generic/explain';
import type { RatingListPublished } from '../../../domain/events';
import { LedgerFailure, unratable, type FailureKind } from '../../app/failure';
import { bulletin, type Bulletin } from '../../app/bulletin';
import { foldOrThrow, listRows, publishedAndNow, renderList, type ListFormat, type ListRow } from '../../app/lists';
import { publishedRows, type PublishedRows } from '../../app/published-rows';
import { crosstableOf, UnknownTournamentError } from '../../app/tournaments';
import { factsKnownAt, loadFacts } from '../../app/load';
import type { EventStore } from '../../app/ports/event-store';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import { ruleSetList, type RuleSetList } from '../../app/rule-set-list';
import { sideBySideOf, tournamentUnderRuleSet, type SideBySide, type TournamentUnderRuleSet } from '../../app/side-by-side';
import { readRuleSetListModel } from '../../app/rule-set-list-model';
import type { RuleSetCareer } from '../../app/career-rule-sets';
import { RuleSetCareersFold, type RuleSetCareersJob, type RuleSetExplanationJob } from './rule-set-careers';
import { publishedRuleSetDiff, reproducePublishedText, type RuleSetListDiff } from '../../app/rule-set-publication';
import { LIST_PRINTER } from '../formats/list-printer';
import { named, nameOfPlayer, type PlainDiff } from './diff-models';
import { foldOf, nameIn } from './diffs';
import { PlayerRuns } from '../../app/player-runs';
import type { Ledger } from '../../app/ledger';
import { previewOrRefusal, Submissions, type SubmissionDecision, type SubmissionImport, type SubmissionInput, type SubmissionPreview, type SubmissionReview } from '../../app/submissions';
import { SUBMISSION_READERS } from '../formats/submission-readers';
import type { LiveProjections } from './live';
import type { ModelCatchUp } from './model-catch-up';

/** Where the facts a list is folded from end: the head read when the request came, or an auditor's `known-at`. */
export type FoldedUpTo = { readonly position: number } | { readonly knownAt: string };

export type FoldJob =
  /** A player's careers under the non-FESA rule sets (his page), from the saved careers model or the fold (rule-set-careers.ts). */
  | ({ readonly kind: 'rule-set-careers' } & RuleSetCareersJob)
  /** A player's explanation under a non-FESA rule set, of one tournament or all, as his careers are read. */
  | ({ readonly kind: 'rule-set-explanation' } & RuleSetExplanationJob)
  | { readonly kind: 'rule-set-list'; readonly ruleSet: GenericRuleSetId; readonly asOf: string; readonly activeYears: number; readonly upTo: FoldedUpTo }
  /** What changed since a list published under a non-FESA rule set. */
  | { readonly kind: 'rule-set-diff'; readonly listId: string }
  /** A published list reproduced from the log (its models could not give it back). */
  | { readonly kind: 'published-text'; readonly listId: string }
  /** What changed since a FESA list was published, folded from the log (its models could not answer). */
  | { readonly kind: 'since-published'; readonly listId: string }
  /** A FESA list as known now from the live projection of the thread that runs the job (no model to read it from). */
  | { readonly kind: 'fesa-list'; readonly ruleSet: string; readonly asOf: string; readonly format: ListFormat; readonly activeYears: number }
  /** A FESA list as known at an auditor's `known-at`, folded from the log. */
  | { readonly kind: 'fesa-list-known-at'; readonly ruleSet: string; readonly asOf: string; readonly format: ListFormat; readonly activeYears: number; readonly knownAt: string }
  /** A FESA list's rows as known now (the list page), from the live projection of the thread that runs the job. */
  | { readonly kind: 'fesa-list-rows'; readonly ruleSet: string; readonly asOf: string }
  /** A player's career (page, JSON) from the live projection with the tournaments' reports (no careers model). */
  | { readonly kind: 'career'; readonly ruleSet: string; readonly playerId: string }
  /** A player's explanation, of one tournament or all, as `career` folds it. */
  | { readonly kind: 'explanation'; readonly ruleSet: string; readonly playerId: string; readonly tournamentId?: string }
  /** A FESA tournament's cross table (page, JSON, the program's file), with the names of `named` (its games' players). */
  | { readonly kind: 'crosstable'; readonly ruleSet: string; readonly tournamentId: string; readonly named: readonly string[] }
  /** Two FESA rule sets side by side, from the live projections of both (no list models to compare). */
  | { readonly kind: 'rule-set-pair'; readonly a: string; readonly b: string; readonly asOf: string }
  /** Two rule sets not both FESA side by side (`ledger diff --rules A --rules B`), from the whole log. */
  | { readonly kind: 'side-by-side'; readonly a: string; readonly b: string; readonly asOf: string }
  /** A tournament with every tournament of the ledger rated under a rule set asked for (`tournament show T --rules S`), from the whole log. */
  | { readonly kind: 'tournament-under'; readonly tournamentId: string; readonly ruleSet: string }
  /** A published list's rows (its page), reproduced from the log as known when it was published. */
  | { readonly kind: 'published-rows'; readonly listId: string }
  /** A published list's bulletin: both lists as they were published and the corrections between them. */
  | { readonly kind: 'bulletin'; readonly listId: string }
  /** An organiser's files checked as their import would check them: what approving them would change (nothing recorded). */
  | { readonly kind: 'submission-check'; readonly submission: SubmissionInput }
  /** What approving a pending submission would change now. */
  | { readonly kind: 'submission-preview'; readonly submissionId: string }
  /**
   * A submission approved: its files imported with the approval in one append (whole or nothing), which takes turns
   * with the server's writes where it runs (catch-up-worker.ts); null when the approval was decided alone.
   */
  | { readonly kind: 'submission-approve'; readonly decision: SubmissionDecision };

/** A cross table as the pages and the JSON read it, in plain values (the fold it came from stays where it ran). */
export interface PlainCrosstable {
  /** The sentence saying why there is none when the tournament is not rated under FESA. */
  readonly crosstable: FesaCrosstable | string;
  readonly ruleSetUsed: string | null;
  /** The ledger's id of each row's player (by row number − 1), null where the fold cannot tell. */
  readonly rowIds: readonly (string | null)[];
  readonly names: readonly (readonly [string, string])[];
  readonly position: number;
}

/** `SideBySide` as it crosses the threads: its reasons as pairs. */
export type PlainSideBySide = Omit<SideBySide, 'why'> & { readonly why: readonly (readonly [string, readonly string[]])[] };

export interface FoldAnswers {
  readonly 'rule-set-list': RuleSetList;
  readonly 'rule-set-diff': RuleSetListDiff;
  readonly 'published-text': { readonly event: RatingListPublished; readonly text: string };
  readonly 'since-published': PlainDiff;
  readonly 'rule-set-careers': RuleSetCareer[];
  readonly 'rule-set-explanation': E.Either<string, GenericExplanation['data']>;
  readonly 'fesa-list': { readonly text: string; readonly position: number };
  readonly 'fesa-list-known-at': { readonly text: string };
  readonly 'fesa-list-rows': { readonly rows: readonly ListRow[]; readonly position: number };
  readonly career: { readonly career: E.Either<string, PlayerCareer>; readonly position: number };
  readonly explanation: { readonly explanation: E.Either<string, PlayerExplanation>; readonly position: number };
  readonly crosstable: PlainCrosstable;
  readonly 'rule-set-pair': PlainDiff;
  readonly 'side-by-side': PlainSideBySide;
  readonly 'tournament-under': TournamentUnderRuleSet | null;
  readonly 'published-rows': PublishedRows;
  readonly bulletin: Bulletin;
  readonly 'submission-check': SubmissionPreview;
  readonly 'submission-preview': SubmissionReview;
  readonly 'submission-approve': SubmissionImport | null;
}
export type FoldAnswer<J extends FoldJob> = FoldAnswers[J['kind']];

/** A refusal of the ledger as it crosses from the worker (a structured clone keeps no class). */
export interface PlainFailure {
  readonly kind: FailureKind;
  readonly message: string;
  readonly detail: LedgerFailure['detail'];
}
export const plainFailure = (e: LedgerFailure): PlainFailure => ({ kind: e.kind, message: e.message, detail: e.detail });
export const failureOf = (f: PlainFailure): LedgerFailure => new LedgerFailure(f.kind, f.message, f.detail);

/** Jobs run on this thread (an instrument: a server's tests hold that none runs on its answering thread). */
export const foldJobs = { here: 0, asked: 0 };

/**
 * Answers fold jobs from one ledger on this thread; the FESA lists from `live`, the projections this thread holds. The
 * ledger's appends must take turns with the other thread's writes (a submission's approval appends).
 */
export const foldJobRunner = (ledger: Ledger, live: () => LiveProjections, saved?: CheckpointStorage): FoldJobs => {
  const playerRuns = new PlayerRuns();
  const submissions = new Submissions(ledger, SUBMISSION_READERS, saved);
  const careers = new RuleSetCareersFold(ledger.store, saved);
  return async <J extends FoldJob>(job: J): Promise<FoldAnswer<J>> => {
    foldJobs.here++;
    return (await answer(ledger.store, live, { playerRuns, submissions, careers, saved }, job)) as FoldAnswer<J>;
  };
};

/** The jobs that leave a live projection on the thread that ran them (kept there: the next one reads only new facts). */
export const holdsProjection = (job: FoldJob): boolean =>
  ['fesa-list', 'fesa-list-rows', 'career', 'explanation', 'crosstable', 'rule-set-pair', 'rule-set-careers', 'rule-set-explanation'].includes(job.kind);

/**
 * The server's fold jobs: on `worker` when it has one (`ledger serve`), else on this thread (whose writes then need no
 * turns: only a worker's saves compete with them).
 */
export const serverFoldJobs = (ledger: Ledger, live: LiveProjections, worker: ModelCatchUp | undefined): FoldJobs => {
  const here = foldJobRunner(ledger, () => live);
  return (job) => {
    foldJobs.asked++;
    return worker !== undefined ? worker.fold(job) : here(job);
  };
};

/** What a thread keeps between jobs besides its live projections. */
interface Kept {
  readonly playerRuns: PlayerRuns;
  readonly submissions: Submissions;
  readonly careers: RuleSetCareersFold;
  readonly saved: CheckpointStorage | undefined;
}

const answer = async (store: EventStore, live: () => LiveProjections, { playerRuns, submissions, careers, saved }: Kept, job: FoldJob): Promise<FoldAnswers[FoldJob['kind']]> => {
  switch (job.kind) {
    case 'rule-set-careers':
      return careers.of(job);
    case 'rule-set-explanation':
      return careers.explanationOf(job);
    case 'rule-set-list': {
      const options = { asOf: job.asOf, activeYears: job.activeYears };
      // the list at the head from the saved model the CLI reads too (caught up, or folded again from its cut, there)
      const modelled = 'position' in job.upTo && saved !== undefined && job.upTo.position === (await store.headPosition()) ? await readRuleSetListModel(store, saved, job.ruleSet, options) : undefined;
      if (modelled !== undefined) return modelled;
      if ('position' in job.upTo) return ruleSetList(await loadFacts(store, { position: job.upTo.position }), job.ruleSet, options);
      const known = await factsKnownAt(store, job.upTo.knownAt, 'known-at');
      return ruleSetList(known.facts, job.ruleSet, { ...options, ...(known.knownAt !== undefined ? { knownAt: known.knownAt } : {}) });
    }
    case 'rule-set-diff':
      return publishedRuleSetDiff(LIST_PRINTER, await loadFacts(store), job.listId);
    case 'published-text': {
      // the fact and the bytes alone: the fold it came with does not cross threads
      const { event, text } = reproducePublishedText(LIST_PRINTER, await loadFacts(store), job.listId);
      return { event, text };
    }
    case 'since-published': {
      // an unknown list is a LedgerFailure 'not-found', one that cannot be reproduced 'unreproducible' (problems.ts)
      const pair = publishedAndNow(LIST_PRINTER, await loadFacts(store), job.listId);
      const diff = diffFolds(pair.before, pair.after);
      return { labels: pair.labels, diff, names: named(diff, nameOfPlayer(pair.after.names)), position: await store.headPosition() };
    }
    case 'fesa-list': {
      const projection = await live().caughtUp(job.ruleSet, 'none');
      const at = projection.asOf(job.asOf);
      if (at._tag === 'Left') throw unratable(at.left);
      return { text: renderList(LIST_PRINTER, at.right, job.asOf, job.format, job.activeYears), position: projection.position };
    }
    case 'fesa-list-known-at': {
      const known = await factsKnownAt(store, job.knownAt, 'known-at');
      const fold = foldOrThrow(known.facts, { ruleSet: job.ruleSet, asOf: job.asOf, runs: 'none', knownAt: known.knownAt });
      return { text: renderList(LIST_PRINTER, fold, job.asOf, job.format, job.activeYears) };
    }
    case 'fesa-list-rows': {
      const projection = await live().caughtUp(job.ruleSet, 'none');
      return { rows: listRows(foldOf(projection.asOf(job.asOf)), job.asOf, 2), position: projection.position };
    }
    case 'career': {
      const projection = await live().caughtUp(job.ruleSet, 'reports');
      const fold = playerRuns.of(projection, foldOf(projection.current()), job.playerId);
      return { career: playerCareer(fold, job.playerId), position: projection.position };
    }
    case 'explanation': {
      const projection = await live().caughtUp(job.ruleSet, 'reports');
      const fold = playerRuns.of(projection, foldOf(projection.current()), job.playerId, job.tournamentId);
      return { explanation: explainPlayer(fold, job.playerId, job.tournamentId), position: projection.position };
    }
    case 'crosstable':
      return plainCrosstable(await live().caughtUp(job.ruleSet, 'reports'), job.tournamentId, job.named);
    case 'rule-set-pair': {
      const before = await live().caughtUp(job.a, 'reports');
      const after = await live().caughtUp(job.b, 'reports');
      const [a, b] = [foldOf(before.asOf(job.asOf)), foldOf(after.asOf(job.asOf))];
      const diff = diffFolds(a, b);
      return { labels: [job.a, job.b], diff, names: named(diff, nameOfPlayer(b.names)), position: Math.min(before.position, after.position) };
    }
    case 'side-by-side': {
      const compared = sideBySideOf(await loadFacts(store), job.a, job.b, job.asOf);
      return { ...compared, why: [...compared.why] };
    }
    case 'tournament-under':
      return tournamentUnderRuleSet(await loadFacts(store), job.tournamentId, job.ruleSet) ?? null;
    case 'published-rows':
      return publishedRows(LIST_PRINTER, await loadFacts(store), job.listId);
    case 'bulletin':
      return bulletin(LIST_PRINTER, await loadFacts(store), job.listId);
    case 'submission-check':
      return submissions.check(job.submission);
    case 'submission-preview':
      // a preview the ledger now refuses is shown as the refusal, not failed (previewOrRefusal)
      return previewOrRefusal(submissions.preview(job.submissionId));
    case 'submission-approve':
      return (await submissions.approve(job.decision)) ?? null;
  }
};

const plainCrosstable = (projection: FesaProjection, tournamentId: string, ids: readonly string[]): PlainCrosstable => {
  const folded = projection.current();
  if (E.isLeft(folded)) throw unratable(folded.left);
  const fold = folded.right;
  const facts = projection.facts.tournaments.get(tournamentId);
  let crosstable: FesaCrosstable | string;
  try {
    if (!facts) throw new UnknownTournamentError(`tournament "${tournamentId}" is not in the rating fold`);
    crosstable = crosstableOf(facts, fold, tournamentId);
  } catch (e) {
    if (!(e instanceof UnknownTournamentError)) throw e;
    crosstable = e.message;
  }
  const run = fold.runs.find((r) => r.tournamentId === tournamentId);
  const rowIds = typeof crosstable === 'string' ? [] : crosstable.rows.map((row) => fold.playerIdOf(row) ?? run?.players[row.nr - 1] ?? null);
  const nameOf = nameIn(fold);
  const names = [...new Set([...ids, ...rowIds.filter((id): id is string => id !== null)])].map((id) => [id, nameOf(id)] as const);
  return { crosstable, ruleSetUsed: run?.ruleSet ?? null, rowIds, names, position: projection.position };
};

/** Where the server's fold jobs run: its worker thread when it has one, else its own. */
export type FoldJobs = <J extends FoldJob>(job: J) => Promise<FoldAnswer<J>>;
