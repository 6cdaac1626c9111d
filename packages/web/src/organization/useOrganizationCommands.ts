import { consolePaths } from "@sleuth/sdk";
import { useLocation } from "wouter";
import { useCommands } from "../commands/useCommands.ts";
import { openFeatureFlagsDialog } from "./organizationDialogs.ts";

/**
 * Organization settings (g s), preferences (g p), the instance operator's page (g a; it shows nothing
 * without the operator's credential) and the feature-flag debug dialog (g f).
 */
export function useOrganizationCommands(): void {
  const [, navigate] = useLocation();
  useCommands([
    {
      id: "organization.settings",
      title: "Organization settings",
      group: "Organization",
      keys: "g s",
      keywords: ["members", "invite", "roles", "rename", "create organization"],
      run: () => navigate(consolePaths.organizationSettings),
    },
    {
      id: "account.preferences",
      title: "Preferences",
      group: "Account",
      keys: "g p",
      keywords: ["settings", "cache", "columns", "pinned", "ai"],
      run: () => navigate(consolePaths.preferences),
    },
    {
      id: "operator.page",
      title: "Instance operator: licences and networks",
      group: "Organization",
      keys: "g a",
      keywords: ["operator", "admin", "forensics", "licence", "license", "networks", "suggestions"],
      run: () => navigate(consolePaths.operator),
    },
    {
      id: "debug.featureFlags",
      title: "Feature flags (debug)",
      group: "Help",
      keys: "g f",
      keywords: ["flags", "toggles", "debug"],
      run: openFeatureFlagsDialog,
    },
  ]);
}
