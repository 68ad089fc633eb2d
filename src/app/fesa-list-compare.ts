import { canonicalJson } from '../../domain/commands/decide';
import type { FesaPlayer } from '../../domain/rules/fesa/types';
import { nameKey } from '../../projections/fesa/name-key';
import { encodeFesaPlayerState } from '../../projections/fesa/player-state';

/** A FESA folder's list file against the ledger's list: the differences an import refuses or a reconcile pins. */

const FIELDS: readonly [keyof FesaPlayer, string][] = [
  ['eloNumber', 'ELO-NUMBER'],
  ['games', 'GAMES'],
  ['gradeLevel', 'GRADE-LEVEL'],
  ['gradeName', 'GRADE-NAME'],
  ['nsrGradeLevel', 'NSR-GRADE-LEVEL'],
  ['nsrGradeName', 'NSR-GRADE-NAME'],
  ['lastPlayed', 'LAST-PLAYED'],
  ['lbCount', 'LB-COUNT'],
  ['mpCount', 'MP-COUNT'],
  ['bonusCount', 'BONUS-COUNT'],
  ['nationalityList', 'NATIONALITY-LIST'],
];
const show = (v: unknown): string => (Array.isArray(v) ? (v.length > 3 ? `${v.length} entries` : JSON.stringify(v)) : JSON.stringify(v));

/** Every player and field where the file's list and the ledger's list differ, in words. */
export const compareLists = (file: readonly FesaPlayer[], ledger: readonly FesaPlayer[]): string[] => {
  const mine = new Map(ledger.map((p) => [nameKey(p), p]));
  const differences: string[] = [];
  // players on one list only first: they say most about what happened (an event the ledger never saw)
  const missing: string[] = [];
  for (const p of file) {
    const name = `${p.lastName}${p.firstName ? ` ${p.firstName}` : ''}`;
    const q = mine.get(nameKey(p));
    if (!q) {
      missing.push(`${name} is on the file's list but not in the ledger`);
      continue;
    }
    const fields = FIELDS.filter(([f]) => JSON.stringify(p[f]) !== JSON.stringify(q[f])).map(([f, label]) => `${label} ${show(p[f])} in the file, ${show(q[f])} in the ledger`);
    if (fields.length > 0) differences.push(`${name}: ${fields.join(', ')}`);
  }
  const inFile = new Set(file.map(nameKey));
  for (const q of ledger) if (!inFile.has(nameKey(q))) missing.push(`${q.lastName}${q.firstName ? ` ${q.firstName}` : ''} is in the ledger but not on the file's list`);
  differences.unshift(...missing);
  if (differences.length === 0 && file.map(nameKey).join('\n') !== ledger.map(nameKey).join('\n')) {
    differences.push('the same players and values, but in another order (the order of equal ratings matters to the program)');
  }
  return differences;
};

/**
 * What a reconcile pins: per player of the file, the record fields where the file differs from the ledger's list
 * (the whole record when the ledger's list does not hold him). Players the file agrees with are not pinned.
 */
export const pinnedFields = (file: readonly FesaPlayer[], ledger: readonly FesaPlayer[], idOf: (p: FesaPlayer) => string): { playerId: string; fields: Record<string, unknown> }[] => {
  const mine = new Map<string, FesaPlayer>();
  for (const q of ledger) if (!mine.has(nameKey(q))) mine.set(nameKey(q), q);
  const pins: { playerId: string; fields: Record<string, unknown> }[] = [];
  for (const p of file) {
    const encoded = encodeFesaPlayerState(p);
    const q = mine.get(nameKey(p));
    if (!q) {
      pins.push({ playerId: idOf(p), fields: encoded });
      continue;
    }
    const theirs = encodeFesaPlayerState(q);
    const fields = Object.fromEntries(Object.entries(encoded).filter(([k, v]) => canonicalJson(v) !== canonicalJson(theirs[k])));
    if (Object.keys(fields).length > 0) pins.push({ playerId: idOf(p), fields });
  }
  return pins;
};
