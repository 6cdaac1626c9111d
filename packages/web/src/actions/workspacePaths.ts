import { routes } from "../app/routes.ts";

/** The workspace screens' console paths (declared with the other routes in app/routes.ts). */
export const workspaceRoutes = {
  cases: routes.workspaceCases,
  case: routes.workspaceCase,
  inbox: routes.workspaceInbox,
  flags: routes.workspaceFlags,
  reports: routes.workspaceReports,
} as const;

export function casePath(id: string | number): string {
  return `${routes.workspaceCases}/${encodeURIComponent(String(id))}`;
}
