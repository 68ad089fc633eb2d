export { table } from '../formats/table';

/** A progress bar on stderr, only when stderr is a terminal (never pollutes piped output or logs). */
export class Progress {
  private readonly enabled: boolean;
  private lastDraw = 0;
  constructor(private readonly label: string, private total: number, stream: NodeJS.WriteStream = process.stderr) {
    this.enabled = stream.isTTY && !process.env.CI;
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
