import { consolePaths } from "@sleuth/sdk";

/**
 * 002 §2 refresh route: where the console goes after a feature flag changed. It reloads the whole
 * console (so the login sequence fetches the flags again and every gated feature follows), then
 * returns to `next`.
 */
export function refreshPath(next: string): string {
  return `${consolePaths.refresh}?next=${encodeURIComponent(next)}`;
}
