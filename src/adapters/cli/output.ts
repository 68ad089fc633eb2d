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
    if (now - this.lastDraw < 80 && (this.total <= 0 || done < this.total)) return;
    this.lastDraw = now;
    if (this.total <= 0) {
      // how much there is to do is not known (the log is read in batches): a count
      this.stream.write(`\r${this.label} ${done} ${detail}`.slice(0, 120).padEnd(120));
      return;
    }
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

/**
 * Progress of a command that reads the log and folds it (list rebuilding its checkpoint, diff, history, rerate): on
 * stderr, only when stderr is a terminal, at most every 80 ms; the line is wiped when the command prints.
 */
export class FoldProgress {
  private readonly reading: Progress;
  private readonly rating: Progress;
  constructor(command: string, stream: NodeJS.WriteStream = process.stderr) {
    this.reading = new Progress(`${command}: reading the log`, 0, stream);
    this.rating = new Progress(`${command}: rating`, 0, stream);
  }
  readonly read = (eventsRead: number): void => this.reading.update(eventsRead, 'events');
  readonly fold = (applied: number, total: number): void => {
    this.rating.setTotal(total);
    this.rating.update(applied + 1, 'tournaments and officer facts');
  };
  readonly stage = (stage: 'read' | 'fold', done: number, total: number): void => (stage === 'read' ? this.read(done) : this.fold(done, total));
  done(): void {
    this.rating.done();
  }
}
