/** "Checked 1 200 of 5 000 files" on a terminal's stderr during a long scan; nothing when stderr is a file or a pipe. */
const EVERY = 250;

export class Progress {
  private count = 0;
  private shown = false;

  constructor(
    private readonly stderr: { write(text: string): unknown; isTTY?: boolean },
    private readonly total: number,
  ) {}

  tick(): void {
    this.count++;
    if (!this.stderr.isTTY || this.total < 2 * EVERY || this.count % EVERY !== 0) return;
    this.stderr.write(`\rChecked ${this.count} of ${this.total} files`);
    this.shown = true;
  }

  done(): void {
    if (this.shown) this.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}
