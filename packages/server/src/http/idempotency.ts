import type { FastifyInstance, FastifyRequest } from "fastify";
import { sha256Hex } from "../accounts/secrets.ts";
import { RequestTransaction, runInRequestTransaction } from "../store/requestTransaction.ts";
import type { Queryable, Store } from "../store/store.ts";
import { badRequest, conflict, HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A POST that creates something: honours Idempotency-Key (docs/API.md). */
    idempotent?: boolean;
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

/** What a claim of (user, key) found: the request runs, or a stored answer is its answer. */
type Claim = { run: true } | { run: false; answer: StoredAnswer };

/**
 * Claims (user, key) inside the request's transaction, or finds the answer a request with the key
 * committed. A request with the same key still running holds its claim's row: this one waits for
 * it to commit (and replays its answer) or roll back (and runs).
 */
async function claimIn(tx: Queryable, request: FastifyRequest, userId: number, key: string): Promise<Claim> {
  const hash = requestHash(request);
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, request.method, request.url, hash],
    );
    if (claimed.length > 0) return { run: true };
    const [stored] = await tx.query<StoredAnswer>(
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
    // A claim without an answer is only left by a server of an earlier version (this one writes
    // both in one transaction): in progress there, or abandoned once stale.
    if (stored.status === null) {
      if (!stored.stale) throw conflict("A request with this Idempotency-Key is still in progress");
      await tx.query("DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL", [
        userId,
        key,
      ]);
      continue;
    }
    return { run: false, answer: stored };
  }
  throw conflict("A request with this Idempotency-Key is still in progress");
}

interface Answer {
  status: number;
  body: string;
}

/** An idempotent request's open transaction: its answer, once known, commits or rolls it back. */
interface OpenClaim {
  transaction: RequestTransaction;
  answer(answer: Answer | null): void;
  /** Settles once the transaction has ended: rejected when the commit failed. */
  ended: Promise<void>;
}

const rolledBack = Symbol("rolled back");

/**
 * Begins the request's transaction and claims its key in it. Answers the open claim, or the stored
 * answer of an earlier request with the key (its transaction then ends at once, having written
 * nothing but the removal of an abandoned claim).
 */
async function openClaim(
  store: Store,
  request: FastifyRequest,
  userId: number,
  key: string,
): Promise<OpenClaim | StoredAnswer> {
  let opened!: (found: OpenClaim | StoredAnswer) => void;
  const found = new Promise<OpenClaim | StoredAnswer>((resolve) => {
    opened = resolve;
  });
  let transaction: RequestTransaction | undefined;
  let answer!: (answer: Answer | null) => void;
  const answered = new Promise<Answer | null>((resolve) => {
    answer = resolve;
  });
  const ended = store
    .transaction(async (tx) => {
      const claim = await claimIn(tx, request, userId, key);
      if (!claim.run) return opened(claim.answer);
      transaction = new RequestTransaction(store, tx);
      opened({ transaction, answer, ended });
      const { status, body } = (await answered) ?? { status: 0, body: "" };
      transaction.open = false;
      // Failed answers are not stored: the transaction, the claim with it, rolls back.
      if (status < 200 || status >= 300) throw rolledBack;
      await tx.query(
        "UPDATE idempotency_keys SET status = $3, response_body = $4 WHERE user_id = $1 AND key = $2",
        [userId, key, status, body],
      );
    })
    .then(
      () => transaction?.ended(),
      (error) => {
        transaction?.ended();
        if (error !== rolledBack) throw error;
      },
    );
  // Awaited by the answer once the claim is open; a failure before it (the store away) rejects here.
  ended.catch(() => {});
  return Promise.race([found, ended.then(() => found)]);
}

/**
 * docs/API.md Idempotency: the first answer per (user, key) is stored; a repeat with the same body
 * gets it again and creates nothing; another body with the key answers 422. Failed answers are not
 * stored, so the client may retry with the same key. Applies to routes with `config.idempotent`.
 *
 * Issue 41: a request with a key runs in one transaction with its claim and its stored answer
 * (store/requestTransaction.ts), committed before the answer is sent. A store that goes away midway
 * leaves nothing written, and a commit whose acknowledgement was lost left the answer with it: the
 * client's retry with the key gets that answer, or runs again, never creating twice.
 */
export function registerIdempotency(app: FastifyInstance, store: Store): void {
  const claims = new WeakMap<FastifyRequest, OpenClaim>();

  app.addHook("preHandler", (request, reply, done) => {
    if (!request.routeOptions.config.idempotent || request.method !== "POST") return done();
    const header = request.headers[idempotencyKeyHeader];
    if (header === undefined) return done();
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255) return done(badRequest("Idempotency-Key must be 1 to 255 characters"));
    // Anonymous requests have no owner to scope the key to; the handler answers 401 anyway.
    if (!request.caller) return done();
    const userId = request.caller.user.id;
    openClaim(store, request, userId, key).then(
      (found) => {
        if (!("transaction" in found)) {
          reply
            .code(found.status ?? 200)
            .header(replayedHeader, "true")
            .type("application/json; charset=utf-8")
            .send(found.response_body ?? "");
          return;
        }
        claims.set(request, found);
        runInRequestTransaction(found.transaction, () => done());
      },
      (error) => done(error),
    );
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    claim.answer({ status: reply.statusCode, body: typeof payload === "string" ? payload : "" });
    // Sent only once committed: a failed commit answers 503 instead, and nothing was written.
    await claim.ended;
    return payload;
  });
  // A response that ended without passing onSend: nothing the request wrote stays. A client that
  // goes away midway is not such a case: the handler runs on, its answer still passes onSend and
  // commits, so none of its statements run outside the transaction.
  app.addHook("onResponse", async (request) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    claim.answer(null);
    await claim.ended.catch(() => {});
  });
}
