import { z } from "zod";
import { canonicalAddress } from "./address.ts";
import { type ChainId, chainIdSchema, chainIds, chainInfo } from "./chainRegistry.ts";
import { normalizeIpAddress } from "./inet.ts";
import { isValidTransactionHash, normalizeTransactionHash } from "./transactionHash.ts";

// One URN scheme for every resource; URNs are parsed and formatted only in this module.
//   urn:sleuth:address:{chain}:{canonical address}
//   urn:sleuth:transaction:{chain}:{canonical hash}
//   urn:sleuth:entity:{lowercase slug or uuid}
//   urn:sleuth:custom-entity:{uuid}
//   urn:sleuth:asset:{chain}:{"native" | canonical token contract address}
//   urn:sleuth:inet:{ip}
// The value is everything after the last fixed segment, so it may itself hold colons
// (CashAddr's "bitcoincash:" prefix, IPv6).

const urnPrefix = "urn:sleuth:";
const maxUrnLength = 256;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slugPattern = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;
const maxSlugLength = 128;
export const nativeAssetId = "native";

export const urnKinds = ["address", "transaction", "entity", "custom-entity", "asset", "inet"] as const;
export const urnKindSchema = z.enum(urnKinds);
export type UrnKind = z.infer<typeof urnKindSchema>;

export const urnPartsSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("address"), chain: chainIdSchema, address: z.string() }),
  z.object({ kind: z.literal("transaction"), chain: chainIdSchema, hash: z.string() }),
  z.object({ kind: z.literal("entity"), id: z.string() }),
  z.object({ kind: z.literal("custom-entity"), id: z.string() }),
  z.object({ kind: z.literal("asset"), chain: chainIdSchema, asset: z.string() }),
  z.object({ kind: z.literal("inet"), ip: z.string() }),
]);
export type UrnParts = z.infer<typeof urnPartsSchema>;

function canonicalEntityId(id: string): string | null {
  if (uuidPattern.test(id)) return id.toLowerCase();
  return id.length <= maxSlugLength && slugPattern.test(id) ? id : null;
}

function canonicalAsset(chain: ChainId, asset: string): string | null {
  if (asset === nativeAssetId) return asset;
  // UTXO chains have only their native coin here; token contracts exist on account chains.
  if (chainInfo(chain).family === "utxo") return null;
  return canonicalAddress(chain, asset);
}

/** The parts with every value in canonical form, or null when a value is invalid. */
function canonicalParts(parts: UrnParts): UrnParts | null {
  switch (parts.kind) {
    case "address": {
      const address = canonicalAddress(parts.chain, parts.address);
      if (address === null) return null;
      // Usually already canonical (URNs are written so): no copy then.
      return address === parts.address ? parts : { ...parts, address };
    }
    case "transaction":
      return isValidTransactionHash(parts.chain, parts.hash)
        ? { ...parts, hash: normalizeTransactionHash(parts.chain, parts.hash) }
        : null;
    case "entity":
    case "custom-entity": {
      const id =
        parts.kind === "entity" ? canonicalEntityId(parts.id) : uuidPattern.test(parts.id) ? parts.id : null;
      return id === null ? null : { ...parts, id: id.toLowerCase() };
    }
    case "asset": {
      const asset = canonicalAsset(parts.chain, parts.asset);
      return asset === null ? null : { ...parts, asset };
    }
    case "inet": {
      const ip = normalizeIpAddress(parts.ip);
      return ip === null ? null : { ...parts, ip };
    }
  }
}

/**
 * Everything a URN of `kind` holds before its value (and, for chain-bound kinds, before the chain
 * id): what a store statement that writes URNs itself (the transfer export's CSV) puts in front of
 * the canonical values it holds.
 */
export function urnKindPrefix(kind: UrnKind): string {
  return `${urnPrefix}${kind}:`;
}

function joinUrn(parts: UrnParts): string {
  switch (parts.kind) {
    case "address":
      return `${urnPrefix}address:${parts.chain}:${parts.address}`;
    case "transaction":
      return `${urnPrefix}transaction:${parts.chain}:${parts.hash}`;
    case "entity":
    case "custom-entity":
      return `${urnPrefix}${parts.kind}:${parts.id}`;
    case "asset":
      return `${urnPrefix}asset:${parts.chain}:${parts.asset}`;
    case "inet":
      return `${urnPrefix}inet:${parts.ip}`;
  }
}

/** Formats a URN with its value in canonical form; throws when the value is not valid. */
export function formatUrn(parts: UrnParts): string {
  const canonical = canonicalParts(parts);
  if (canonical === null)
    throw new TypeError(`Not a valid ${parts.kind} for a URN: ${JSON.stringify(parts)}`);
  return joinUrn(canonical);
}

const kindsByName = new Map<string, UrnKind>(urnKinds.map((kind) => [kind, kind]));
const chainsByName = new Map<string, ChainId>(chainIds.map((id) => [id, id]));

/** The fixed segment of `urn` from `start` to the next colon (case ignored) and where the rest begins. */
function segmentAt<Name>(
  urn: string,
  start: number,
  names: ReadonlyMap<string, Name>,
): { name: Name; rest: number } | null {
  const end = urn.indexOf(":", start);
  if (end < 0) return null;
  const name = names.get(urn.slice(start, end).toLowerCase());
  return name === undefined ? null : { name, rest: end + 1 };
}

function splitUrn(urn: string): UrnParts | null {
  if (urn.length > maxUrnLength) return null;
  // The fixed segments ignore case; URNs as this module writes them start exactly so.
  if (!urn.startsWith(urnPrefix) && urn.slice(0, urnPrefix.length).toLowerCase() !== urnPrefix) return null;
  const kind = segmentAt(urn, urnPrefix.length, kindsByName);
  if (kind === null) return null;
  switch (kind.name) {
    case "entity":
    case "custom-entity":
      return { kind: kind.name, id: urn.slice(kind.rest) };
    case "inet":
      return { kind: "inet", ip: urn.slice(kind.rest) };
    case "address":
    case "transaction":
    case "asset": {
      const chain = segmentAt(urn, kind.rest, chainsByName);
      if (chain === null) return null;
      const value = urn.slice(chain.rest);
      if (kind.name === "address") return { kind: "address", chain: chain.name, address: value };
      if (kind.name === "transaction") return { kind: "transaction", chain: chain.name, hash: value };
      return { kind: "asset", chain: chain.name, asset: value };
    }
  }
}

/**
 * Parses a URN, checking that the address, hash, id or IP is valid; values come back in canonical
 * form, so formatUrn(parseUrn(x)) is the canonical spelling of x. Null when it is not a valid URN.
 */
export function parseUrn(urn: string): UrnParts | null {
  const split = splitUrn(urn);
  return split === null ? null : canonicalParts(split);
}

/**
 * The URN of parts a decoder of this folder has just put in canonical form (recognition): joined
 * without decoding the value a second time.
 */
export function urnOfCanonicalParts(parts: UrnParts): string {
  return joinUrn(parts);
}

export function isUrn(value: string): boolean {
  return parseUrn(value) !== null;
}

export function addressChainUrn(chain: ChainId, address: string): string {
  return formatUrn({ kind: "address", chain, address });
}

export function transactionUrn(chain: ChainId, hash: string): string {
  return formatUrn({ kind: "transaction", chain, hash });
}

export function entityUrn(id: string): string {
  return formatUrn({ kind: "entity", id });
}

export function customEntityUrn(uuid: string): string {
  return formatUrn({ kind: "custom-entity", id: uuid });
}

export function assetUrn(chain: ChainId, asset: string): string {
  return formatUrn({ kind: "asset", chain, asset });
}

export function inetUrn(ip: string): string {
  return formatUrn({ kind: "inet", ip });
}

function urnOfKindsSchema(kinds: readonly UrnKind[], label: string) {
  return z.string().refine((value) => {
    const kind = parseUrn(value)?.kind;
    return kind !== undefined && kinds.includes(kind);
  }, `Not a valid ${label} URN`);
}

export const urnSchema = urnOfKindsSchema(urnKinds, "sleuth");
export const addressChainUrnSchema = urnOfKindsSchema(["address"], "address");
export const transactionUrnSchema = urnOfKindsSchema(["transaction"], "transaction");
export const entityUrnSchema = urnOfKindsSchema(["entity"], "entity");
export const customEntityUrnSchema = urnOfKindsSchema(["custom-entity"], "custom entity");
/** Fields named entityUrn may hold either an entity's or a custom entity's URN (002 custom entity result). */
export const anyEntityUrnSchema = urnOfKindsSchema(["entity", "custom-entity"], "entity");
export const assetUrnSchema = urnOfKindsSchema(["asset"], "asset");
export const inetUrnSchema = urnOfKindsSchema(["inet"], "inet");
