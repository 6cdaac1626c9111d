import type { ChainId } from "../chains/chainRegistry.ts";
import { recognizeIdentifier } from "../chains/recognizeIdentifier.ts";
import { formatUrn, parseUrn } from "../chains/urn.ts";

export interface ResourceInput {
  /** Resource URNs in the order given, each once. */
  resourceUrns: string[];
  /** Pieces that are neither a URN nor an address. */
  unrecognized: string[];
}

/**
 * Pasted text (one per line, or separated by commas, semicolons or spaces) to custom-entity
 * resources: a URN stays as written (canonicalised when it parses; the compatibility call judges
 * it); an address becomes the URN of the first chain it fits (registry order, 000 §5 recognition),
 * skipping the chains the deployment excludes. Choice: a bare 0x address joins on one EVM chain
 * only; to group it on several, paste each address URN.
 */
export function resourcesFromText(
  text: string,
  options: { excludedChains?: readonly ChainId[] } = {},
): ResourceInput {
  const resourceUrns: string[] = [];
  const unrecognized: string[] = [];
  const seen = new Set<string>();
  const keep = (urn: string) => {
    if (seen.has(urn)) return;
    seen.add(urn);
    resourceUrns.push(urn);
  };
  for (const piece of text.split(/[\s,;]+/)) {
    if (piece === "") continue;
    if (/^urn:/i.test(piece)) {
      const parts = parseUrn(piece);
      keep(parts ? formatUrn(parts) : piece);
      continue;
    }
    const address = recognizeIdentifier(piece, {
      recognizeInet: false,
      ...(options.excludedChains ? { excludedChains: options.excludedChains } : {}),
    }).find((identifier) => identifier.kind === "address");
    if (address) keep(address.urn);
    else unrecognized.push(piece);
  }
  return { resourceUrns, unrecognized };
}
