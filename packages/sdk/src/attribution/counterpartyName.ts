import { z } from "zod";

// Issue 39 "named counterparties": one rule names a counterparty wherever it is shown or written
// (transfer, counterparty and category tables, exports, graph nodes and edges, trace paths, the
// triage report, the CLI's tables). docs/RULES.md "A counterparty's name".

/** A counterparty's name is its owner entity's, or else one of its attribution labels'. */
export const counterpartyNameKinds = ["entity", "label"] as const;
export type CounterpartyNameKind = (typeof counterpartyNameKinds)[number];

/**
 * Ours (additive to the wire rows): an address's best attribution label and where it came from
 * (an address-label list's file or `source` column, a GraphSense pack, the OFAC list). The server
 * picks the ordinary tag of the highest confidence level, then the most recent.
 */
export const attributionLabelSchema = z.object({ label: z.string(), source: z.string() });
export type AttributionLabel = z.infer<typeof attributionLabelSchema>;

/** What names a counterparty: its name, whether it is an entity or a label, and the label's source. */
export interface CounterpartyName {
  name: string;
  kind: CounterpartyNameKind;
  /** The label's source; null for an entity. */
  source: string | null;
}

/** A CounterpartyName on the wire (the triage report's rows carry it). */
export const counterpartyNameSchema = z.object({
  name: z.string(),
  kind: z.enum(counterpartyNameKinds),
  source: z.string().nullable(),
}) satisfies z.ZodType<CounterpartyName>;

/**
 * The owner entity's name when it has one, else its best attribution label with the label's
 * source, else null (an unnamed address, shown by its address).
 */
export function counterpartyNameOf(parts: {
  entity?: string | null | undefined;
  label?: AttributionLabel | null | undefined;
}): CounterpartyName | null {
  // An empty name names nothing (the CSV export restates this rule in SQL, transferCsvSql.ts).
  const entity = parts.entity;
  if (entity) return { name: entity, kind: "entity", source: null };
  const label = parts.label?.label;
  if (label) return { name: label, kind: "label", source: parts.label?.source || null };
  return null;
}

/** How the kind of a name reads beside it (a table's badge, the CLI's column). */
export function counterpartyNameKindText(name: CounterpartyName): string {
  return name.kind === "entity" ? "entity" : name.source ? `label · ${name.source}` : "label";
}

/** A name on one line (a graph node's title, a trace path, the CLI): "Binance (entity)". */
export function counterpartyNameText(name: CounterpartyName | null, fallback = ""): string {
  return name === null ? fallback : `${name.name} (${counterpartyNameKindText(name)})`;
}
