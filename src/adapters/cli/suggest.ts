/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two short words. */
const distance = (a: string, b: string): number => {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
};

/** The known word nearest to what was typed, when it is near enough to be the intended one (a typo, not a guess). */
export const nearest = (typed: string, known: readonly string[]): string | undefined => {
  let best: { word: string; d: number } | undefined;
  for (const word of known) {
    const d = distance(typed.toLowerCase(), word.toLowerCase());
    if (best === undefined || d < best.d) best = { word, d };
  }
  return best !== undefined && best.d <= Math.max(1, Math.floor(best.word.length / 3)) ? best.word : undefined;
};
