import * as E from 'fp-ts/Either';
import type { Command } from '../../../domain/commands/decide';
import { RULE_SETS, ruleSystems } from '../../../domain/rules/registry';
import * as pan from '../../../domain/rules/pan-atlantic';
import { FESA_RULE_SETS } from '../../../projections/fesa/history';
import type { LoggedEvent } from '../../../domain/events';
import { foldFesaFast } from '../../../projections/fesa/incremental';
import { foldGeneric, lastPlayedUnder, ratingsOf, type GenericFold } from '../../../projections/generic/history';
import { genericSystem, isGenericRuleSet, type EntryPolicy, type GenericRuleSetId } from '../../../projections/generic/systems';

/**
 * Officer operations of the non-FESA rule systems as ledger facts: each function reads the ratings the ledger holds
 * (a fold of the facts), computes the system's operation with its own pure functions and returns the AdjustRating
 * commands (RatingAdjusted facts with reason, operation and details) for `Ledger.execute`. Nothing here writes.
 */

type AdjustRating = Extract<Command, { kind: 'AdjustRating' }>;
type AdoptRuleSet = Extract<Command, { kind: 'AdoptRuleSet' }>;

export interface OfficerInput {
  readonly facts: readonly LoggedEvent[];
  readonly date: string;
  readonly reason: string;
  readonly actor: string;
  readonly entry?: EntryPolicy;
}

/** The day before a date: an operation dated D uses the ratings at the end of D − 1 (it applies before D's tournaments). */
export const dayBefore = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The same day one year earlier (29 February → 28 February). */
export const yearBefore = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

const checkDate = (date: string, what: string): E.Either<string, string> =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? E.right(date) : E.left(`${what} "${date}" is not a date YYYY-MM-DD`);

const fold = (input: OfficerInput, asOf: string): E.Either<string, GenericFold> => foldGeneric(input.facts, { asOf, entry: input.entry ?? 'system' });

// ---- adoption --------------------------------------------------------------------------------------------------

/**
 * `ledger rules adopt`: from `from` on, tournaments are rated under `ruleSetId` with `options` (checked by the
 * system's own option decoder, so a misspelt option is refused, never silently defaulted).
 */
export const adoptRuleSet = (ruleSetId: string, from: string, options: Readonly<Record<string, unknown>>, actor: string, reason?: string): E.Either<string, AdoptRuleSet> => {
  const date = checkDate(from, '--from');
  if (E.isLeft(date)) return date;
  let version: string;
  if (isGenericRuleSet(ruleSetId)) {
    const checked = genericSystem(ruleSetId).options(options);
    if (E.isLeft(checked)) return E.left(`rule set ${ruleSetId}: ${checked.left.message}`);
    version = ruleSystems.get(ruleSetId)!.version;
  } else if (ruleSetId in FESA_RULE_SETS) {
    if (Object.keys(options).length > 0) return E.left(`rule set ${ruleSetId} takes no options here; got ${Object.keys(options).join(', ')}`);
    version = '1';
  } else {
    return E.left(`unknown rule set "${ruleSetId}"; known: ${RULE_SETS.ids.join(', ')}`);
  }
  return E.right({ kind: 'AdoptRuleSet', validDate: from, actor, ruleSetId, ruleSetVersion: version, options: { ...options }, ...(reason ? { reason } : {}) });
};

// ---- one-time conversions ----------------------------------------------------------------------------------------

export type ConversionRuleSet = GenericRuleSetId;
/** The registry's rule sets that have a one-time conversion. */
export const CONVERSION_RULE_SETS: readonly ConversionRuleSet[] = RULE_SETS.all.filter((r) => r.oneTimeConversion !== undefined).map((r) => r.id);

export interface ConversionRow {
  readonly playerId: string;
  readonly from: number;
  readonly to: number;
}

export interface Conversion {
  readonly ruleSet: ConversionRuleSet;
  readonly source: string;
  readonly rows: readonly ConversionRow[];
  /** One per player whose rating changes (the conversion is the identity for the others). */
  readonly commands: readonly AdjustRating[];
}

/**
 * The one-time conversion of a rule set (US 1997 §5: over 1600 −100, 1400–1600 halfway to 1400; pan-atlantic §5:
 * the piecewise stretch below 1900, floor 1) applied to the ratings at the end of the day before `date`: the rule
 * set's own list, or another list with `source` (pan-atlantic's conversion is meant for the European — FESA —
 * ratings: `source: 'fesa'`).
 */
export const oneTimeConversion = (input: OfficerInput & { readonly ruleSet: ConversionRuleSet; readonly source?: string }): E.Either<string, Conversion> => {
  const date = checkDate(input.date, '--date');
  if (E.isLeft(date)) return date;
  const source = input.source ?? input.ruleSet;
  const asOf = dayBefore(input.date);
  let ratings: { playerId: string; rating: number }[];
  if (source in FESA_RULE_SETS) {
    const folded = foldFesaFast(input.facts, { ruleSet: source, asOf, runs: 'none' });
    if (E.isLeft(folded)) return E.left(folded.left.message);
    ratings = folded.right.list.flatMap((p) => {
      const id = folded.right.playerIdOf(p);
      return id !== undefined && p.eloNumber > 0 ? [{ playerId: id, rating: p.eloNumber }] : [];
    });
  } else if (isGenericRuleSet(source)) {
    const folded = fold(input, asOf);
    if (E.isLeft(folded)) return folded;
    ratings = ratingsOf(folded.right, source);
  } else {
    return E.left(`unknown source rule set "${source}" for the conversion`);
  }
  const convert = genericSystem(input.ruleSet).oneTimeConversion;
  if (convert === undefined) return E.left(`${input.ruleSet} has no one-time conversion; ${CONVERSION_RULE_SETS.join(', ')} have`);
  const rows = ratings.map((r) => ({ playerId: r.playerId, from: r.rating, to: convert(r.rating) }));
  const commands = rows
    .filter((r) => r.to !== r.from || source !== input.ruleSet)
    .map((r): AdjustRating => ({
      kind: 'AdjustRating', validDate: input.date, actor: input.actor,
      adjustmentId: `${input.ruleSet}-conversion-${input.date}-${r.playerId}`,
      ruleSet: input.ruleSet, target: { kind: 'player', playerId: r.playerId }, change: { kind: 'set', rating: r.to },
      reason: input.reason, operation: 'one-time-conversion', details: { from: r.from, to: r.to, source },
    }));
  return E.right({ ruleSet: input.ruleSet, source, rows, commands });
};

// ---- pan-atlantic drift correction ---------------------------------------------------------------------------

export interface DriftCorrectionOutcome extends Omit<pan.DriftCorrection, 'players'> {
  readonly snapshotDate: string;
  readonly requested: number;
  /** Absent when nothing is applied (no cohort, no drop, or the officers asked for 0). */
  readonly command?: AdjustRating;
}

/**
 * Seed 002 §5: the cohort = players active a year ago with a rating ≥ 1900 and ≥ 50 games, still active now; the
 * officers may raise everybody by at most the drop of the cohort's average. "Active" = a game pan-atlantic rated in the year
 * before the reference date (the seed does not define it). `amount` is the officers' call; when left out the full
 * allowed amount is applied. The result is one RatingAdjusted on every player of the pan-atlantic list.
 */
export const driftCorrection = (input: OfficerInput & { readonly amount?: number }): E.Either<string, DriftCorrectionOutcome> => {
  const date = checkDate(input.date, '--date');
  if (E.isLeft(date)) return date;
  const snapshotDate = yearBefore(input.date);
  const then = fold(input, snapshotDate);
  const now = fold(input, dayBefore(input.date));
  if (E.isLeft(then)) return then;
  if (E.isLeft(now)) return now;
  const active = (f: GenericFold, id: string, at: string) => {
    const last = lastPlayedUnder(f, 'pan-atlantic', id);
    return last !== undefined && last > yearBefore(at);
  };
  const snapshot: Record<string, pan.DriftSnapshotPlayer> = {};
  for (const [id, s] of then.right.states.get('pan-atlantic') ?? new Map<string, unknown>()) {
    const p = s as pan.PanPlayer;
    snapshot[id] = { rating: p.rating, games: p.games, active: active(then.right, id, snapshotDate) };
  }
  const current: Record<string, pan.DriftCurrentPlayer> = {};
  for (const [id, s] of now.right.states.get('pan-atlantic') ?? new Map<string, unknown>()) {
    current[id] = { rating: (s as pan.PanPlayer).rating, active: active(now.right, id, input.date) };
  }
  const probe = pan.driftCorrection(snapshot, current, Number.MAX_SAFE_INTEGER);
  const requested = input.amount ?? probe.allowed;
  if (!Number.isInteger(requested) || requested < 0) return E.left(`--amount must be a whole number of points ≥ 0, got ${requested}`);
  const { players: _players, ...computed } = pan.driftCorrection(snapshot, current, requested);
  const details = { snapshotDate, ...computed, requested };
  const command: AdjustRating | undefined = computed.applied > 0
    ? {
        kind: 'AdjustRating', validDate: input.date, actor: input.actor, adjustmentId: `pan-atlantic-drift-correction-${input.date}`,
        ruleSet: 'pan-atlantic', target: { kind: 'filter', filter: {} }, change: { kind: 'shift', by: computed.applied },
        reason: input.reason, operation: 'drift-correction', details,
      }
    : undefined;
  return E.right({ ...details, ...(command ? { command } : {}) });
};

// ---- pan-atlantic redetermination ----------------------------------------------------------------------------

/**
 * Seed 002 6C: the officer may redetermine a player who earned a club grade from unrated play: he becomes "an
 * unrated player with two games assumed at his new grade". Recorded as a RatingAdjusted with operation
 * `redetermination` and `details.clubGrade`; the `set` value is the grade's midpoint (where the assumed games are),
 * and the pan-atlantic fold applies the system's own `redetermine`.
 */
export const redetermination = (input: OfficerInput & { readonly playerId: string; readonly clubGrade: string }): E.Either<string, AdjustRating> => {
  const date = checkDate(input.date, '--date');
  if (E.isLeft(date)) return date;
  if (!(pan.GRADES as readonly string[]).includes(input.clubGrade)) {
    return E.left(`club grade "${input.clubGrade}" is not a pan-atlantic grade; expected one of ${pan.GRADES.join(', ')}`);
  }
  const grade = input.clubGrade as pan.Grade;
  const now = fold(input, dayBefore(input.date));
  if (E.isLeft(now)) return now;
  const before = now.right.states.get('pan-atlantic')?.get(input.playerId) as pan.PanPlayer | undefined;
  return E.right({
    kind: 'AdjustRating', validDate: input.date, actor: input.actor,
    adjustmentId: `pan-atlantic-redetermination-${input.date}-${input.playerId}`, ruleSet: 'pan-atlantic',
    target: { kind: 'player', playerId: input.playerId }, change: { kind: 'set', rating: pan.GRADE_TABLE[grade].mp },
    reason: input.reason, operation: 'redetermination',
    details: { clubGrade: grade, previousRating: before?.rating ?? null, previousGames: before?.games ?? 0 },
  });
};

export type { GenericRuleSetId };
