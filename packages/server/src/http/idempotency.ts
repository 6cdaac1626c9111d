import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sha256Hex } from "../accounts/secrets.ts";
import { isStoreUnavailable, type Store } from "../store/store.ts";
import { badRequest, conflict, HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A POST that creates something: honours Idempotency-Key (docs/API.md). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
}

export const idempotencyKeyHeader = "idempotency-key";
export const replayedHeader = "idempotent-replayed";

// A claim whose request never finished (crash, dropped connection) stops blocking after this long.
const staleClaimSeconds = 60;

interface StoredAnswer {
  method: string;
  path: string;
  request_hash: string;
  status: number | null;
  response_body: string | null;
  stale: boolean;
}

function requestHash(request: FastifyRequest): string {
  return sha256Hex(JSON.stringify(request.body ?? null));
}

/** Claims (user, key) for this request, or answers what a previous request with the key got. */
async function claimOrReplay(
  store: Store,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  key: string,
) {
  const hash = requestHash(request);
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await store.query(
      `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, request.method, request.url, hash],
    );
    if (claimed.length > 0) {
      request.idempotency = { userId, key };
      return;
    }
    const [stored] = await store.query<StoredAnswer>(
      `SELECT method, path, request_hash, status, response_body,
              created_at < now() - make_interval(secs => $3) AS stale
       FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key, staleClaimSeconds],
    );
    if (!stored) continue;
    if (stored.method !== request.method || stored.path !== request.url || stored.request_hash !== hash) {
      throw new HttpError(
        422,
        "idempotency_key_reused",
        "This Idempotency-Key was already used for another request",
      );
    }
    if (stored.status === null) {
      if (!stored.stale) throw conflict("A request with this Idempotency-Key is still in progress");
      await store.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL", [
        userId,
        key,
      ]);
      continue;
    }
    return reply
      .code(stored.status)
      .header(replayedHeader, "true")
      .type("application/json; charset=utf-8")
      .send(stored.response_body ?? "");
  }
  throw conflict("A request with this Idempotency-Key is still in progress");
}

/**
 * docs/API.md Idempotency: the first answer per (user, key) is stored; a repeat with the same body
 * gets it again and creates nothing; another body with the key answers 422. Failed answers are not
 * stored, so the client may retry with the same key. Applies to routes with `config.idempotent`.
 */
export function registerIdempotency(app: FastifyInstance, store: Store): void {
  app.decorateRequest("idempotency", null);

  // Issue 41: a claim's answer (or its release) that could not be written because the store went
  // away meanwhile is kept here and written once it answers again, before any other claim: the
  // client's retry with the key then gets the stored answer, or runs again, not "in progress".
  const unsettled = new Map<string, () => Promise<unknown>>();
  const settle = async (id: string, write: () => Promise<unknown>) => {
    try {
      await write();
      unsettled.delete(id);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      unsettled.set(id, write);
    }
  };
  const settleEarlier = async () => {
    for (const [id, write] of unsettled) await settle(id, write);
  };

  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config.idempotent || request.method !== "POST") return;
    await settleEarlier();
    const header = request.headers[idempotencyKeyHeader];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255) throw badRequest("Idempotency-Key must be 1 to 255 characters");
    // Anonymous requests have no owner to scope the key to; the handler answers 401 anyway.
    if (!request.caller) return;
    return claimOrReplay(store, request, reply, request.caller.user.id, key);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const id = `${claim.userId}:${claim.key}`;
    const status = reply.statusCode;
    const body = typeof payload === "string" ? payload : "";
    // The write committed: its answer stands even when the store goes away before it is recorded.
    await settle(id, () =>
      status >= 200 && status < 300
        ? store.query(
            "UPDATE idempotency_keys SET status = $3, response_body = $4 WHERE user_id = $1 AND key = $2",
            [claim.userId, claim.key, status, body],
          )
        : store.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL", [
            claim.userId,
            claim.key,
          ]),
    );
    return payload;
  });
}
