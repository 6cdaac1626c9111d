import { consolePaths } from "@sleuth/sdk";

/** Destinations a user may pin (000 §3 pinned navigation), shown under the header in this order. */
export const navigationDestinations = [
  { id: "home", label: "Home", path: consolePaths.home },
  { id: "customEntities", label: "Custom entities", path: consolePaths.customEntities },
  { id: "graph", label: "Graph", path: consolePaths.graph },
  { id: "organizationSettings", label: "Organization settings", path: consolePaths.organizationSettings },
  { id: "preferences", label: "Preferences", path: consolePaths.preferences },
] as const;
