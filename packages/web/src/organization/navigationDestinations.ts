import { routes } from "../app/routes.ts";

/** Destinations a user may pin (000 §3 pinned navigation), shown under the header in this order. */
export const navigationDestinations = [
  { id: "home", label: "Home", path: routes.home },
  { id: "customEntities", label: "Custom entities", path: routes.customEntities },
  { id: "graph", label: "Graph", path: routes.graph },
  { id: "organizationSettings", label: "Organization settings", path: routes.organizationSettings },
  { id: "preferences", label: "Preferences", path: routes.preferences },
] as const;
