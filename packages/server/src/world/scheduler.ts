/** Something the world does later: a sweep, a mixer payout, the next hop of a peel chain. */
type Task = (time: number) => void;

interface Scheduled {
  time: number;
  order: number;
  task: Task;
}

function before(a: Scheduled, b: Scheduled): boolean {
  return a.time < b.time || (a.time === b.time && a.order < b.order);
}

/** A min-heap of tasks by time; ties run in the order they were scheduled, so runs repeat exactly. */
export class Scheduler {
  readonly #heap: Scheduled[] = [];
  #order = 0;

  get size(): number {
    return this.#heap.length;
  }

  at(time: number, task: Task): void {
    const heap = this.#heap;
    heap.push({ time, order: this.#order++, task });
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(heap[index] as Scheduled, heap[parent] as Scheduled)) break;
      [heap[index], heap[parent]] = [heap[parent] as Scheduled, heap[index] as Scheduled];
      index = parent;
    }
  }

  /** Runs every task due at or before `time`, earliest first, including tasks they schedule. */
  runUntil(time: number): void {
    while (this.#heap.length > 0 && (this.#heap[0] as Scheduled).time <= time) {
      const next = this.#pop();
      next.task(next.time);
    }
  }

  #pop(): Scheduled {
    const heap = this.#heap;
    const top = heap[0] as Scheduled;
    const last = heap.pop() as Scheduled;
    if (heap.length > 0) {
      heap[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && before(heap[left] as Scheduled, heap[smallest] as Scheduled))
          smallest = left;
        if (right < heap.length && before(heap[right] as Scheduled, heap[smallest] as Scheduled))
          smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest] as Scheduled, heap[index] as Scheduled];
        index = smallest;
      }
    }
    return top;
  }
}
