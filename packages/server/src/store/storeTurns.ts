import { requestStoreWork } from "./requestDeadline.ts";
import { DrainTimes, HoldTimes, SojournTimes, TurnGate } from "./storeWait.ts";

/**
 * The turns of a store that runs one unit of work (a statement or a whole transaction) at a time,
 * as PGlite does, whether it runs on this thread or in a worker: the queue, and what issue 41's load
 * shedding reads of it (the Store's waiting and expectedWaitMs).
 */
export interface StoreTurns {
  /** Runs `work` when its turn comes; `writes` marks the request as one that wrote (issue 41). */
  take<R>(work: () => Promise<R>, writes: boolean): Promise<R>;
  waiting(): number;
  expectedWaitMs(): number;
}

export function storeTurns(): StoreTurns {
  // One statement or transaction at a time; the others queue behind it, in order.
  let inFlight = 0; // asked for, including those letting the loop go round first
  let entered = 0; // in the queue or running
  let runningSince = 0;
  const holds = new HoldTimes();
  const gate = new TurnGate();
  const sojourns = new SojournTimes();
  const drains = new DrainTimes();
  let lastDeparture = 0; // when the last unit ended, or the store became busy
  return {
    async take(work, writes) {
      const request = requestStoreWork.getStore();
      // Issue 41: a request that has written nothing yet waits for its turn only within its wait
      // budget; one that wrote runs to its end, so it is whole (and a transaction's own statements
      // never come here: they run inside the unit that began it).
      const askedAt = sojourns.asked(performance.now());
      const giveUpAt = request ? request.giveUpAt(askedAt) : Number.POSITIVE_INFINITY;
      if (inFlight++ === 0) lastDeparture = askedAt;
      try {
        const letIn = await gate.enter(giveUpAt);
        const now = performance.now();
        sojourns.waited(askedAt, now);
        request?.tookTurn(askedAt, now, letIn !== false, writes);
        if (entered++ === 0) runningSince = now;
        try {
          return await work();
        } finally {
          // Served in order: the next one starts when this one ends.
          const now = performance.now();
          holds.record(now - runningSince);
          drains.record(now - lastDeparture);
          runningSince = now;
          lastDeparture = now;
          entered--;
          gate.leave();
        }
      } finally {
        inFlight--;
      }
    },
    waiting: () => Math.max(0, inFlight - 1),
    // Each one asked for, running or queued, counts as a typical one: a long transaction (an
    // import's apply) is waited for whether a request is refused or not, and a refusal would only
    // make its client's retries run out. A typical one takes the wall-clock time the queue drains
    // at (DrainTimes: the loop's turns between slices included), not its hold time alone; and no
    // less than what work waiting now and lately did wait (SojournTimes).
    expectedWaitMs: () =>
      Math.max(
        inFlight * Math.max(holds.averageMs, drains.averageMs),
        sojourns.expectedMs(performance.now()),
      ),
  };
}
