import { createHash, randomBytes } from "node:crypto";

export const apiTokenPrefix = "slt_";

/** A new API token: `slt_` and 32 random bytes in base64url. Shown once; only its hash is kept. */
export function newApiToken(): string {
  return `${apiTokenPrefix}${randomBytes(32).toString("base64url")}`;
}

/** A new browser session id (the cookie value). */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** Hex SHA-256: how tokens and session ids are stored and looked up. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
