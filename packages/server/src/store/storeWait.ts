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

/**
 * How much wall-clock time the store takes per unit of work while work waits for it: the time
 * between one unit's end and the next's, counted only while some caller is waiting or running. On
 * PGlite that includes the turns of the event loop the gate lets go round between slices (reading
 * and refusing hundreds of requests), which a unit's own hold time leaves out: the queue drains at
 * this pace, not at the pace of its hold times. Averaged over windows of busy time, so a slice's
 * quick units and the loop's gap after them count together.
 */
export class DrainTimes {
  #averageMs = 0;
  #seeded = false;
  #windowMs = 0;
  #windowUnits = 0;

  /** Busy time a window folds into the average. */
  static readonly windowMs = 200;

  /** A unit ended `ms` after the previous one ended (or after the store became busy). */
  record(ms: number): void {
    this.#windowMs += ms;
    this.#windowUnits++;
    if (this.#windowMs < DrainTimes.windowMs) return;
    const perUnit = this.#windowMs / this.#windowUnits;
    this.#averageMs = this.#seeded ? this.#averageMs + 0.5 * (perUnit - this.#averageMs) : perUnit;
    this.#seeded = true;
    this.#windowMs = 0;
    this.#windowUnits = 0;
  }

  get averageMs(): number {
    if (this.#seeded || this.#windowUnits === 0) return this.#averageMs;
    return this.#windowMs / this.#windowUnits;
  }
}

/**
 * How long work actually waited for its turn lately (its sojourn in the queue, as CoDel measures it),
 * not how long it should have: on PGlite the store gets a slice of each turn of the event loop, and
 * with many sockets open most of each turn goes to reading and refusing requests, so the queue
 * drains more slowly than its hold times say (issue 41's load run: admitted requests waited far longer
 * than the queue times the hold time foresaw). Each unit records its wait when it gets
 * its turn; the units still waiting count too, by the age of the oldest, so a queue that stopped
 * moving shows at once rather than when its head finally goes in.
 */
export class SojournTimes {
  #averageMs = 0;
  #waitingSince: number[] = [];

  /** A unit asks for the store at `now`; answers the token to pass to `waited`. */
  asked(now: number): number {
    this.#waitingSince.push(now);
    return now;
  }

  /** The unit asked for at `askedAt` stops waiting now: it got its turn, or its request gave up. */
  waited(askedAt: number, now: number): void {
    this.#remove(askedAt);
    // A queue that emptied has no standing wait left (CoDel leaves its dropping state then too).
    if (this.#waitingSince.length === 0) this.#averageMs = 0;
    else this.#averageMs += HoldTimes.weight * (now - askedAt - this.#averageMs);
  }

  #remove(askedAt: number): void {
    const index = this.#waitingSince.indexOf(askedAt);
    if (index >= 0) this.#waitingSince.splice(index, 1);
  }

  /** How long a unit asked for at `now` can expect to wait: 0 with nobody waiting. */
  expectedMs(now: number): number {
    const oldest = this.#waitingSince[0];
    if (oldest === undefined) return 0;
    return Math.max(this.#averageMs, now - oldest);
  }
}

/** The longest the embedded store runs statements back to back before it lets the loop go round. */
export const pgliteSliceMs = 20;

/**
 * `tx` giving the event loop a turn between its statements once they have run `pgliteSliceMs` back
 * to back. PGlite on this thread (SLEUTH_PGLITE_THREAD=main; in its worker every answer is a message,
 * a turn of its own) resolves a statement without a turn of the loop, so a transaction of many
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
 * PGlite on this thread (SLEUTH_PGLITE_THREAD=main) runs each statement here and resolves it in a
 * microtask, so a request whose statements find the store free runs start to finish without the
 * event loop going round, and so does every request read from the sockets in the same turn: the
 * queue is in the sockets, where neither the shedding check nor /healthz sees it, and a late
 * request waits for the whole batch. In its worker thread each answer comes on a turn of its own;
 * the gate keeps the one-at-a-time order and the queue the shedding check reads.
 *
 * The gate lets one unit of work into the store at a time (PGlite runs one anyway), in order, and
 * gives the store a slice of each turn of the loop: the next caller goes in at once while the turn
 * has run less than `pgliteSliceMs`, else at the next turn, after the loop has read the sockets.
 * The waiting requests are then read in, where the shedding check answers the excess at once and
 * the rest queue here, counted.
 */
export class TurnGate {
  #queue: Array<{ letIn: () => void }> = [];
  #busy = false;
  #turnStartedAt: number | null = null;
  #pumpScheduled = false;
  readonly #sliceMs: number;

  constructor(sliceMs = pgliteSliceMs) {
    this.#sliceMs = sliceMs;
  }

  /**
   * Resolves true when the caller may run (undefined when it may at once; pair either with `leave`),
   * or false when `giveUpAt` (performance.now()) passed first: the caller left the queue without
   * running and does not call `leave`.
   */
  enter(giveUpAt = Number.POSITIVE_INFINITY): Promise<boolean> | undefined {
    if (!this.#busy && this.#queue.length === 0 && this.#timeLeft()) {
      this.#busy = true;
      return undefined;
    }
    return new Promise<boolean>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter = {
        letIn: () => {
          if (timer) clearTimeout(timer);
          resolve(true);
        },
      };
      if (Number.isFinite(giveUpAt)) {
        timer = setTimeout(
          () => {
            const index = this.#queue.indexOf(waiter);
            // First in line with nothing running, it waits only for the next turn: no one is ahead.
            if (index < 0 || (index === 0 && !this.#busy)) return;
            this.#queue.splice(index, 1);
            resolve(false);
          },
          Math.max(0, giveUpAt - performance.now()),
        );
      }
      this.#queue.push(waiter);
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
    next.letIn();
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
