/** Plain-text tables for people; --json output is produced by the commands themselves. */
export const table = (headers: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string => {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => cells.length > 0 && cells.every((r) => /^-?[\d.,+]*$/.test(r[i] ?? '')));
  const line = (r: readonly string[]) =>
    r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
};

/** A progress bar on stderr, only when stderr is a terminal (never pollutes piped output or logs). */
export class Progress {
  private readonly enabled: boolean;
  private lastDraw = 0;
  constructor(private readonly label: string, private total: number, stream: NodeJS.WriteStream = process.stderr) {
    this.enabled = Boolean(stream.isTTY) && !process.env.CI;
    this.stream = stream;
  }
  private readonly stream: NodeJS.WriteStream;
  update(done: number, detail = ''): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 80 && done < this.total) return;
    this.lastDraw = now;
    const width = 30;
    const ratio = this.total > 0 ? Math.min(1, done / this.total) : 0;
    const filled = Math.round(ratio * width);
    this.stream.write(`\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${detail}`.slice(0, 120).padEnd(120));
  }
  setTotal(total: number): void {
    this.total = total;
  }
  done(): void {
    if (this.enabled) this.stream.write('\r' + ' '.repeat(120) + '\r');
  }
}
