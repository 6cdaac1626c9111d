import { parseUrn, type TriageDetailsSection } from "@sleuth/sdk";
import { atom } from "nanostores";
import { useCallback } from "react";
import { useLocation } from "wouter";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { triageAddressPath } from "./triagePaths.ts";

/**
 * A section asked for by an action (view victim reports opens chainabuse). 002 §2 opens only
 * owns-controls from the URL, so other sections travel here rather than in `section`.
 */
export const $requestedSection = atom<TriageDetailsSection | null>(null);

/** Shows the Details tab with `section` open. */
export function useOpenSection(subject: ActionSubject): (section: TriageDetailsSection) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (section: TriageDetailsSection) => {
      const parts = parseUrn(subject.urn);
      if (parts?.kind !== "address") return;
      $requestedSection.set(section);
      navigate(triageAddressPath(parts.chain, parts.address, { tab: "details" }));
    },
    [navigate, subject.urn],
  );
}
