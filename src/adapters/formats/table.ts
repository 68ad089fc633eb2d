/** Plain-text tables for people; --json output is produced by the commands themselves. */
export const table = (headers: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string => {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => cells.length > 0 && cells.every((r) => /^-?[\d.,+]*$/.test(r[i] ?? '')));
  const line = (r: readonly string[]) =>
    r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
};
