import { consolePath, consolePaths } from "@sleuth/sdk";

/** One case's page (`/workspace/cases/:id`). */
export function casePath(id: string | number): string {
  return consolePath(consolePaths.workspaceCase, { id: String(id) });
}
