import type { FesaPlayer } from '../../domain/rules/fesa/types';
import type { FesaFold } from './history';
import { nameKey } from './history';

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

/**
 * What changed between two folds of the same ledger (before/after a late or corrected result, or under two rule
 * sets): per tournament and player the old and new rating, and the differences in the resulting list and grades.
 */
export const diffFolds = (before: FesaFold, after: FesaFold): FoldDiff => {
  const idOf = (fold: FesaFold, p: FesaPlayer) => fold.playerIdOf(p) ?? `${p.lastName}${p.firstName ? ` ${p.firstName}` : ''}`;
  const runs: RunChange[] = [];
  const oldRuns = new Map(before.runs.map((r) => [r.tournamentId, r]));
  for (const run of after.runs) {
    const old = oldRuns.get(run.tournamentId);
    // A tournament rated for the first time is news, not a change: only re-rated tournaments are reported.
    if (!old) continue;
    const oldByName = new Map(old.after.map((p) => [nameKey(p), p]));
    const participants = new Set(run.report.players.map((p) => nameKey(p)));
    for (const p of run.after) {
      if (!participants.has(nameKey(p))) continue;
      const o = oldByName.get(nameKey(p));
      if (!o || o.eloNumber !== p.eloNumber) runs.push({ tournamentId: run.tournamentId, date: run.date, playerId: idOf(after, p), oldRating: o?.eloNumber ?? null, newRating: p.eloNumber });
    }
  }
  for (const old of before.runs) {
    if (!after.runs.some((r) => r.tournamentId === old.tournamentId)) {
      for (const p of old.report.players) runs.push({ tournamentId: old.tournamentId, date: old.date, playerId: idOf(before, p as unknown as FesaPlayer), oldRating: p.postRating, newRating: null });
    }
  }
  const list: ListChange[] = [];
  const oldList = new Map(before.list.map((p) => [nameKey(p), p]));
  const seen = new Set<string>();
  for (const p of after.list) {
    seen.add(nameKey(p));
    const o = oldList.get(nameKey(p));
    if (!o || o.eloNumber !== p.eloNumber || gradeText(o) !== gradeText(p)) {
      list.push({ playerId: idOf(after, p), oldRating: o?.eloNumber ?? null, newRating: p.eloNumber, oldGrade: gradeText(o), newGrade: gradeText(p) });
    }
  }
  for (const o of before.list) if (!seen.has(nameKey(o))) list.push({ playerId: idOf(before, o), oldRating: o.eloNumber, newRating: null, oldGrade: gradeText(o), newGrade: '-' });
  return { runs, list };
};
