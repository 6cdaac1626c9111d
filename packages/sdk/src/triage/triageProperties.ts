import { z } from "zod";
import {
  type AddressProperties,
  addressPropertyTags,
  addressTypes,
} from "../addressProperties/addressProperties.ts";
import { beaconContactProperties } from "../beacon/notification.ts";
import { type ChainId, chainIdSchema, chainInfo } from "../chains/chainRegistry.ts";
import { anyEntityUrnSchema } from "../chains/urn.ts";
import { kycLevelOf } from "./triageInsights.ts";
import { triageMessages } from "./triageMessages.ts";

const propertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** 002 §3 a property: its internal name, display name and value. */
export const triagePropertySchema = z.object({
  internal_name: z.string(),
  name: z.string(),
  value: propertyValueSchema,
});
export type TriageProperty = z.infer<typeof triagePropertySchema>;

// 002 §3: the address properties triage reads by name.
export const triageAddressPropertyNames = [
  "first_active",
  "last_active",
  "balance",
  "total_transactions",
  "inbound_transactions",
  "outbound_transactions",
] as const;
export type TriageAddressPropertyName = (typeof triageAddressPropertyNames)[number];

/** 002 §3 address properties, as POST /trm-insights/{v3|v4}/address/properties answers. */
export const triageAddressPropertiesSchema = z.array(triagePropertySchema);

/**
 * 002 §3 the display names of the address properties the server sends: the six the spec names, then
 * the 001 §3 property tags (address type, multisig type, compressed public key), each sent only when
 * the store knows it.
 */
export const addressPropertyDisplayNames = {
  first_active: "First active",
  last_active: "Last active",
  balance: "Balance (USD)",
  total_transactions: "Total transactions",
  inbound_transactions: "Inbound transactions",
  outbound_transactions: "Outbound transactions",
  address_type: "Address type",
  multisig_type: "Multisig type",
  public_key_compressed: "Public key compressed",
} as const satisfies Record<TriageAddressPropertyName | string, string>;

// Choice: one request names at most this many addresses (as the transaction lookup).
export const addressPropertiesMaxAddresses = 100;

/** 002 §7 the API versions of the address-properties route; the server answers both alike. */
export const addressPropertiesApiVersions = ["v3", "v4"] as const;
export type AddressPropertiesApiVersion = (typeof addressPropertiesApiVersions)[number];

/** Body of POST /trm-insights/{v3|v4}/address/properties (002 §7). */
export const addressPropertiesRequestSchema = z.object({
  addresses: z
    .array(z.object({ address: z.string().trim().min(1).max(256), chain: chainIdSchema }))
    .min(1)
    .max(addressPropertiesMaxAddresses),
});
export type AddressPropertiesRequest = z.infer<typeof addressPropertiesRequestSchema>;

/**
 * One answer of the address-properties route, in the order asked (docs/API.md "Triage"): an address
 * the store has never seen answers with no properties.
 */
export const addressPropertiesItemSchema = z.object({
  address: z.string(),
  chain: chainIdSchema,
  properties: triageAddressPropertiesSchema,
});
export type AddressPropertiesItem = z.infer<typeof addressPropertiesItemSchema>;

/** The 001 §3 property tags of an address from the properties the address-properties route sent. */
export function addressPropertyTagsOf(properties: readonly TriageProperty[]): string[] {
  const value = (name: string) => properties.find((property) => property.internal_name === name)?.value;
  const type = value("address_type");
  const multisig = value("multisig_type");
  const compressed = value("public_key_compressed");
  const known: AddressProperties = {
    addressType: addressTypes.find((candidate) => candidate === type) ?? null,
    multisigType: typeof multisig === "string" ? multisig : null,
    publicKeyCompressed: typeof compressed === "boolean" ? compressed : null,
  };
  return addressPropertyTags(known);
}

/**
 * 002 §7 "v4 for some chains": the version the SDK calls for a chain. Choice: v4 for the account
 * chains (EVM, TRON), v3 for the UTXO chains.
 */
export function addressPropertiesVersionFor(chain: ChainId): AddressPropertiesApiVersion {
  return chainInfo(chain).family === "utxo" ? "v3" : "v4";
}

/** The value of one address property, or null when it is missing. */
export function triageAddressProperty(
  properties: readonly TriageProperty[],
  name: TriageAddressPropertyName,
): TriageProperty["value"] {
  return properties.find((property) => property.internal_name === name)?.value ?? null;
}

/** 002 §3 property group of an entity. */
export const propertyGroupSchema = z.object({
  displayName: z.string(),
  internalName: z.string(),
  properties: z.array(triagePropertySchema),
});
export type PropertyGroup = z.infer<typeof propertyGroupSchema>;

// 002 §3: the KYC group and property that show as a level.
export const kycPropertyGroup = { group: "kyc_controls", property: "v2_kyc_level" } as const;

export type TriagePropertyCard =
  | { kind: "lawEnforcementContact"; group: PropertyGroup }
  | { kind: "kyc"; group: PropertyGroup; level: ReturnType<typeof kycLevelOf> }
  | { kind: "standard"; group: PropertyGroup };

/**
 * 002 §3: the entity property cards. v2_beacon_network_contact is never shown (as a property or a group);
 * law_enforcement_contact gets the contact card with its suggest-update form; kyc_controls shows its
 * v2_kyc_level as a level (weak, moderate, strong). Groups left with no properties are dropped, except the
 * law-enforcement card, which is where a contact can be suggested.
 */
export function triagePropertyCards(groups: readonly PropertyGroup[]): TriagePropertyCard[] {
  const hidden = beaconContactProperties.beaconNetworkContact;
  const cards: TriagePropertyCard[] = [];
  for (const source of groups) {
    if (source.internalName === hidden) continue;
    const group = {
      ...source,
      properties: source.properties.filter((property) => property.internal_name !== hidden),
    };
    if (group.internalName === beaconContactProperties.lawEnforcementContact) {
      cards.push({ kind: "lawEnforcementContact", group });
    } else if (group.properties.length === 0) {
    } else if (group.internalName === kycPropertyGroup.group) {
      const level = group.properties.find((property) => property.internal_name === kycPropertyGroup.property);
      cards.push({ kind: "kyc", group, level: kycLevelOf(level?.value) });
    } else {
      cards.push({ kind: "standard", group });
    }
  }
  return cards;
}

/** 002 §5 law-enforcement contact suggestion: comments are required. */
export const lawEnforcementSuggestionSchema = z.object({
  comments: z.string().trim().min(1, triageMessages.lawEnforcementCommentsRequired),
  entityUrn: anyEntityUrnSchema,
});
export type LawEnforcementSuggestion = z.infer<typeof lawEnforcementSuggestionSchema>;

/** 002 §4: the date of the last suggestion for an entity is kept in local storage under this key. */
export function lawEnforcementSuggestionKey(entityUrn: string): string {
  return `sleuth.triage.lawEnforcementSuggestion.${entityUrn}`;
}
export const lawEnforcementSuggestionStoredSchema = z.object({
  suggestedAt: z.iso.datetime({ offset: true }),
});

/** 002 §4: once a suggestion date is stored the form shows a thank-you; unreadable storage shows the form. */
export function lawEnforcementSuggestionView(raw: string | null): "form" | "thanks" {
  if (raw === null) return "form";
  try {
    return lawEnforcementSuggestionStoredSchema.safeParse(JSON.parse(raw)).success ? "thanks" : "form";
  } catch {
    return "form";
  }
}
