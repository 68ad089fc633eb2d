/**
 * What a write changes: per tournament and player the rating (and grade, where the rule set has grades) before and
 * after it, under the rule set each tournament is rated with, and which later officer facts (a reconcile's pin, an
 * adjustment) set the rating anew so that the change does not reach the lists after them. Every recording adapter
 * (the CLI's write commands, `POST /commands`) answers with it, and `--dry-run` shows it without recording.
 */
import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { streamsReadBy, type StreamsRead } from '../../domain/commands/reads';
import type { LedgerState } from '../../domain/commands/state';
import type { DomainEvent, LoggedEvent } from '../../domain/events';
import { diffFolds, diffIdOf, gradeText, runChanges, type ListChange } from '../../projections/fesa/diff';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { AS_ADOPTED, nameKey, type FesaFold, type TournamentRun } from '../../projections/fesa/history';
import { foldFesaFast } from '../../projections/fesa/incremental';
import { foldGeneric, type GenericFold } from '../../projections/generic/history';
import type { GenericRuleSetId } from '../../projections/generic/systems';
import type { Draft, ExecuteResult, Ledger } from './ledger';
import { loadFacts } from './load';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import { listNamesKnownAt } from './rule-set-list';
import { decidedAfter, savedRatings, type SavedRatings } from './saved-ratings';
import type { ComparedProjection } from './checkpoint';
import { carryCheckpointForward, saveCompared } from './checkpoint-carry';
import { LIST_MODEL_FORMAT } from './list-model';
import { changesNoRating } from './neutral-facts';
import { isGenericRuleSet } from '../../projections/generic/systems';

export interface RatingAndGrade {
  readonly rating: number | null;
  /** Absent where the rule set has no grades; null for a player without one (as list JSON says it). */
  readonly grade?: string | null;
}

/** A rating with its grade where the rule set has one, as the CLI's and the pages' tables show it; `none` for no rating. */
export const ratingAndGradeText = (r: RatingAndGrade, none: string): string =>
  r.rating === null ? none : r.grade === undefined || r.grade === null || r.grade === '-' ? String(r.rating) : `${r.rating} ${r.grade}`;

/** A player of today's FESA list whose rating or grade differ; a grade is null where he has none (as list JSON says it). */
export interface ListedChange {
  readonly playerId: string;
  readonly oldRating: number | null;
  readonly newRating: number | null;
  readonly oldGrade: string | null;
  readonly newGrade: string | null;
}

/**
 * A later officer fact that sets the player's rating anew: the change stops at it. An opening balance under a non-FESA
 * rule set is one too: a game dated before it is rated, and the balance's record then stands for the player from its date.
 */
export interface Override {
  readonly position: number;
  readonly kind: 'ListReconciled' | 'RatingAdjusted' | 'OpeningBalanceImported';
  readonly date: string;
  readonly reason: string;
}

export interface Consequence {
  readonly tournament: string;
  readonly date: string;
  readonly player: string;
  readonly name: string;
  readonly ruleSet: string;
  readonly before: RatingAndGrade;
  readonly after: RatingAndGrade;
  /** The first later fact that sets this player's rating anew (the change does not reach the lists after it). */
  readonly overriddenBy?: Override;
}

export interface Consequences {
  readonly changes: readonly Consequence[];
  /** The FESA list of today: the players whose rating or grade differ. */
  readonly list: readonly ListedChange[];
  /** Why the ratings could not be compared (a fold the facts before or after cannot make); the write stands. */
  readonly unavailable?: string;
}

/** The folds a comparison reads: FESA's under the rule set in force, the other rule sets' as recorded. */
export interface LedgerRatings {
  readonly facts: readonly LoggedEvent[];
  readonly fesa: E.Either<string, FesaFold>;
  readonly generic: E.Either<string, GenericFold>;
}

export const ledgerRatings = (facts: readonly LoggedEvent[]): LedgerRatings => ({
  facts,
  fesa: E.mapLeft((e: { message: string }) => e.message)(foldFesaFast(facts, { runs: 'changes' })),
  generic: foldGeneric(facts),
});

/** The log as it would be with the decided events appended (positions after the head, recorded now). */
export const withDecided = (facts: readonly LoggedEvent[], events: readonly DomainEvent[]): LoggedEvent[] =>
  [...facts, ...decidedAfter(facts.length === 0 ? 0 : facts[facts.length - 1]!.globalPosition, events)];

const byTournamentThenPlayer = (a: Consequence, b: Consequence): number =>
  a.date.localeCompare(b.date) || a.tournament.localeCompare(b.tournament) || a.player.localeCompare(b.player);

const ratedAs = (p: FesaPlayer): RatingAndGrade => ({ rating: p.eloNumber, grade: gradeText(p) });

/** A FESA run's participants by the id a diff names them by: what the list holds of them before and after it. */
const participantsOf = (fold: FesaFold, run: TournamentRun): Map<string, { prior: RatingAndGrade; rated: RatingAndGrade }> => {
  const playing = new Set(run.report.players.map((p) => nameKey(p)));
  const prior = (p: FesaPlayer): RatingAndGrade => {
    const was = run.before.get(nameKey(p));
    // a newcomer's first record holds rating 0 (the program's "unrated"): he had none before
    return was === undefined || was.eloNumber === 0 ? { rating: null } : ratedAs(was);
  };
  return new Map(run.after.filter((p) => playing.has(nameKey(p))).map((p) => [diffIdOf(fold, p), { prior: prior(p), rated: ratedAs(p) }]));
};

const fesaChanges = (before: FesaFold, after: FesaFold, nameOf: (id: string) => string): Consequence[] => {
  const beforeRuns = new Map(before.runs.map((r) => [r.tournamentId, r]));
  const changes: Consequence[] = [];
  for (const run of after.runs) {
    const old = beforeRuns.get(run.tournamentId);
    const was = old === undefined ? undefined : participantsOf(before, old);
    const now = participantsOf(after, run);
    for (const [player, { prior, rated }] of now) {
      // a tournament rated for the first time (its closure) starts from each player's rating before it
      const from = was === undefined ? prior : (was.get(player)?.rated ?? { rating: null });
      if (from.rating !== rated.rating || from.grade !== rated.grade) {
        changes.push({ tournament: run.tournamentId, date: run.date, player, name: nameOf(player), ruleSet: run.ruleSet, before: from, after: rated });
      }
    }
    // an id that no longer plays in it (merged into another): his rating there is gone
    for (const [player, { rated }] of was ?? []) if (!now.has(player)) changes.push({ tournament: run.tournamentId, date: run.date, player, name: nameOf(player), ruleSet: run.ruleSet, before: rated, after: { rating: null } });
  }
  // tournaments no longer rated (their closure withdrawn): diffFolds names their players
  for (const r of runChanges(before, after)) {
    if (r.newRating === null) changes.push({ tournament: r.tournamentId, date: r.date, player: r.playerId, name: nameOf(r.playerId), ruleSet: beforeRuns.get(r.tournamentId)?.ruleSet ?? '-', before: { rating: r.oldRating }, after: { rating: null } });
  }
  return changes;
};

/** A non-FESA run's players' ratings and grades after it, through the rule set it was rated with. */
const genericRatings = (fold: GenericFold, states: Readonly<Record<string, unknown>>, ruleSet: string): Map<string, RatingAndGrade> => {
  const system = fold.registry.get(ruleSet)!;
  return new Map(Object.entries(states).map(([player, state]) => [player, { rating: system.rating(state), ...(system.grades !== undefined ? { grade: system.grades.of(state) ?? '-' } : {}) }]));
};

const genericChanges = (before: GenericFold, after: GenericFold, nameOf: (id: string) => string): Consequence[] => {
  const beforeRuns = new Map(before.runs.map((r) => [r.tournamentId, r]));
  const changes: Consequence[] = [];
  for (const run of after.runs) {
    const old = beforeRuns.get(run.tournamentId);
    const was = old === undefined ? genericRatings(after, run.before, run.ruleSet) : genericRatings(before, old.after, old.ruleSet);
    for (const [player, rated] of genericRatings(after, run.after, run.ruleSet)) {
      const from = was.get(player) ?? { rating: null };
      if (from.rating !== rated.rating || from.grade !== rated.grade || old?.ruleSet !== undefined && old.ruleSet !== run.ruleSet) {
        changes.push({ tournament: run.tournamentId, date: run.date, player, name: nameOf(player), ruleSet: run.ruleSet, before: from, after: rated });
      }
    }
  }
  return changes;
};

const ratedUnder = (fold: GenericFold, ruleSet: GenericRuleSetId, player: string): RatingAndGrade => {
  const state = fold.states.get(ruleSet)?.get(player);
  return state === undefined ? { rating: null } : genericRatings(fold, { [player]: state }, ruleSet).get(player)!;
};

/**
 * The players a new officer fact (an opening balance, an adjustment, a grade award) changes without any tournament
 * rated anew: their list rating under its rule set before and after, named by the fact's date (tournament "-"), so
 * that a balance for a player who has not played yet is not answered with "nothing changed".
 */
const officerFactChanges = (before: GenericFold, after: GenericFold, inRuns: readonly Consequence[], nameOf: (id: string) => string): Consequence[] => {
  const known = new Set(before.officerFacts.map((f) => f.event.eventId));
  const seen = new Set(inRuns.map((c) => `${c.ruleSet}\u0000${c.player}`));
  const changes: Consequence[] = [];
  for (const fact of after.officerFacts.filter((f) => !known.has(f.event.eventId))) {
    for (const player of fact.playerIds) {
      if (seen.has(`${fact.ruleSet}\u0000${player}`)) continue;
      seen.add(`${fact.ruleSet}\u0000${player}`);
      const [from, to] = [ratedUnder(before, fact.ruleSet, player), ratedUnder(after, fact.ruleSet, player)];
      // no state and a state without a grade read alike: a fact that gives neither a rating nor a grade changes nothing
      if (from.rating !== to.rating || (from.grade ?? '-') !== (to.grade ?? '-')) changes.push({ tournament: '-', date: fact.date, player, name: nameOf(player), ruleSet: fact.ruleSet, before: from, after: to });
    }
  }
  return changes;
};

/**
 * The FESA ratings a new reconcile pins (fesa import --reconcile): from each pinned player's rating after his last
 * tournament before it to the pinned one, named by the reconcile's date (tournament "-"), so that the officer sees the
 * file's list overriding the ledger's before the tournaments that follow it.
 */
const fesaPinChanges = (before: FesaFold, after: FesaFold, nameOf: (id: string) => string): Consequence[] => {
  const known = new Set(before.officerFacts.map((f) => f.event.eventId));
  const changes: Consequence[] = [];
  for (const { event } of after.officerFacts) {
    if (event.type !== 'ListReconciled' || known.has(event.eventId)) continue;
    for (const pin of event.pins) {
      const pinned = pin.fields['eloNumber'];
      if (typeof pinned !== 'number') continue;
      const player = after.survivorOf(pin.playerId);
      const last = after.runs.filter((r) => r.date < event.validDate).flatMap((run) => run.after.filter((p) => diffIdOf(after, p) === player).map((record) => ({ run, record }))).at(-1);
      const from = last === undefined ? null : last.record.eloNumber;
      if (from !== pinned) changes.push({ tournament: '-', date: event.validDate, player, name: nameOf(player), ruleSet: last?.run.ruleSet ?? 'fesa', before: { rating: from }, after: { rating: pinned } });
    }
  }
  return changes;
};

/** An officer fact that sets a rating anew, and the rule set whose list it sets it on. */
interface Setter {
  readonly override: Override;
  readonly ruleSet: string;
}

/**
 * Whether an officer fact under `setter` sets the rating a change under `changed` made: the same rule set, or two
 * FESA ones (a reconcile pins the FESA list, whichever of its rule sets folds it).
 */
const setsTheSameList = (setter: string, changed: string): boolean => setter === changed || (!isGenericRuleSet(setter) && !isGenericRuleSet(changed));

/** The officer facts that set ratings anew, per player: a reconcile's pin of the FESA rating, an adjustment under its rule set. */
const ratingSetters = (ratings: LedgerRatings): Map<string, Setter[]> => {
  const positions = new Map(ratings.facts.map((f) => [f.event.eventId, f.globalPosition]));
  const setters = new Map<string, Setter[]>();
  const add = (player: string, event: DomainEvent & { reason: string }, kind: Override['kind'], ruleSet: string) => {
    const list = setters.get(player) ?? [];
    list.push({ override: { position: positions.get(event.eventId) ?? 0, kind, date: event.validDate, reason: event.reason }, ruleSet });
    setters.set(player, list);
  };
  const officerFacts = [...(E.isRight(ratings.fesa) ? ratings.fesa.right.officerFacts : []), ...(E.isRight(ratings.generic) ? ratings.generic.right.officerFacts : [])];
  for (const fact of officerFacts) {
    const event = fact.event;
    if (event.type === 'ListReconciled') {
      for (const pin of event.pins) if ('eloNumber' in pin.fields) add(E.isRight(ratings.fesa) ? ratings.fesa.right.survivorOf(pin.playerId) : pin.playerId, event, 'ListReconciled', 'fesa');
    } else if (event.type === 'RatingAdjusted') for (const player of fact.playerIds) add(player, event, 'RatingAdjusted', event.ruleSet);
    else if (event.type === 'OpeningBalanceImported') for (const player of fact.playerIds) add(player, { ...event, reason: event.reason ?? event.source }, 'OpeningBalanceImported', event.ruleSet);
  }
  return setters;
};

/**
 * What a comparison from the saved state (saved-ratings.ts) knows already, so that it is not made again from every
 * player of the list: the FESA list's changes (compared on the slots the re-folds wrote) and the players' names (the
 * projection's). Each is what `consequences` would make of `before` and `after` itself.
 */
export interface SavedComparison {
  readonly fesaList?: readonly ListChange[];
  readonly nameOf?: (playerId: string) => string;
}

/**
 * What changed between the ratings before a write and after it. The officer facts are the later ones' (`after`):
 * a change is overridden by the first that sets the player's rating on a later date (on its own date an officer
 * fact comes before the tournaments, so it does not override them).
 */
export const consequences = (before: LedgerRatings, after: LedgerRatings, known: SavedComparison = {}): Consequences => {
  if (E.isLeft(before.fesa) || E.isLeft(after.fesa) || E.isLeft(before.generic) || E.isLeft(after.generic)) {
    const why = [before.fesa, after.fesa, before.generic, after.generic].flatMap((f) => (E.isLeft(f) ? [f.left] : []));
    return { changes: [], list: [], unavailable: why[0]! };
  }
  const [fesaBefore, fesaAfter, genericBefore, genericAfter] = [before.fesa.right, after.fesa.right, before.generic.right, after.generic.right];
  const nameOf = known.nameOf ?? listNamesKnownAt(after.facts);
  const setters = ratingSetters(after);
  const inRuns = [...fesaChanges(fesaBefore, fesaAfter, nameOf), ...genericChanges(genericBefore, genericAfter, nameOf)];
  const changes = [...inRuns, ...fesaPinChanges(fesaBefore, fesaAfter, nameOf), ...officerFactChanges(genericBefore, genericAfter, inRuns, nameOf)].sort(byTournamentThenPlayer).map((c) => {
    const overriddenBy = (setters.get(c.player) ?? [])
      .filter((s) => s.override.date > c.date && setsTheSameList(s.ruleSet, c.ruleSet))
      .map((s) => s.override)
      .sort((a, b) => a.date.localeCompare(b.date) || a.position - b.position)[0];
    return overriddenBy === undefined ? c : { ...c, overriddenBy };
  });
  return { changes: changes.map((c) => ({ ...c, before: gradeOrNull(c.before), after: gradeOrNull(c.after) })), list: listed(known.fesaList ?? diffFolds(fesaBefore, fesaAfter).list) };
};

/** The texts' "-" (no grade) as list JSON has it: null. */
const NO_GRADE = '-';
const gradeOrNull = (r: RatingAndGrade): RatingAndGrade => (r.grade === NO_GRADE ? { ...r, grade: null } : r);

/**
 * The list's changes as `list` shows the list: without players rated 0 on both sides (registered, never played),
 * whom it leaves out; a missing grade null.
 */
const listed = (list: readonly ListChange[]): ListedChange[] =>
  list
    .filter((c) => !((c.oldRating ?? 0) === 0 && (c.newRating ?? 0) === 0))
    .map((c) => ({ ...c, oldGrade: c.oldGrade === NO_GRADE ? null : c.oldGrade, newGrade: c.newGrade === NO_GRADE ? null : c.newGrade }));

export interface RecordedWithConsequences {
  readonly result: ExecuteResult;
  readonly consequences: Consequences;
  readonly dryRun: boolean;
}

const NOTHING: Consequences = { changes: [], list: [] };

/**
 * Whether the decided facts cannot change any rating (a registration, a game of a tournament not yet closed in the
 * state they were decided on, reported, corrected or withdrawn — deciding a game never closes its tournament): their
 * consequences are none without folding the log twice, which keeps the write of a busy server as cheap as before.
 */
export const movesNoRating = (events: readonly DomainEvent[], state: LedgerState): boolean =>
  events.every((e) => changesNoRating(e, (tournamentId) => state.tournaments.get(tournamentId)?.closed !== undefined));

/** What `savedRatings` compares, its changed players named by it where it names them itself (`namesOf`). */
export const consequencesFromSaved = async ({ before, after, known, namesOf }: SavedRatings): Promise<Consequences> => {
  if (namesOf === undefined) return consequences(before, after, known);
  const found = consequences(before, after, { ...known, nameOf: (id) => id });
  // nobody changed: nobody to name (the names model is not read)
  if (found.changes.length === 0) return found;
  const nameOf = await namesOf(new Set(found.changes.map((c) => c.player)));
  return { ...found, changes: found.changes.map((c) => ({ ...c, name: nameOf(c.player) })) };
};

/**
 * What the decided facts change: from the saved checkpoint and the non-FESA slice where `saved` holds them
 * (saved-ratings.ts), else from the whole log folded before and after them.
 */
const consequencesOf = async (ledger: Ledger, events: readonly DomainEvent[], saved: CheckpointStorage | undefined, dryRun: boolean): Promise<{ found: Consequences; wholeFrom?: number; compared?: ComparedProjection }> => {
  // (a dry run appends nothing: the projection it compares is never saved)
  const fromSaved = saved && (await savedRatings(ledger.store, saved, events, undefined, !dryRun));
  if (fromSaved) return { found: await consequencesFromSaved(fromSaved), ...(fromSaved.wholeFrom === undefined ? {} : { wholeFrom: fromSaved.wholeFrom }), ...(fromSaved.compared ? { compared: fromSaved.compared } : {}) };
  // the whole log folded (the saved state could not answer): more than a whole restore, so the checkpoint saved as
  // it is now is carried forward after the append too
  const savedAt = saved && (await saved.listModelPosition(AS_ADOPTED, LIST_MODEL_FORMAT));
  const facts = await loadFacts(ledger.store);
  return { found: consequences(ledgerRatings(facts), ledgerRatings(withDecided(facts, events))), ...(savedAt === undefined ? {} : { wholeFrom: savedAt }) };
};

/** What a write's comparison leaves to save after its append: the checkpoint it restored whole, and the projection it folded. */
interface ToCarry {
  wholeFrom?: number;
  compared?: ComparedProjection;
}

/**
 * After an append (of `events`, up to `appendedAt`) whose comparison restored the whole checkpoint saved at
 * `wholeFrom` (or folded the whole log): the checkpoint saved again, so that the writes after it are restored by
 * player — the projection the comparison folded to the head with these facts where it is the log's
 * (checkpoint-carry.ts `saveCompared`), else caught up from the checkpoint (`carryCheckpointForward`), once the comparison's
 * projection is let go (`carry.compared` is cleared: two projections of the whole ledger are not held at once).
 */
const carriedForward = async (ledger: Ledger, saved: CheckpointStorage | undefined, carry: ToCarry, events: readonly DomainEvent[], appendedAt: number | undefined): Promise<void> => {
  const { wholeFrom, compared } = carry;
  carry.compared = undefined;
  if (saved === undefined || wholeFrom === undefined) return;
  if (compared !== undefined && appendedAt !== undefined && (await saveCompared(ledger.store, saved, compared, events, appendedAt))) return;
  await carryCheckpointForward(ledger.store, saved, wholeFrom);
};

/**
 * Decides one command and, unless `dryRun`, records it, with what it changes (`consequencesOf`; `saved`: the
 * checkpoint storage beside the log, where the CLI has one). An unchanged resubmission changes nothing. `reads`: the
 * streams a command made from the state reads (without them it is decided on the whole state).
 */
export const recordWithConsequences = async (ledger: Ledger, command: Command | ((state: LedgerState) => Command | Promise<Command>), dryRun = false, saved?: CheckpointStorage, reads?: StreamsRead): Promise<RecordedWithConsequences> => {
  let found = NOTHING;
  const carry: ToCarry = {};
  // The state the command is decided on: whether a tournament was closed is read there, since reading the draft's
  // state after the decision would copy the whole ledger state on every write.
  let decidedOn: LedgerState | undefined;
  const onState = async (state: LedgerState): Promise<Command> => {
    decidedOn = state;
    return typeof command === 'function' ? command(state) : command;
  };
  const result = await ledger.execute(onState, {
    dryRun,
    reads: reads ?? (typeof command === 'function' ? undefined : streamsReadBy(command)),
    inspect: async (draft) => {
      if (decidedOn !== undefined && movesNoRating(draft.events, decidedOn)) return;
      let wholeFrom: number | undefined;
      ({ found, wholeFrom, compared: carry.compared } = await consequencesOf(ledger, draft.events, saved, dryRun));
      carry.wholeFrom = wholeFrom;
    },
  });
  if (result.status === 'appended') await carriedForward(ledger, saved, carry, result.events, result.position);
  carry.compared = undefined;
  return { result, consequences: result.status === 'appended' ? found : NOTHING, dryRun };
};

/**
 * One operation of many commands (a CSV file, a tournament file) decided with what it changes, as
 * `recordWithConsequences` does for one command: the log is folded before and after the whole draft, once, and only
 * when some decided fact can move a rating. Under `dryRun` nothing is appended.
 */
export const decideAllWithConsequences = async <T>(ledger: Ledger, build: (draft: Draft) => T | Promise<T>, dryRun = false, saved?: CheckpointStorage, reads?: StreamsRead): Promise<{ value: T; events: readonly DomainEvent[]; position?: number; consequences: Consequences }> => {
  let found = NOTHING;
  let carry: ToCarry = {};
  const decided = await ledger.decideAll(async (draft) => {
    // read before any decision: the draft forks its state at the first one, so this stays the state decided on
    const decidedOn = draft.state;
    const value = await build(draft);
    [found, carry] = [NOTHING, {}];
    if (draft.events.length > 0 && !movesNoRating(draft.events, decidedOn)) ({ found, ...carry } = await consequencesOf(ledger, draft.events, saved, dryRun));
    return value;
  }, { dryRun, reads });
  if (!dryRun && decided.position !== undefined) await carriedForward(ledger, saved, carry, decided.events, decided.position);
  carry.compared = undefined;
  return { ...decided, consequences: found };
};

/** One sentence per overridden change: which fact stops it, so that the officer is not surprised by a later list. */
export const overrideSentences = (c: Consequences): string[] =>
  c.changes.flatMap((x) => {
    const by = x.overriddenBy;
    if (by === undefined) return [];
    if (by.kind === 'OpeningBalanceImported') {
      return [`${x.player}'s change in ${x.tournament} is overridden from ${by.date} by his opening balance under ${x.ruleSet} at position ${by.position} (reason: ${by.reason}): the balance of ${by.date} stands for his record from that date, so later tournaments start from it, not from this change`];
    }
    return [`${x.player}'s change in ${x.tournament} is overridden from ${by.date} by the ${by.kind === 'ListReconciled' ? 'list reconciled' : 'rating adjusted'} at position ${by.position} (reason: ${by.reason})`];
  });
