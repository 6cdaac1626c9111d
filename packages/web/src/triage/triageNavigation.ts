import { type RouteDescriptor, type RouteName, recognizeIdentifier } from "@sleuth/sdk";
import { triageAddressPath, triageTransactionPath } from "./triagePaths.ts";

/** Where a triage page was opened from, carried in history state for 002 §2's back button. */
export interface TriageFrom {
  name: RouteName;
  query?: Record<string, string>;
}

/** The history state a link into a triage page carries. */
export function triageFromState(from: TriageFrom): { triageFrom: TriageFrom } {
  return { triageFrom: from };
}

/** The triage page of a recognised address or transaction hash (the first chain it fits), or null. */
export function triagePathOfIdentifier(identifier: string): string | null {
  const match = recognizeIdentifier(identifier, { recognizeInet: false })[0];
  if (!match?.chain) return null;
  return match.kind === "address"
    ? triageAddressPath(match.chain, match.value)
    : triageTransactionPath(match.chain, match.value);
}

/** The triage page of an SDK route descriptor (the address and transaction ones), else null. */
export function triagePathOfRoute(route: RouteDescriptor): string | null {
  const params = route.params ?? {};
  if (route.name === "triageAddress" && params.chain && params.address)
    return triageAddressPath(params.chain, params.address);
  if (route.name === "triageTransaction" && params.chain && params.hash)
    return triageTransactionPath(params.chain, params.hash);
  return null;
}
