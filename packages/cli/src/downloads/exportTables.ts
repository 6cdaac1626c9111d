import {
  type ExportJobType,
  type ExportRequest,
  type FlowValueType,
  parseUrn,
  subjectFieldsFor,
} from "@sleuth/sdk";
import { CliError } from "../errors.ts";

/** The tables `sleuth export` knows, named as an investigator says them. */
export const exportTables = [
  "transfers",
  "counterparties",
  "category-transfers",
  "category-addresses",
  "risk",
  "search",
  "screening",
] as const;
export type ExportTable = (typeof exportTables)[number];

const transferJobTypes: Record<FlowValueType, ExportJobType> = {
  address: "ADDRESS_TRANSFERS_CSV",
  entity: "ENTITY_TRANSFERS_CSV",
  "custom-entity": "CUSTOM_ENTITY_TRANSFERS_CSV",
};

const counterpartyJobTypes: Record<FlowValueType, ExportJobType> = {
  address: "ADDRESS_COUNTERPARTIES_CSV",
  entity: "ENTITY_COUNTERPARTIES_CSV",
  "custom-entity": "CUSTOM_ENTITY_COUNTERPARTIES_CSV",
};

export interface ExportTableOptions {
  attributionType?: string;
  urns?: string[];
  /** category-transfers and category-addresses: the category's id. */
  category?: number;
  /** counterparties: named entities only, and a 000 §9 risk score level floor. */
  named?: boolean;
  risk?: number;
}

/** The subject of a table: an address, entity or custom-entity URN, and which of the three. */
function subjectOf(text: string): { valueType: FlowValueType; urn: string } {
  const urn = text.trim();
  const kind = parseUrn(urn)?.kind;
  if (kind === "address" || kind === "entity" || kind === "custom-entity") return { valueType: kind, urn };
  throw new CliError(`not an address, entity or custom-entity URN: ${text}`, {
    hint: "for example urn:sleuth:address:ethereum:0x…",
  });
}

function categoryOf(options: ExportTableOptions): number {
  if (options.category === undefined)
    throw new CliError("--category <id> is required for the category tables", {
      hint: "the id a risk indicator names (sleuth exposure <subject> --by category lists them)",
    });
  return options.category;
}

/**
 * The job request for `sleuth export <table> <subject>`: transfers, counterparties, the category
 * tables and the risk indicators of an address, entity or custom entity URN; search results of a query (`--type`);
 * screening results of a list of address URNs (the subject is read by the caller from a file, one
 * per line).
 */
export function exportRequestFor(
  table: ExportTable,
  subject: string,
  options: ExportTableOptions,
): ExportRequest {
  switch (table) {
    case "transfers": {
      const { valueType, urn } = subjectOf(subject);
      return { jobType: transferJobTypes[valueType], parameters: { ...subjectFieldsFor(valueType, urn) } };
    }
    case "counterparties": {
      const { valueType, urn } = subjectOf(subject);
      return {
        jobType: counterpartyJobTypes[valueType],
        parameters: {
          ...subjectFieldsFor(valueType, urn),
          includeNamedEntitiesOnly: options.named ?? false,
          ...(options.risk === undefined ? {} : { riskScoreLevel: options.risk }),
        },
      };
    }
    case "category-transfers": {
      const { valueType, urn } = subjectOf(subject);
      return {
        jobType: "CATEGORY_TRANSFERS_CSV",
        parameters: { ...subjectFieldsFor(valueType, urn), counterpartyCategoryId: categoryOf(options) },
      };
    }
    case "category-addresses": {
      const { valueType, urn } = subjectOf(subject);
      return {
        jobType: "CATEGORY_ADDRESSES_CSV",
        parameters: { ...subjectFieldsFor(valueType, urn), ownershipCategoryId: categoryOf(options) },
      };
    }
    case "risk": {
      const { valueType, urn } = subjectOf(subject);
      return { jobType: "RISK_INDICATORS_CSV", parameters: { ...subjectFieldsFor(valueType, urn) } };
    }
    case "search":
      return {
        jobType: "SEARCH_RESULTS_CSV",
        parameters: { query: subject, attributionType: options.attributionType ?? "address" },
      };
    case "screening":
      return { jobType: "SCREENING_RESULTS_CSV", parameters: { addressChainUrns: options.urns ?? [] } };
  }
}

/** `--range A-B`: 1-based rows, both ends required (001 §5). */
export function parseRange(value: string): { start: number; end: number } {
  const match = /^(\d+)-(\d+)$/.exec(value.trim());
  if (!match) throw new CliError(`--range takes FIRST-LAST, for example 1-500 (got ${value})`);
  return { start: Number(match[1]), end: Number(match[2]) };
}
