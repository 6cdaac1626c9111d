import { Link as PrimerLink } from "@primer/react";
import { triageBackButton } from "@sleuth/sdk";
import { Link } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { pathOfRoute } from "../navigation/routePaths.ts";
import type { TriageFrom } from "./triageNavigation.ts";

/** 002 §2: the back button, labelled by where the user came from (kept in history state). */
export function TriageBackLink() {
  const state = useHistoryState<{ triageFrom?: TriageFrom } | null>();
  const back = triageBackButton(state?.triageFrom ?? null);
  const target = pathOfRoute(back.route);
  return (
    <PrimerLink as={Link} href={target.to} className="sleuth-triage-back" data-testid="triage-back">
      ← {back.label}
    </PrimerLink>
  );
}
