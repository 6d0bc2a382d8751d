/**
 * Progress on the console, per model: on a terminal one status line rewritten as pages land
 * (objects so far of the model's count, objects per second, time left for the model and for the
 * whole import), then a line per finished model; elsewhere (a log, CI) only the finished lines.
 */
export interface Output {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

const n = (x: number) => Math.round(x).toLocaleString('en');

export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${Math.round(seconds % 60)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export class Progress {
  private model = '';
  private modelTotal = 0;
  private modelDone = 0;
  private modelStart = 0;
  private done = 0;
  private readonly started = performance.now();
  private lastDraw = 0;

  constructor(
    private readonly out: Output,
    /** objects in every model still to copy */
    private readonly total: number,
  ) {}

  begin(model: string, total: number): void {
    this.model = model;
    this.modelTotal = total;
    this.modelDone = 0;
    this.modelStart = performance.now();
    this.draw(true);
  }

  advance(objects: number): void {
    this.modelDone += objects;
    this.done += objects;
    this.draw(false);
  }

  /** The model's line: `done` objects written (or compared, `verb`), its time and rate, and what is amiss. */
  end(done: number, verb = 'written', amiss = ''): void {
    const seconds = (performance.now() - this.modelStart) / 1000;
    this.clear();
    if (this.modelTotal || done || amiss)
      this.out.write(
        `  ${this.model.padEnd(40)} ${n(done).padStart(9)} ${verb}  ${seconds.toFixed(1).padStart(6)} s` +
          `  ${n(done / Math.max(seconds, 0.001)).padStart(8)}/s${amiss ? `  (${amiss})` : ''}\n`,
      );
  }

  line(text: string): void {
    this.clear();
    this.out.write(`${text}\n`);
  }

  private clear(): void {
    if (this.out.isTTY) this.out.write('\r\x1b[K');
  }

  private draw(force: boolean): void {
    if (!this.out.isTTY) return;
    const now = performance.now();
    if (!force && now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const rate = this.modelDone / Math.max((now - this.modelStart) / 1000, 0.001);
    const overall = this.done / Math.max((now - this.started) / 1000, 0.001);
    const left = (this.modelTotal - this.modelDone) / Math.max(rate, 1);
    const allLeft = (this.total - this.done) / Math.max(overall, 1);
    this.out.write(
      `\r\x1b[K${this.model} ${n(this.modelDone)}/${n(this.modelTotal)}  ${n(rate)}/s  ` +
        `${duration(left)} left (all: ${n(this.done)}/${n(this.total)}, ${duration(allLeft)} left)`,
    );
  }
}
