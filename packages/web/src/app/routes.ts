import { consolePaths, isApiPath } from "@sleuth/sdk";

// The console's route patterns are the SDK's consolePaths; this module holds where a sign-in goes.

/**
 * Where to go after signing in: only a console path of this origin, so a crafted
 * `/signin?next=https://evil.example` or `//evil.example` cannot send the user elsewhere.
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return consolePaths.home;
  const path = next.split(/[?#]/)[0] ?? "";
  if (path === consolePaths.signIn || isApiPath(path)) return consolePaths.home;
  return next;
}

export function signInPath(next: string | null): string {
  return next && next !== consolePaths.home
    ? `${consolePaths.signIn}?next=${encodeURIComponent(next)}`
    : consolePaths.signIn;
}
