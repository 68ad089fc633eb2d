/**
 * Two rule sets side by side when they are not both FESA (`ledger diff --rules A --rules B`, `rerate --rules S`, the
 * server's `/diff?rules=A&rules=B`): every player's rating and grade under each, every tournament rated with it, and
 * for a player whose ratings differ under two non-FESA rule sets why, from the terms each explains his games with.
 */
import * as E from 'fp-ts/Either';
import type { LoggedEvent } from '../../domain/events';
import { gradeText } from '../../projections/fesa/diff';
import { FESA_RULE_SETS } from '../../projections/fesa/history';
import { foldGeneric, ratingsOf, type GenericFold } from '../../projections/generic/history';
import { whyRatingsDiffer } from '../../projections/generic/why';
import { GENERIC_RULE_SETS, genericSystem, isGenericRuleSet } from '../../projections/generic/systems';
import { evolve, initialLedgerState } from '../../domain/commands/state';
import { CommandRejected } from './errors';
import { unratable } from './failure';
import { foldOrThrow as fold } from './lists';
import { listNamesKnownAt } from './rule-set-list';
import { ratedTournamentView, type RatedTournamentView } from './tournaments';

const ANY_RULE_SETS = [...Object.keys(FESA_RULE_SETS), ...GENERIC_RULE_SETS];

/** A player's rating and grade under one side ('-': no grade). */
export interface SideRating {
  readonly rating: number;
  readonly grade: string;
}

export interface SideBySideRow {
  readonly playerId: string;
  readonly name: string;
  readonly a: SideRating | null;
  readonly b: SideRating | null;
  /** b's rating less a's, where both rate him. */
  readonly delta: number | null;
}

export interface SideBySide {
  readonly labels: readonly [string, string];
  readonly asOf: string;
  /** By b's rating, highest first, then by id. */
  readonly rows: readonly SideBySideRow[];
  /** Per player whose ratings differ under two non-FESA rule sets, why (the game terms that differ). */
  readonly why: ReadonlyMap<string, readonly string[]>;
  /** The sides whose own entry rule rated nobody, entered at the declared grade instead. */
  readonly byGrade: readonly string[];
}

/** Every player's rating (and grade, where the system has one) under any rule set, every tournament rated with it. */
const ratingsUnder = (facts: readonly LoggedEvent[], ruleSet: string, asOf: string, entry: SideEntry, options: Readonly<Record<string, unknown>> = {}): Map<string, { rating: number; grade: string }> => {
  if (ruleSet in FESA_RULE_SETS) {
    const f = fold(facts, { ruleSet, asOf, runs: 'none' });
    return new Map(f.list.filter((p) => p.eloNumber > 0).map((p) => [f.playerIdOf(p) ?? p.lastName, { rating: p.eloNumber, grade: gradeText(p) }]));
  }
  if (!isGenericRuleSet(ruleSet)) throw new CommandRejected(`--rules ${ruleSet}: unknown rule set; known are ${ANY_RULE_SETS.join(', ')}`);
  const folded = genericFoldUnder(facts, ruleSet, asOf, entry, options);
  const grades = genericSystem(ruleSet, folded.registry).grades;
  return new Map(ratingsOf(folded, ruleSet).map((r) => [r.playerId, { rating: r.rating, grade: grades?.of(r.state) ?? '-' }]));
};

/**
 * How a newcomer enters a rule set put beside another: beside FESA at his declared grade's midpoint (the information
 * FESA's newcomer rule uses), as in `evaluate`; beside another non-FESA rule set by each system's own rule, as its
 * `list --rules S` enters him, so that a column of a ledger's own rule set is that rule set's list — unless that rates
 * nobody (fide or uscf-k without one opening balance: nobody to be rated against), when it is the grade's too.
 */
type SideEntry = 'grade' | 'system';
const sideEntryOf = (a: string, b: string): SideEntry => (isGenericRuleSet(a) && isGenericRuleSet(b) ? 'system' : 'grade');

/**
 * Whether `ruleSet`'s own entry rule rates anybody on the whole ledger (fide or uscf-k without one opening balance rate
 * nobody: nobody to be rated against): else its newcomers enter at their declared grade, as a side-by-side column does.
 */
export const ratesByItsOwnEntry = (facts: readonly LoggedEvent[], ruleSet: string, asOf = '9999-12-31'): boolean => ratingsUnder(facts, ruleSet, asOf, 'system').size > 0;

/** A column of a side-by-side comparison: the ratings under `ruleSet` and how its newcomers entered. */
const sideColumn = (facts: readonly LoggedEvent[], ruleSet: string, asOf: string, preferred: SideEntry, options: Readonly<Record<string, unknown>> = {}): { ratings: Map<string, { rating: number; grade: string }>; entry: SideEntry } => {
  const ratings = ratingsUnder(facts, ruleSet, asOf, preferred, options);
  if (ratings.size > 0 || preferred === 'grade' || !isGenericRuleSet(ruleSet)) return { ratings, entry: preferred };
  return { ratings: ratingsUnder(facts, ruleSet, asOf, 'grade', options), entry: 'grade' };
};

/** Every tournament rated under one non-FESA rule set (with `options`), newcomers entering as `entry` says. */
const genericFoldUnder = (facts: readonly LoggedEvent[], ruleSet: string, asOf: string, entry: SideEntry, options: Readonly<Record<string, unknown>> = {}): GenericFold => {
  const folded = foldGeneric(facts, { ruleSet, forcedOptions: options, asOf, entry });
  if (E.isLeft(folded)) throw unratable(folded.left);
  return folded.right;
};

/** Per player whose rating differs between two non-FESA rule sets, the game terms that differ; empty otherwise. */
const reasonsUnder = (facts: readonly LoggedEvent[], a: string, b: string, asOf: string, differ: readonly string[], bOptions: Readonly<Record<string, unknown>>, entries: readonly [SideEntry, SideEntry]): Map<string, string[]> => {
  if (!isGenericRuleSet(a) || !isGenericRuleSet(b) || differ.length === 0) return new Map();
  const [fa, fb] = [genericFoldUnder(facts, a, asOf, entries[0]), genericFoldUnder(facts, b, asOf, entries[1], bOptions)];
  return new Map(differ.map((id) => [id, whyRatingsDiffer(fa, fb, a, b, id)]));
};

/** Two rule sets that are not both FESA side by side (`b` re-rated with `bOptions`), as of `asOf`. */
export const sideBySideOf = (facts: readonly LoggedEvent[], a: string, b: string, asOf: string, bOptions: Readonly<Record<string, unknown>> = {}): SideBySide => {
  const [ca, cb] = [sideColumn(facts, a, asOf, sideEntryOf(a, b)), sideColumn(facts, b, asOf, sideEntryOf(a, b), bOptions)];
  const [ra, rb] = [ca.ratings, cb.ratings];
  // a column whose own entry rule rated nobody, entered at the grade instead
  const byGrade = isGenericRuleSet(a) && isGenericRuleSet(b) ? [a, b].filter((_, i) => [ca, cb][i]!.entry === 'grade') : [];
  const ids = [...new Set([...ra.keys(), ...rb.keys()])].sort((x, y) => (rb.get(y)?.rating ?? 0) - (rb.get(x)?.rating ?? 0) || (x < y ? -1 : 1));
  const nameOf = listNamesKnownAt(facts);
  // GoR is kept to three decimals, and the difference of two such doubles carries binary noise (770.8719999999998)
  const thousandths = (x: number) => Math.round(x * 1000) / 1000;
  const rows = ids.map((id) => ({ playerId: id, name: nameOf(id), a: ra.get(id) ?? null, b: rb.get(id) ?? null, delta: ra.has(id) && rb.has(id) ? thousandths(rb.get(id)!.rating - ra.get(id)!.rating) : null }));
  const why = reasonsUnder(facts, a, b, asOf, rows.filter((r) => r.delta !== null && r.delta !== 0).map((r) => r.playerId), bOptions, [ca.entry, cb.entry]);
  return { labels: [a, b], asOf, rows, why, byGrade };
};

/** A tournament rated, with every tournament of the ledger, under a rule set asked for (`tournament show --rules S`). */
export interface TournamentUnderRuleSet {
  readonly view: RatedTournamentView;
  /** The rule set's own entry rule rates nobody on the ledger (fide or uscf-k without an opening balance): its newcomers entered at their declared grade. */
  readonly enteredAtGrade: boolean;
}

/**
 * A tournament's standings and ratings with every tournament of the ledger rated under `ruleSet` (an officer asking
 * how another rule set would have rated it): from the whole log, since every tournament before it is rated too.
 * Newcomers enter by the rule set's own rule, as `rerate` and `diff` enter them, unless that rates nobody on the whole
 * ledger, when they enter at their declared grade (said) — decided ledger-wide as `diff --rules` decides it, so the
 * two agree. Undefined: no such tournament.
 */
export const tournamentUnderRuleSet = (facts: readonly LoggedEvent[], tournamentId: string, ruleSet: string): TournamentUnderRuleSet | undefined => {
  const state = initialLedgerState();
  for (const f of facts) evolve(state, f.event);
  const enteredAtGrade = !ratesByItsOwnEntry(facts, ruleSet);
  const view = ratedTournamentView(facts, state, tournamentId, { ruleSet, entry: enteredAtGrade ? 'grade' : 'system' });
  return view === undefined ? undefined : { view, enteredAtGrade };
};
