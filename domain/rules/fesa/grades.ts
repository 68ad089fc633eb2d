/**
 * Grade tables of the FESA system (seed 000 §7 table; the program's *dan-lb*, *dan-mp*, *kyu-lb*, *kyu-mp* and
 * the streak lengths *…-lb-#*, *…-mp-#*). Index = grade level; index 0 is unused.
 */
export const DAN_LB = [0, 1680, 1800, 1920, 2080, 2240, 2440, 2640, 2880, 3120, 9999] as const;
export const DAN_MP = [0, 1740, 1860, 2000, 2160, 2340, 2540, 2760, 3000, 9999, 9999] as const;
export const KYU_LB = [0, 1560, 1460, 1360, 1280, 1200, 1120, 1040, 960, 880, 800, 720, 640, 560, 480, 400, 320, 240, 160, 80, 0] as const;
export const KYU_MP = [0, 1620, 1510, 1410, 1320, 1240, 1160, 1080, 1000, 920, 840, 760, 680, 600, 520, 440, 360, 280, 200, 120, 40] as const;

/** Streak lengths indexed by the target grade; 9999 = route impossible (5 Dan LB route, 6 Dan and up). */
const DAN_LB_STREAK = [0, 14, 14, 16, 16, 9999, 9999, 9999] as const;
const DAN_MP_STREAK = [0, 7, 7, 8, 8, 10, 9999, 9999] as const;
const KYU_LB_STREAK = [0, 14, 12, 12, 12, 10, 10, 10, 8, 8, 8, 8, 6, 6, 6, 6, 6, 6, 6, 6, 6] as const;
const KYU_MP_STREAK = [0, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3] as const;

export interface Grade {
  readonly level: number;
  /** "", "Kyu", "Dan" or "Pro" (compared case-insensitively like the program's string-equal). */
  readonly name: string;
}

/** Thrown only for grades outside the tables; rateEvent turns it into a FesaError. */
export class FesaGradeError extends Error {}

// `wanted` is always spelled as the tables spell it. A name spelled that way too is compared as it is (two distinct
// table spellings differ case-insensitively as well): the promotion tests (20 look-ahead games per player and event)
// then never convert a string. Only a name spelled otherwise ("kyu", "DAN") takes the program's case-insensitive test.
const isTableSpelling = (name: string): boolean => name === 'Kyu' || name === 'Dan' || name === 'Pro' || name === '';
const is = (name: string, wanted: string): boolean => name === wanted || (!isTableSpelling(name) && name.toLowerCase() === wanted.toLowerCase());

const lookup = (table: readonly number[], grade: Grade): number => {
  const v = table[grade.level];
  if (v === undefined) throw new FesaGradeError(`grade ${grade.level} ${grade.name} is outside the FESA grade table`);
  return v;
};

/** Next grade: ungraded → 20 Kyu, n Kyu → n−1 Kyu, 1 Kyu → 1 Dan, n Dan → n+1 Dan; Pro stays Pro. */
export const nextGrade = (g: Grade): Grade => {
  // Grades are values: the next grade of a table-spelled one is shared instead of made again in every test.
  const known = isTableSpelling(g.name) ? NEXT_GRADE.get(g.name)?.[g.level] : undefined;
  if (known) return known;
  const next = computeNextGrade(g);
  if (isTableSpelling(g.name) && Number.isInteger(g.level) && g.level >= 0 && g.level <= 64) {
    let byLevel = NEXT_GRADE.get(g.name);
    if (!byLevel) NEXT_GRADE.set(g.name, (byLevel = []));
    byLevel[g.level] = Object.freeze(next);
  }
  return next;
};
const NEXT_GRADE = new Map<string, Grade[]>();

const computeNextGrade = (g: Grade): Grade => {
  if (is(g.name, 'Pro')) return { level: 0, name: 'Pro' };
  if (is(g.name, 'Dan')) return { level: g.level + 1, name: g.name };
  if (g.name === '') return { level: 20, name: 'Kyu' };
  if (!is(g.name, 'Kyu')) throw new FesaGradeError(`"${g.name}" is not a grade name (expected "", Kyu, Dan or Pro)`);
  if (g.level === 1) return { level: 1, name: 'Dan' };
  return { level: g.level - 1, name: g.name };
};

export const lowerBound = (g: Grade): number => {
  if (is(g.name, 'Pro')) return 9999;
  if (is(g.name, 'Dan')) return lookup(DAN_LB, g);
  if (is(g.name, 'Kyu')) return lookup(KYU_LB, g);
  throw new FesaGradeError(`unknown grade ${g.level} "${g.name}"`);
};

export const midpoint = (g: Grade): number => {
  if (is(g.name, 'Pro')) return 9999;
  if (is(g.name, 'Dan')) return lookup(DAN_MP, g);
  if (is(g.name, 'Kyu')) return lookup(KYU_MP, g);
  throw new FesaGradeError(`unknown grade ${g.level} "${g.name}"`);
};

/**
 * Streak lengths for promotion to `target`. The program's tables stop at 7 Dan; for a higher target it stops with
 * an error ("NIL is not a real number"), and so do we, with a sentence instead.
 */
export const lbStreakLength = (target: Grade): number => {
  if (is(target.name, 'Pro')) return 9999;
  const t = is(target.name, 'Dan') ? DAN_LB_STREAK : is(target.name, 'Kyu') ? KYU_LB_STREAK : undefined;
  if (!t) throw new FesaGradeError(`unknown grade ${target.level} "${target.name}"`);
  return streakEntry(t, target, 'LB');
};

const streakEntry = (table: readonly number[], target: Grade, kind: string): number => {
  const v = table[target.level];
  if (v === undefined) {
    throw new FesaGradeError(`the program has no #${kind} streak length for promotion to ${target.level} ${target.name} (its tables end at 7 Dan; the official program stops with an error here)`);
  }
  return v;
};

export const mpStreakLength = (target: Grade): number => {
  if (is(target.name, 'Pro')) return 9999;
  const t = is(target.name, 'Dan') ? DAN_MP_STREAK : is(target.name, 'Kyu') ? KYU_MP_STREAK : undefined;
  if (!t) throw new FesaGradeError(`unknown grade ${target.level} "${target.name}"`);
  return streakEntry(t, target, 'MP');
};

/**
 * Rating of a declared (NSR) grade, used for the two synthetic games of a newcomer (seed 000 §3: "against the
 * midpoint of the players grade"). "Pro n" = 2510 + 30n (the program's note: Pro 1 Dan = amateur 6 Dan = 2540).
 */
export const gradeRating = (g: Grade): number => {
  if (is(g.name, 'Dan')) return lookup(DAN_MP, g);
  if (is(g.name, 'Kyu')) return lookup(KYU_MP, g);
  if (is(g.name, 'Pro')) return 2510 + 30 * g.level;
  throw new FesaGradeError(`unknown rating type "${g.name}" for grade ${g.level}`);
};

/** K factor (seed 000 §1 table): thresholds inclusive, from LB 5 Dan down to LB 11 Kyu. */
export const kFactor = (rating: number): number => {
  if (rating >= 2240) return 16;
  if (rating >= 1920) return 20;
  if (rating >= 1560) return 24;
  if (rating >= 1280) return 28;
  if (rating >= 1040) return 32;
  if (rating >= 720) return 36;
  return 40;
};

export const sameGrade = (a: Grade, b: Grade): boolean => a.level === b.level && a.name === b.name;

/** Minimum qualifying games for a dan grade and the opponent rating they need (seed 000 §7b). */
export const danQualification = (danLevel: number): { games: number; minOpponent: number } | null => {
  switch (danLevel) {
    case 1: return { games: 7, minOpponent: 1620 };
    case 2: return { games: 7, minOpponent: 1740 };
    case 3: return { games: 7, minOpponent: 1860 };
    case 4: return { games: 8, minOpponent: 2000 };
    case 5: return { games: 8, minOpponent: 2160 };
    default: return null;
  }
};

/** A grade in the ledger's words ("3 Kyu", "2 Dan", "Pro 1"; "Pro" alone is level 0) as the list's level and name. */
export const parseGrade = (grade: string): [number, string] => {
  const pro = /^Pro(?: (\d+))?$/.exec(grade);
  if (pro) return [Number(pro[1] ?? 0), 'Pro'];
  const [n, name] = grade.split(' ');
  return [Number(n), name!];
};
