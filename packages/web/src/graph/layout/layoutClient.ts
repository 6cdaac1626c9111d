import type { LayoutAnswer, LayoutRequest } from "./layoutRequest.ts";

// One worker for the console's lifetime, started on the first layout; answers are matched by id so
// a slow layout that a newer one overtook is simply dropped by its caller.
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (answer: LayoutAnswer) => void>();

function layoutWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./elkLayout.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<LayoutAnswer>) => {
      const resolve = pending.get(event.data.id);
      pending.delete(event.data.id);
      resolve?.(event.data);
    };
  }
  return worker;
}

/** Lays the graph out in the worker; rejects with elk's message when it fails. */
export function layoutInWorker(graph: Omit<LayoutRequest, "id">): Promise<LayoutAnswer> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, (answer) => (answer.error ? reject(new Error(answer.error)) : resolve(answer)));
    layoutWorker().postMessage({ id, ...graph } satisfies LayoutRequest);
  });
}
