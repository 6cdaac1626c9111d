import { parseUrn } from "../chains/urn.ts";
import type { AttributionTag } from "./attributionTag.ts";

/**
 * 000 §6 wallet-cluster tags, shown while their feature flag is on. The store clusters addresses by
 * attribution: an attributed address's wallet cluster is every address of the entity its first
 * ordinary tag names (its owner), and the cluster's tags are that entity's attribution. The entity
 * URN of that cluster, or null with the flag off or for an address no entity owns.
 */
export function walletClusterEntityUrn(
  tags: readonly AttributionTag[],
  walletClusterTagsFlag: boolean,
): string | null {
  if (!walletClusterTagsFlag) return null;
  const owner = tags.find((tag) => tag.tagType !== "behavioral_signature" && tag.entityUrn);
  return owner?.entityUrn && parseUrn(owner.entityUrn)?.kind === "entity" ? owner.entityUrn : null;
}
