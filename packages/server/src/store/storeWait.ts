import type { Queryable } from "./store.ts";

/**
 * Issue 41's load shedding asks the store how long new work would wait, not how many callers wait:
 * a hundred short lookups queue for less time than three exports' pages. Both stores keep a moving
 * average of how long one unit of work holds the store (a statement or a whole transaction on
 * PGlite, a pool client on PostgreSQL) and multiply it by the queue.
 */
export class HoldTimes {
  #averageMs = 0;
  #samples = 0;

  /** Weight of the newest hold: about the last ten count, so a change of load shows within a second. */
  static readonly weight = 0.2;

  record(ms: number): void {
    // The first holds set the average outright: a cold average of 0 would hide a queue of slow work.
    this.#averageMs =
      this.#samples < 1 / HoldTimes.weight
        ? (this.#averageMs * this.#samples + ms) / (this.#samples + 1)
        : this.#averageMs + HoldTimes.weight * (ms - this.#averageMs);
    this.#samples++;
  }

  get averageMs(): number {
    return this.#averageMs;
  }

  /** How many holds have ended since the store opened. */
  get count(): number {
    return this.#samples;
  }
}

/** The longest the embedded store runs statements back to back before it lets the loop go round. */
export const pgliteSliceMs = 20;

/**
 * `tx` giving the event loop a turn between its statements once they have run `pgliteSliceMs` back
 * to back. PGlite resolves a statement without a turn of the loop, so a transaction of many
 * statements (a read-model settle, issue 46) would hold every socket, /healthz's too, until it
 * commits; with turns only its longest single statement does. On PostgreSQL a turn costs nothing.
 */
export function takingTurns(tx: Queryable): Queryable {
  let turnStartedAt = performance.now();
  const turn = async () => {
    if (performance.now() - turnStartedAt < pgliteSliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    turnStartedAt = performance.now();
  };
  return {
    async query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      await turn();
      return await tx.query<T>(sql, params);
    },
    async exec(sql: string): Promise<void> {
      await turn();
      await tx.exec(sql);
    },
  };
}

/**
 * PGlite runs each statement on this thread and resolves it in a microtask, so a request whose
 * statements find the store free runs start to finish without the event loop going round, and so
 * does every request read from the sockets in the same turn: the queue is in the sockets, where
 * neither the shedding check nor /healthz sees it, and a late request waits for the whole batch.
 *
 * The gate lets one unit of work into the store at a time (PGlite runs one anyway), in order, and
 * gives the store a slice of each turn of the loop: the next caller goes in at once while the turn
 * has run less than `pgliteSliceMs`, else at the next turn, after the loop has read the sockets.
 * The waiting requests are then read in, where the shedding check answers the excess at once and
 * the rest queue here, counted.
 */
export class TurnGate {
  #queue: Array<() => void> = [];
  #busy = false;
  #turnStartedAt: number | null = null;
  #pumpScheduled = false;
  readonly #sliceMs: number;

  constructor(sliceMs = pgliteSliceMs) {
    this.#sliceMs = sliceMs;
  }

  /** Resolves when the caller may run; undefined when it may at once. Pair with `leave`. */
  enter(): Promise<void> | undefined {
    if (!this.#busy && this.#queue.length === 0 && this.#timeLeft()) {
      this.#busy = true;
      return undefined;
    }
    return new Promise<void>((resolve) => {
      this.#queue.push(resolve);
      if (!this.#busy) this.#schedulePump();
    });
  }

  /** A unit of work ended: let the next one in while the turn has time left. */
  leave(): void {
    this.#busy = false;
    if (this.#queue.length === 0) return;
    if (this.#timeLeft()) this.#letNextIn();
    else this.#schedulePump();
  }

  #letNextIn(): void {
    const next = this.#queue.shift();
    if (!next) return;
    this.#busy = true;
    next();
  }

  /** Whether this turn of the loop has time left; the first caller in a turn marks its start. */
  #timeLeft(): boolean {
    const now = performance.now();
    if (this.#turnStartedAt === null) this.#startTurn(now);
    return now - (this.#turnStartedAt ?? now) < this.#sliceMs;
  }

  #startTurn(now: number): void {
    this.#turnStartedAt = now;
    // Unmarked once the loop has polled: an idle loop costs nothing.
    setImmediate(() => {
      this.#turnStartedAt = null;
    });
  }

  /** Next turn, after the loop has read the sockets: the oldest caller goes first. */
  #schedulePump(): void {
    if (this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    setImmediate(() => {
      this.#pumpScheduled = false;
      this.#startTurn(performance.now());
      if (!this.#busy) this.#letNextIn();
    });
  }
}
