/**
 * A player's declared prior grades, read by their valid dates — never by the order the ledger learned them: a
 * declaration dated 2010 recorded after one dated 2015 is the older one. Of two on one date, the one recorded last
 * stands (a correction of that day's declaration).
 */
export interface DeclaredGrade {
  readonly date: string;
  readonly grade: string;
}

/** The grade declared latest on or before `by`, undefined when every declaration is dated after it. */
export const gradeDeclaredBy = (grades: readonly DeclaredGrade[] | undefined, by: string): string | undefined => {
  let latest: DeclaredGrade | undefined;
  for (const g of grades ?? []) if (g.date <= by && (latest === undefined || g.date >= latest.date)) latest = g;
  return latest?.grade;
};

/** The earliest-dated declaration (of two on that date, the one recorded last, as `gradeDeclaredBy` reads them). */
export const firstDeclared = (grades: readonly DeclaredGrade[] | undefined): DeclaredGrade | undefined => {
  let first: DeclaredGrade | undefined;
  for (const g of grades ?? []) if (first === undefined || g.date <= first.date) first = g;
  return first;
};
