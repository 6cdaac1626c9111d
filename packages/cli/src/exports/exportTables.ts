import { type ExportJobType, type ExportRequest, parseUrn } from "@sleuth/sdk";
import { CliError } from "../errors.ts";

/** The tables `sleuth export` knows, named as an investigator says them. */
export const exportTables = ["transfers", "search", "screening"] as const;
export type ExportTable = (typeof exportTables)[number];

const transferJobTypes: Record<string, ExportJobType> = {
  address: "ADDRESS_TRANSFERS_CSV",
  entity: "ENTITY_TRANSFERS_CSV",
  "custom-entity": "CUSTOM_ENTITY_TRANSFERS_CSV",
};

/**
 * The job request for `sleuth export <table> <subject>`: transfers of an address, entity or custom
 * entity URN; search results of a query (`--type`); screening results of a list of address URNs
 * (the subject is read by the caller from a file, one per line).
 */
export function exportRequestFor(
  table: ExportTable,
  subject: string,
  options: { attributionType?: string; urns?: string[] },
): ExportRequest {
  switch (table) {
    case "transfers": {
      const parts = parseUrn(subject.trim());
      const jobType = parts ? transferJobTypes[parts.kind] : undefined;
      if (!jobType)
        throw new CliError(`not an address, entity or custom-entity URN: ${subject}`, {
          hint: "for example urn:sleuth:address:ethereum:0x…",
        });
      const key =
        jobType === "ADDRESS_TRANSFERS_CSV"
          ? "addressChainUrn"
          : jobType === "ENTITY_TRANSFERS_CSV"
            ? "entityUrn"
            : "customEntityUrn";
      return { jobType, parameters: { [key]: subject.trim() } };
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
