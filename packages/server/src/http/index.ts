export type { Caller, Member } from "./auth.ts";
export { requireRole, requireUser, roleAtLeast, sessionCookie } from "./auth.ts";
export { badRequest, conflict, forbidden, HttpError, notFound, unauthenticated } from "./errors.ts";
export { hostAllowed } from "./hostAllowlist.ts";
export { idempotencyKeyHeader, replayedHeader } from "./idempotency.ts";
export { RateLimiter } from "./rateLimit.ts";
export type { ServerOptions } from "./server.ts";
export { buildServer } from "./server.ts";
export { parseOr400 } from "./validation.ts";
