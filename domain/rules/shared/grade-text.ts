import * as E from 'fp-ts/Either';
import type { Game } from '../elo-common/game';
import { GRADE_TABLE, type Grade } from '../pan-atlantic/tables';
import { DEFAULT_ENTRY_RATING, type EntryPolicy, type PlayerFacts } from '../contract';

/** "3 Kyu" → {kyu 3}, "2 Dan" → {dan 2}, "Pro 1" → {pro 1}. */
const parseGradeText = (grade: string | undefined): { kind: 'kyu' | 'dan' | 'pro'; n: number } | undefined => {
  if (grade === undefined) return undefined;
  const pro = /^Pro(?: (\d+))?$/.exec(grade);
  if (pro) return { kind: 'pro', n: Number(pro[1] ?? 1) };
  const m = /^(\d+) (Kyu|Dan)$/.exec(grade);
  return m ? { kind: m[2] === 'Kyu' ? 'kyu' : 'dan', n: Number(m[1]) } : undefined;
};

/** A shogi grade on the 15-kyu … 6-dan scale both US and pan-atlantic tables use (weaker kyu → 15-kyu, pro → 6-dan). */
export const shogiGrade = (grade: string | undefined): Grade | undefined => {
  const g = parseGradeText(grade);
  if (!g) return undefined;
  if (g.kind === 'kyu') return `${Math.min(15, Math.max(1, g.n))}-kyu` as Grade;
  return `${g.kind === 'pro' ? 6 : Math.min(6, Math.max(1, g.n))}-dan` as Grade;
};

export const goRank = (grade: string | undefined): string | undefined => {
  const g = parseGradeText(grade);
  if (!g) return undefined;
  return g.kind === 'kyu' ? `${Math.min(30, Math.max(1, g.n))}-kyu` : `${Math.min(9, Math.max(1, g.n))}-${g.kind}`;
};

/** The rating a player enters with under `grade` / `{rating}`; undefined under `system`. */
export const entryRating = (p: PlayerFacts, entry: EntryPolicy): number | undefined => {
  if (entry === 'system') return undefined;
  if (entry !== 'grade') return entry.rating;
  const g = shogiGrade(p.grade);
  return g === undefined ? DEFAULT_ENTRY_RATING : GRADE_TABLE[g].mp;
};

/** "3 Kyu" / "3-kyu" → "3-kyu", "2 Dan" → "2-dan", "Pro 1" / "1-pro" → "1-pro"; undefined when it is no grade. */
export const systemGradeText = (grade: string): string | undefined => {
  const pro = /^pro(?: (\d+))?$/i.exec(grade.trim());
  if (pro) return `${Number(pro[1] ?? 1)}-pro`;
  const m = /^(\d+)[ -](kyu|dan|pro)$/i.exec(grade.trim());
  return m ? `${Number(m[1])}-${m[2]!.toLowerCase()}` : undefined;
};

/** A legacy list's grade on a system's scale, or why it is not on it. */
export const onScale = (grade: string, scale: readonly string[], system: string): E.Either<string, string> => {
  const g = systemGradeText(grade);
  return g !== undefined && scale.includes(g)
    ? E.right(g)
    : E.left(`grade "${grade}" is not on the ${system} scale; expected ${scale[0]} … ${scale[scale.length - 1]} (or the ledger's "3 Kyu", "2 Dan")`);
};

/** Whether a player receives a handicap in a game (the giver does not; an even game has none). */
export const receivesHandicap = (g: Game, id: string): boolean =>
  g.handicap !== undefined && g.handicap.type !== 'even' && g.handicap.giver !== id;
