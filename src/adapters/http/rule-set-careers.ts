/**
 * A player's careers under the non-FESA rule sets (his page, `GET /players/:id`) as a fold job (fold-jobs.ts): under
 * `ledger serve` on the worker thread, so that a fold of the non-FESA slice — seconds on a mixed million-game ledger —
 * never holds the thread that answers `/health` and the other pages. From the saved careers model (SQLite,
 * PostgreSQL) when it reflects the log's head, or is moved forward to it over facts no career reads, or spliced from
 * its cut after a write that touches only what is dated from the cut on (a late result of a recent tournament: two
 * seasons folded again, not the whole slice); else from the fold of the slice at the position asked, kept until the
 * log moves (every page of that head reads it once).
 */
import type { PlayerRegistered } from '../../../domain/events';
import * as E from 'fp-ts/Either';
import { explainedUnder, explanationData, nothingExplained, type GenericExplanation } from '../../../projections/generic/explain';
import { foldGeneric } from '../../../projections/generic/history';
import type { GenericRuleSetId } from '../../../projections/generic/systems';
import { careersOfStandings, ruleSetCareers, type RuleSetCareer } from '../../app/career-rule-sets';
import { LedgerFailure, unratable } from '../../app/failure';
import type { CheckpointStorage } from '../../app/ports/checkpoint-storage';
import type { EventStore } from '../../app/ports/event-store';
import { ratedCareersSlice, ratedIndexNow, type RatedTournamentIndex, type RatedTournamentSlice } from '../../app/rated-tournament';
import { servedRuleSetCareerAtHead } from '../../app/rule-set-career-model';
import { ruleSetList, type RuleSetListRow } from '../../app/rule-set-list';

/** A player's explanation under one rule set, of one tournament or all (`GET /players/:id/explain?rules=fide`). */
export interface RuleSetExplanationJob {
  readonly playerId: string;
  readonly position: number;
  readonly ruleSet: GenericRuleSetId;
  readonly tournamentId?: string;
}

export interface RuleSetCareersJob {
  readonly playerId: string;
  /** The log position the reader caught up to: the answer reflects it or a later one. */
  readonly position: number;
  /** His registration as the reader's directory knows it (a player with an opening balance alone is not in the slice). */
  readonly registration: PlayerRegistered | undefined;
}

const END_OF_TIME = '9999-12-31';

/** How many careers folds this thread made (an instrument: a server's tests hold that none is made on its answering thread). */
export const careersFolds = { here: 0 };

export class RuleSetCareersFold {
  /** The fold of the whole timeline at a position, and the slice it folded (without saved models). */
  private kept?: {
    readonly position: number;
    readonly folded: Promise<RatedTournamentSlice & { fold: ReturnType<typeof foldGeneric> }>;
    /** Each rule set's list at the end of the timeline by player id, read when a page first asks for it. */
    readonly lists: Map<GenericRuleSetId, ReadonlyMap<string, RuleSetListRow>>;
  };
  private index?: RatedTournamentIndex;

  constructor(
    private readonly store: EventStore,
    private readonly saved?: CheckpointStorage,
  ) {}

  async of({ playerId, position, registration }: RuleSetCareersJob): Promise<RuleSetCareer[]> {
    const saved = this.saved && (await servedRuleSetCareerAtHead(this.store, this.saved, playerId));
    if (saved !== undefined) return careersOfStandings(saved.career, saved.standings);
    const { listOf, facts, state, fold } = await this.foldedAt(position);
    const players = new Map(registration === undefined ? [] : [[playerId, { registration, priorGrades: [], awardedGrades: new Set<string>() }]]);
    return ruleSetCareers(facts, { ...state, players }, playerId, fold, (ruleSet) => listOf(ruleSet).get(playerId));
  }

  /**
   * A player's explanation under `ruleSet` (of `tournamentId` alone when given), as `ledger explain --rules` gives it:
   * from the saved careers model when it reflects the head, else from the fold at `position`. Left: he has no game of
   * that tournament rated under it.
   */
  async explanationOf({ playerId, position, ruleSet, tournamentId }: RuleSetExplanationJob): Promise<E.Either<string, GenericExplanation['data']>> {
    const saved = this.saved && (await servedRuleSetCareerAtHead(this.store, this.saved, playerId));
    if (saved?.failure !== undefined) throw unratable(saved.failure);
    let all = saved?.explanation;
    if (all === undefined) {
      const { fold } = await this.foldedAt(position);
      if (E.isLeft(fold)) throw unratable(fold.left);
      all = fold.right.players.has(playerId) ? explanationData(fold.right, playerId) : nothingExplained(playerId);
    }
    return E.map((e: GenericExplanation) => e.data)(explainedUnder(all, ruleSet, tournamentId));
  }

  /** The fold of the timeline at `position` (kept until the log moves) and each rule set's list from it. */
  private async foldedAt(position: number) {
    if (this.kept?.position !== position) {
      careersFolds.here++;
      const folded = ratedIndexNow(this.store, undefined, position, this.index).then(async (index) => {
        this.index = index;
        const { facts, state } = await ratedCareersSlice(this.store, { upTo: position, index });
        return { facts, state, fold: foldGeneric(facts) };
      });
      this.kept = { position, folded, lists: new Map() };
      // a read that failed is not kept: the next request reads again
      folded.catch(() => (this.kept?.folded === folded ? (this.kept = undefined) : undefined));
    }
    const { lists, folded } = this.kept;
    const { facts, state, fold } = await folded;
    const listOf = (ruleSet: GenericRuleSetId): ReadonlyMap<string, RuleSetListRow> => {
      let rows = lists.get(ruleSet);
      if (rows === undefined) {
        try {
          rows = new Map(ruleSetList(facts, ruleSet, { asOf: END_OF_TIME }).players.map((r) => [r.id, r]));
        } catch (e) {
          // a fold the rule set refuses: the page shows his ratings without the list's grade
          if (!(e instanceof LedgerFailure)) throw e;
          rows = new Map();
        }
        lists.set(ruleSet, rows);
      }
      return rows;
    };
    return { facts, state, fold, listOf };
  }
}
