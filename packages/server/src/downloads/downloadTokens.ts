import { createHash, randomBytes } from "node:crypto";
import { downloadUrlLifetimeMs } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * 001 §7 download-url: a random token, of which only the SHA-256 is stored (as API tokens are),
 * working for a few minutes; minting another replaces it. The URL needs no cookie or bearer token,
 * so the browser can follow it as a plain link and the CLI fetch it.
 */
export async function mintDownloadToken(
  db: Queryable,
  jobId: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + downloadUrlLifetimeMs);
  await db.query(
    "UPDATE async_jobs SET download_token_hash = $2, download_token_expires_at = $3 WHERE id = $1",
    [jobId, hashOf(token), expiresAt.toISOString()],
  );
  return { token, expiresAt };
}

/**
 * The finished result a token opens, marking it downloaded (001 §3 resultDownloadedAt, the first
 * time); null for an unknown, expired or superseded token.
 */
export async function redeemDownloadToken(
  db: Queryable,
  token: string,
): Promise<{ path: string; fileName: string } | null> {
  const [row] = await db.query<{ path: string; fileName: string }>(
    `UPDATE async_jobs SET result_downloaded_at = coalesce(result_downloaded_at, now())
     WHERE download_token_hash = $1 AND download_token_expires_at > now() AND status = 'succeeded'
       AND result_expires_at > now()
     RETURNING result_path AS path, file_name AS "fileName"`,
    [hashOf(token)],
  );
  return row ?? null;
}
