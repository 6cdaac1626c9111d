import { signInMessages, signInThrottle, signInWaitSeconds } from "@sleuth/sdk";
import { HttpError } from "../http/errors.ts";
import type { Queryable } from "../store/store.ts";

/** The keys one sign-in attempt counts against: the account (by e-mail) and the client address. */
export function signInKeys(email: string, clientAddress: string) {
  return [
    { key: `account:${email.trim().toLowerCase()}`, limits: signInThrottle.account },
    { key: `address:${clientAddress}`, limits: signInThrottle.address },
  ] as const;
}

type SignInKey = ReturnType<typeof signInKeys>[number];

/**
 * Refuses an attempt (429 with Retry-After) while any of its keys must still wait. A refused attempt
 * is not checked and not counted, so even the right password waits: guessing gains nothing.
 */
export async function assertSignInAllowed(db: Queryable, keys: readonly SignInKey[], now = new Date()) {
  const rows = await db.query<{ key: string; failures: number; last_failure_at: Date | string }>(
    "SELECT key, failures, last_failure_at FROM sign_in_failures WHERE key = ANY($1::text[])",
    [keys.map((entry) => entry.key)],
  );
  let waitSeconds = 0;
  for (const row of rows) {
    const since = (now.getTime() - new Date(row.last_failure_at).getTime()) / 1000;
    if (since > signInThrottle.forgetAfterSeconds) continue;
    const limits = keys.find((entry) => entry.key === row.key)!.limits;
    waitSeconds = Math.max(waitSeconds, Math.ceil(signInWaitSeconds(row.failures, limits) - since));
  }
  if (waitSeconds > 0) {
    throw new HttpError(429, "rate_limited", signInMessages.throttled(waitSeconds), {
      headers: { "retry-after": String(waitSeconds) },
    });
  }
}

/** Counts a failed attempt against every key; failures older than the forget window start over. */
export async function recordSignInFailure(db: Queryable, keys: readonly SignInKey[], now = new Date()) {
  for (const { key } of keys) {
    await db.query(
      `INSERT INTO sign_in_failures (key, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE
           WHEN sign_in_failures.last_failure_at < $2::timestamptz - make_interval(secs => $3)
             THEN 1
           ELSE sign_in_failures.failures + 1
         END,
         last_failure_at = $2`,
      [key, now.toISOString(), signInThrottle.forgetAfterSeconds],
    );
  }
}

/** A successful sign-in clears its account's failures (not the address's: one good account must not
 * reset the count of guesses at others). */
export async function clearSignInFailures(db: Queryable, keys: readonly SignInKey[]) {
  await db.query("DELETE FROM sign_in_failures WHERE key = $1", [keys[0]!.key]);
}
