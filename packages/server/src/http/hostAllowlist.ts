import { HttpError } from "./errors.ts";

function splitHost(value: string): { host: string; port: string | null } {
  const lower = value.trim().toLowerCase();
  if (lower.startsWith("[")) {
    const end = lower.indexOf("]");
    if (end < 0) return { host: lower, port: null };
    const rest = lower.slice(end + 1);
    return { host: lower.slice(0, end + 1), port: rest.startsWith(":") ? rest.slice(1) : null };
  }
  const colon = lower.lastIndexOf(":");
  if (colon < 0 || lower.indexOf(":") !== colon) return { host: lower, port: null };
  return { host: lower.slice(0, colon), port: lower.slice(colon + 1) };
}

/**
 * True when the Host header names an allowed host. An entry without a port allows any port; with a
 * port, that port only. A missing Host is refused.
 */
export function hostAllowed(hostHeader: string | undefined, allowlist: readonly string[]): boolean {
  if (!hostHeader) return false;
  const actual = splitHost(hostHeader);
  return allowlist.some((entry) => {
    const allowed = splitHost(entry);
    return allowed.host === actual.host && (allowed.port === null || allowed.port === actual.port);
  });
}

/** Against DNS rebinding (docs/API.md): a page on another name must not reach the local server. */
export function checkHost(hostHeader: string | undefined, allowlist: readonly string[]): void {
  if (!hostAllowed(hostHeader, allowlist)) {
    throw new HttpError(
      403,
      "host_not_allowed",
      "This host name is not allowed; add it to SLEUTH_ALLOWED_HOSTS",
    );
  }
}
