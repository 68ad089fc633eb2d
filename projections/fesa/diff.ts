import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { FesaFold } from './history';
import { nameKey } from './history';
import type { ListModelHistory } from './list-model';

/** One player's rating in one tournament, before and after a change of facts or rules. */
export interface RunChange {
  readonly tournamentId: string;
  readonly date: string;
  readonly playerId: string;
  readonly oldRating: number | null;
  readonly newRating: number | null;
}

export interface ListChange {
  readonly playerId: string;
  readonly oldRating: number | null;
  readonly newRating: number | null;
  readonly oldGrade: string;
  readonly newGrade: string;
}

export interface FoldDiff {
  readonly runs: readonly RunChange[];
  readonly list: readonly ListChange[];
}

export const gradeText = (p: Pick<FesaPlayer, 'gradeLevel' | 'gradeName'> | undefined): string =>
  !p || p.gradeName === '' ? '-' : p.gradeName === 'Pro' ? `Pro${p.gradeLevel ? ` ${p.gradeLevel}` : ''}` : `${p.gradeLevel} ${p.gradeName}`;

/** The id a diff names a listed player by: his registered id, else his name. */
export const diffIdOf = (fold: Pick<FesaFold, 'playerIdOf'>, p: FesaPlayer): string => fold.playerIdOf(p) ?? `${p.lastName}${p.firstName ? ` ${p.firstName}` : ''}`;

/**
 * What changed between two folds of the same ledger (before/after a late or corrected result, or under two rule
 * sets): per tournament and player the old and new rating, and the differences in the resulting list and grades.
 */
export const diffFolds = (before: FesaFold, after: FesaFold): FoldDiff => ({ runs: runChanges(before, after), list: listChanges(entriesOf(before, before.list), entriesOf(after, after.list)) });

/** `diffFolds(before, after).runs`: the runs' changes alone, without comparing the lists. */
export const runChanges = (before: FesaFold, after: FesaFold): RunChange[] => {
  const runs: RunChange[] = [];
  const oldRuns = new Map(before.runs.map((r) => [r.tournamentId, r]));
  for (const run of after.runs) {
    const old = oldRuns.get(run.tournamentId);
    // A tournament rated for the first time is news, not a change: only re-rated tournaments are reported.
    if (!old) continue;
    const participants = new Set(run.report.players.map((p) => nameKey(p)));
    // a run's lists are the whole list: the participants are found by family name first, not by a key of everybody
    const families = new Set(run.report.players.map((p) => p.lastName));
    const playing = (p: FesaPlayer): boolean => families.has(p.lastName) && participants.has(nameKey(p));
    const oldByName = new Map(old.after.filter(playing).map((p) => [nameKey(p), p]));
    for (const p of run.after) {
      if (!playing(p)) continue;
      const o = oldByName.get(nameKey(p));
      if (!o || o.eloNumber !== p.eloNumber) runs.push({ tournamentId: run.tournamentId, date: run.date, playerId: diffIdOf(after, p), oldRating: o?.eloNumber ?? null, newRating: p.eloNumber });
    }
  }
  for (const old of before.runs) {
    if (!after.runs.some((r) => r.tournamentId === old.tournamentId)) {
      for (const p of old.report.players) runs.push({ tournamentId: old.tournamentId, date: old.date, playerId: diffIdOf(before, p as unknown as FesaPlayer), oldRating: p.postRating, newRating: null });
    }
  }
  return tournamentsThenPlayers(runs);
};

const entriesOf = (fold: FesaFold, list: readonly FesaPlayer[]): ComparedEntry[] => list.map((p) => ({ key: nameKey(p), id: diffIdOf(fold, p), rating: p.eloNumber, grade: gradeText(p) }));

/** A fold's list with the slot of each of its records, position by position (`ListState.orderSlots`). */
export interface SlottedList {
  readonly list: readonly FesaPlayer[];
  readonly slots: ArrayLike<number>;
}

/**
 * `diffFolds(before, after).list` of two lists that differ only on the slots `changed` (those written since the
 * list both were folded from, see slot-watch.ts): every record of a name held on one of those slots, on either
 * list, is compared as `diffFolds` compares it, in the same order; the names elsewhere are the same records on both.
 */
export const listChangesAt = (before: FesaFold, beforeList: SlottedList, after: FesaFold, afterList: SlottedList, changed: ReadonlySet<number>): ListChange[] => {
  const names = new Set<string>();
  for (const l of [beforeList, afterList]) for (let i = 0; i < l.list.length; i++) if (changed.has(l.slots[i]!)) names.add(nameKey(l.list[i]!));
  const named = (l: SlottedList) => l.list.filter((p) => names.has(nameKey(p)));
  return listChanges(entriesOf(before, named(beforeList)), entriesOf(after, named(afterList)));
};

/** A listed player as two lists are compared: how they are matched (`key`), what the diff calls him, his rating and grade. */
export interface ComparedEntry {
  readonly key: string;
  readonly id: string;
  readonly rating: number;
  readonly grade: string;
}

/** The players whose rating or grade differ between two lists, in the later list's order, then those it lost. */
export const listChanges = (before: readonly ComparedEntry[], after: readonly ComparedEntry[]): ListChange[] => {
  const list: ListChange[] = [];
  const oldList = new Map(before.map((e) => [e.key, e]));
  const seen = new Set<string>();
  for (const p of after) {
    seen.add(p.key);
    const o = oldList.get(p.key);
    if (!o || o.rating !== p.rating || o.grade !== p.grade) list.push({ playerId: p.id, oldRating: o?.rating ?? null, newRating: p.rating, oldGrade: o?.grade ?? '-', newGrade: p.grade });
  }
  for (const o of before) if (!seen.has(o.key)) list.push({ playerId: o.id, oldRating: o.rating, newRating: null, oldGrade: o.grade, newGrade: '-' });
  return list;
};

/** A player whose grade differs between two lists: [id, grade in the first ('-': not on it), grade in the second]. */
export type GradeDiff = readonly [string, string, string];

/** The grades that differ between two lists (each player's grade by the id a diff names him by), in the second's order. */
export const gradesThatDiffer = (before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): GradeDiff[] =>
  [...after].filter(([id, g]) => before.get(id) !== g).map(([id, g]) => [id, before.get(id) ?? '-', g] as const);

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Runs in the order their tournaments were rated, each tournament's players by id (the engine's order is no one's). */
export const tournamentsThenPlayers = (runs: readonly RunChange[]): RunChange[] => {
  const rated = new Map<string, number>();
  for (const r of runs) if (!rated.has(r.tournamentId)) rated.set(r.tournamentId, rated.size);
  return [...runs].sort((a, b) => rated.get(a.tournamentId)! - rated.get(b.tournamentId)! || byId(a.playerId, b.playerId));
};

/** Where a tournament's rating is in a saved list model: the item after which its participants' rows hold. */
export interface RatedItem {
  readonly tournamentId: string;
  readonly date: string;
}

/** A player on a list read from a saved model (`ListModelHistory`). */
export type ModelListEntry = NonNullable<ListModelHistory['rows'][number]['entry']>;

/** The list a saved model's rows up to a date make: each slot's last row, in the list's order. */
export const listOfModel = (h: ListModelHistory): ModelListEntry[] => {
  const list: ModelListEntry[] = [];
  let slot = -1;
  let last: ModelListEntry | undefined;
  for (const { slot: s, entry } of h.rows) {
    if (s !== slot) {
      if (last !== undefined) list.push(last);
      [slot, last] = [s, undefined];
    }
    last = entry;
  }
  if (last !== undefined) list.push(last);
  return list.sort(h.explicit ? (a, b) => a.seq - b.seq : (a, b) => b.rating - a.rating || a.seq - b.seq);
};

/**
 * `diffFolds` of two folds of the same facts (two rule sets on one date) from their saved list models instead of the
 * folds: the list of the date is each slot's last row, and the rows at a tournament's item are its participants'
 * ratings after it (rating a tournament changes only their records, list-state.ts `afterTournament`). `rated` maps
 * a tournament's item (the `after` of its rows) to it. The same changes as `diffFolds`, in its order. Two models read
 * against each other (`ratings`) leave out the rows they hold alike, which a comparison reports nothing of.
 */
export const diffListModels = (before: ListModelHistory, after: ListModelHistory, rated: ReadonlyMap<number, RatedItem>): FoldDiff => {
  const viewOf = (h: ListModelHistory) => {
    const ratings: { after: number; playerId: string; rating: number }[] = [];
    for (const { after: item, entry } of h.ratings ?? h.rows) if (entry !== undefined && rated.has(item)) ratings.push({ after: item, playerId: entry.playerId, rating: entry.rating });
    return { list: listOfModel(h), ratings };
  };
  const [old, now] = [viewOf(before), viewOf(after)];
  const oldRating = new Map(old.ratings.map((r) => [`${r.after}\u0000${r.playerId}`, r.rating]));
  const runs: RunChange[] = [];
  for (const r of now.ratings.sort((a, b) => a.after - b.after || byId(a.playerId, b.playerId))) {
    const o = oldRating.get(`${r.after}\u0000${r.playerId}`);
    const { tournamentId, date } = rated.get(r.after)!;
    if (o !== r.rating) runs.push({ tournamentId, date, playerId: r.playerId, oldRating: o ?? null, newRating: r.rating });
  }
  const entries = (list: readonly ModelListEntry[]) => list.map((e) => ({ key: e.playerId, id: e.playerId, rating: e.rating, grade: e.grade }));
  return { runs, list: listChanges(entries(old.list), entries(now.list)) };
};
