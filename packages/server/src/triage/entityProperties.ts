import { beaconContactProperties, kycPropertyGroup, type PropertyGroup } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

interface EntityRow {
  category: string;
  description: string | null;
  website: string | null;
  jurisdiction: string | null;
  kyc_level: number | null;
  law_enforcement_contact: unknown;
  v2_beacon_network_contact: unknown;
}

// The contact fields of a VASP's contact objects (docs/DATA.md), in the order the card lists them.
const contactFields = [
  ["name", "Name"],
  ["email", "E-mail"],
  ["phone", "Phone"],
  ["url", "Web form"],
] as const;

function contactObject(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      return contactObject(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function contactGroup(internalName: string, displayName: string, value: unknown): PropertyGroup {
  const contact = contactObject(value);
  return {
    internalName,
    displayName,
    properties: contactFields.flatMap(([field, name]) => {
      const text = contact[field];
      return typeof text === "string" && text !== "" ? [{ internal_name: field, name, value: text }] : [];
    }),
  };
}

/**
 * 002 §3 the property groups of an entity: an overview, its KYC controls (a VASP's level), and its
 * law-enforcement and beacon contacts (the SDK hides the beacon one). Null for an unknown entity.
 */
export async function entityPropertyGroups(
  db: Queryable,
  entityUrn: string,
): Promise<PropertyGroup[] | null> {
  const [row] = await db.query<EntityRow>(
    `SELECT c.name AS category, e.description, e.website, e.jurisdiction, e.kyc_level,
        e.law_enforcement_contact, e.v2_beacon_network_contact
       FROM entities e JOIN categories c ON c.id = e.category_id WHERE e.urn = $1`,
    [entityUrn],
  );
  if (!row) return null;
  const overview: PropertyGroup = {
    internalName: "overview",
    displayName: "Overview",
    properties: [
      { internal_name: "category", name: "Category", value: row.category },
      { internal_name: "description", name: "Description", value: row.description },
      { internal_name: "website", name: "Website", value: row.website },
      { internal_name: "jurisdiction", name: "Jurisdiction", value: row.jurisdiction },
    ].filter((property) => property.value !== null && property.value !== ""),
  };
  const kyc: PropertyGroup = {
    internalName: kycPropertyGroup.group,
    displayName: "KYC controls",
    properties:
      row.kyc_level === null
        ? []
        : [{ internal_name: kycPropertyGroup.property, name: "KYC level", value: row.kyc_level }],
  };
  return [
    overview,
    kyc,
    contactGroup(
      beaconContactProperties.lawEnforcementContact,
      "Law enforcement contact",
      row.law_enforcement_contact,
    ),
    contactGroup(
      beaconContactProperties.beaconNetworkContact,
      "Beacon network contact",
      row.v2_beacon_network_contact,
    ),
  ];
}

/** Keeps a law-enforcement contact suggestion (002 §4) for the data team. */
export async function saveLawEnforcementSuggestion(
  db: Queryable,
  input: { organizationId: number; userId: number; entityUrn: string; comments: string },
): Promise<{ suggestedAt: string }> {
  const [row] = await db.query<{ created_at: Date | string }>(
    `INSERT INTO law_enforcement_suggestions (organization_id, user_id, entity_urn, comments)
     VALUES ($1, $2, $3, $4) RETURNING created_at`,
    [input.organizationId, input.userId, input.entityUrn, input.comments],
  );
  const created = row?.created_at ?? new Date();
  return { suggestedAt: (created instanceof Date ? created : new Date(created)).toISOString() };
}
