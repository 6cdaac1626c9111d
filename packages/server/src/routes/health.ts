import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.ts";
import type { Store } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

// Issue 46: /healthz answers within this whatever the store is doing. PGlite serves one query at a
// time, so an import's transaction makes a probe wait: the process is alive and says the store is busy.
const probeWaitMs = 200;

type Probe = Promise<"answering" | "refused">;

/** One probe at a time: health checks polled during a long import do not pile up behind it. */
function storeProber(store: Store): () => Probe {
  let pending: Probe | null = null;
  return () => {
    pending ??= store
      .query("SELECT 1 FROM schema_migrations LIMIT 1")
      .then(
        () => "answering" as const,
        () => "refused" as const,
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

export function healthRoutes(app: FastifyInstance, { store }: RouteContext): void {
  const probe = storeProber(store);
  // main.ts migrates before it listens: a listening process has a migrated store.
  app.get("/healthz", async () => {
    let timer: NodeJS.Timeout | undefined;
    const state = await Promise.race([
      probe(),
      new Promise<"busy">((resolve) => {
        timer = setTimeout(() => resolve("busy"), probeWaitMs);
      }),
    ]);
    clearTimeout(timer);
    if (state === "refused") throw new HttpError(503, "unavailable", "The store is not answering");
    return { data: { status: "ok", store: state } };
  });
}
