import { consolePaths } from "@sleuth/sdk";
import { useEffect } from "react";
import { useLocation } from "wouter";

// Choice: the invalid message stays long enough to be read, then Triage home replaces the page.
export const triageInvalidRedirectMs = 3000;

/** 002 §2 / §5: an invalid address or transaction route shows its message, then goes to Triage home. */
export function useInvalidRedirect(invalid: boolean): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!invalid) return;
    const timer = setTimeout(
      () => navigate(consolePaths.triageHome, { replace: true }),
      triageInvalidRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [invalid, navigate]);
}
