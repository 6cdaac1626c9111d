import { displayAddress } from "../chains/address.ts";
import { chainInfo } from "../chains/chainRegistry.ts";
import { parseUrn } from "../chains/urn.ts";
import { truncateSearchTitle } from "./searchTitles.ts";

/** How a subject known only by its URN is named in a list: a short title and what it is. */
export interface UrnTitle {
  /** The title cut as 002 §9 cuts search titles (addresses 10/10, transactions 16/16). */
  title: string;
  /** The whole identifier, for a tooltip. */
  full: string;
  /** "Address on Ethereum", "Entity", …. */
  detail: string;
}

/** Names a subject by its URN alone (recent searches, a case's elements); null when it is no URN. */
export function urnTitle(urn: string): UrnTitle | null {
  const parts = parseUrn(urn);
  if (parts === null) return null;
  switch (parts.kind) {
    case "address": {
      const shown = displayAddress(parts.chain, parts.address);
      return {
        title: truncateSearchTitle(shown, "address"),
        full: shown,
        detail: `Address on ${chainInfo(parts.chain).name}`,
      };
    }
    case "transaction":
      return {
        title: truncateSearchTitle(parts.hash, "transaction"),
        full: parts.hash,
        detail: `Transaction on ${chainInfo(parts.chain).name}`,
      };
    case "entity":
      return { title: `Entity ${parts.id}`, full: urn, detail: "Entity" };
    case "custom-entity":
      return { title: truncateSearchTitle(parts.id, "creator"), full: urn, detail: "Custom entity" };
    case "inet":
      return { title: parts.ip, full: parts.ip, detail: "IP address" };
    case "asset":
      return { title: parts.asset, full: parts.asset, detail: `Asset on ${chainInfo(parts.chain).name}` };
  }
}
