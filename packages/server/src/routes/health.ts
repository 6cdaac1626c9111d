import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.ts";
import type { RouteContext } from "./context.ts";

export function healthRoutes(app: FastifyInstance, { store }: RouteContext): void {
  // Answers ok once the store answers; main.ts migrates before it listens.
  app.get("/healthz", async () => {
    try {
      await store.query("SELECT 1 FROM schema_migrations LIMIT 1");
    } catch {
      throw new HttpError(503, "unavailable", "The store is not answering");
    }
    return { data: { status: "ok" } };
  });
}
