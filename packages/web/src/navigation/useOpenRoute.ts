import type { RouteDescriptor } from "@sleuth/sdk";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { accessibleRoute } from "./routeAccess.ts";
import { pathOfRoute } from "./routePaths.ts";

/** Opens an SDK route: checked for access first (000 §2), its state carried in history (wouter). */
export function useOpenRoute(): (route: RouteDescriptor) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (route: RouteDescriptor) => {
      const target = pathOfRoute(accessibleRoute(route));
      navigate(target.to, { state: target.state ?? null, replace: target.replace ?? false });
    },
    [navigate],
  );
}
