/**
 * The event loop's turns, counted until stopped: an immediate that queues itself again runs once per turn, as a
 * timer or an I/O callback gets its turn. For tests of work that gives the loop back (or must not hold it).
 */
export class TurnCounter {
  private turns = 0;
  private counting = true;

  constructor() {
    const tick = (): void => {
      this.turns++;
      if (this.counting) setImmediate(tick);
    };
    setImmediate(tick);
  }

  /** The turns so far. */
  get count(): number {
    return this.turns;
  }

  /** Counts no more; returns the turns counted. */
  stop(): number {
    this.counting = false;
    return this.turns;
  }
}
