/**
 * The reads of the server that no saved read model answers and that fold the whole log (or a FESA projection of it)
 * instead: another rule set's list, what changed since a list published under one, a published list the models cannot
 * give again, a FESA list without a model (EventStoreDB, none saved, a fold that failed). Each is a job with a plain
 * answer, so that `ledger serve` runs it on its worker thread (model-catch-up.ts, catch-up-worker.ts) and the event
 * loop keeps answering `/health` and every page in hand while it folds; a server without a worker (in-process tests,
 * no store setting) runs the same job on its own thread. A refusal of the ledger crosses the threads as its kind,
 * sentence and detail, so that the answer is the same problem wherever the job ran.
 */
import { diffFolds } from '../../../projections/fesa/diff';
import type { GenericRuleSetId } from '../../../projections/generic/systems';
import type { RatingListPublished } from '../../../domain/events';
import { LedgerFailure, unratable, type FailureKind } from '../../app/failure';
import { foldOrThrow, publishedAndNow, renderList, type ListFormat } from '../../app/lists';
import { factsKnownAt, loadFacts } from '../../app/load';
import type { EventStore } from '../../app/ports/event-store';
import { ruleSetList, type RuleSetList } from '../../app/rule-set-list';
import { publishedRuleSetDiff, reproducePublishedText, type RuleSetListDiff } from '../../app/rule-set-publication';
import { LIST_PRINTER } from '../formats/list-printer';
import { named, nameOfPlayer, type PlainDiff } from './diff-models';
import type { LiveProjections } from './live';
import type { ModelCatchUp } from './model-catch-up';

/** Where the facts a list is folded from end: the head read when the request came, or an auditor's `known-at`. */
export type FoldedUpTo = { readonly position: number } | { readonly knownAt: string };

export type FoldJob =
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
  | { readonly kind: 'fesa-list-known-at'; readonly ruleSet: string; readonly asOf: string; readonly format: ListFormat; readonly activeYears: number; readonly knownAt: string };

export interface FoldAnswers {
  readonly 'rule-set-list': RuleSetList;
  readonly 'rule-set-diff': RuleSetListDiff;
  readonly 'published-text': { readonly event: RatingListPublished; readonly text: string };
  readonly 'since-published': PlainDiff;
  readonly 'fesa-list': { readonly text: string; readonly position: number };
  readonly 'fesa-list-known-at': { readonly text: string };
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

/** Answers fold jobs from one store on this thread; the FESA lists from `live`, the projections this thread holds. */
export const foldJobRunner =
  (store: EventStore, live: () => LiveProjections): FoldJobs =>
  async <J extends FoldJob>(job: J): Promise<FoldAnswer<J>> => {
    foldJobs.here++;
    return (await answer(store, live, job)) as FoldAnswer<J>;
  };

/** The server's fold jobs: on `worker` when it has one (`ledger serve`), else on this thread. */
export const serverFoldJobs = (store: EventStore, live: LiveProjections, worker: ModelCatchUp | undefined): FoldJobs => {
  const here = foldJobRunner(store, () => live);
  return (job) => {
    foldJobs.asked++;
    return worker !== undefined ? worker.fold(job) : here(job);
  };
};

const answer = async (store: EventStore, live: () => LiveProjections, job: FoldJob): Promise<FoldAnswers[FoldJob['kind']]> => {
  switch (job.kind) {
    case 'rule-set-list': {
      const options = { asOf: job.asOf, activeYears: job.activeYears };
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
  }
};

/** Where the server's fold jobs run: its worker thread when it has one, else its own. */
export type FoldJobs = <J extends FoldJob>(job: J) => Promise<FoldAnswer<J>>;
