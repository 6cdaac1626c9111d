import {
  type CounterpartyFilters,
  type ExportRequest,
  type OwnershipAddressesRequest,
  type OwnershipAddressFilters,
  type OwnershipCategory,
  type RiskIndicatorRow,
  type RiskRowFilters,
  subjectFieldsFor,
} from "@sleuth/sdk";
import type { DownloadTarget } from "../downloads/downloadStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import type { Subject } from "../workspace/subjectPane.ts";

/** A Download CSV target whose count is the export's own (the server counts the request's rows). */
function targetOf(label: string, request: ExportRequest): DownloadTarget {
  return { label, ...request, count: () => sleuthClient.asyncJobs.count(request) };
}

const counterpartyJobTypes = {
  address: "ADDRESS_COUNTERPARTIES_CSV",
  entity: "ENTITY_COUNTERPARTIES_CSV",
  "custom-entity": "CUSTOM_ENTITY_COUNTERPARTIES_CSV",
} as const;

/** 002 §7: the Counterparties pane as a Download CSV target, under the pane's filters. */
export function counterpartiesDownload(
  subject: Subject,
  filters: {
    includeNamedEntitiesOnly: boolean;
    riskScoreLevel?: number | undefined;
    filters?: CounterpartyFilters | undefined;
  },
): DownloadTarget {
  return targetOf("counterparties", {
    jobType: counterpartyJobTypes[subject.kind],
    parameters: {
      ...subjectFieldsFor(subject.kind, subject.urn),
      includeNamedEntitiesOnly: filters.includeNamedEntitiesOnly,
      ...(filters.riskScoreLevel === undefined ? {} : { riskScoreLevel: filters.riskScoreLevel }),
      ...(filters.filters ? { filters: filters.filters } : {}),
    },
  });
}

/** 001 §3 the Risk pane's rows as a Download CSV target, under the pane's header filters. */
export function riskIndicatorsDownload(
  subject: Subject,
  filters: RiskRowFilters | undefined,
): DownloadTarget {
  return targetOf("risk indicators", {
    jobType: "RISK_INDICATORS_CSV",
    parameters: { ...subjectFieldsFor(subject.kind, subject.urn), ...(filters ? { filters } : {}) },
  });
}

/**
 * 001 §2: the whole table behind a risk indicator's details (the sidebar shows at most 15 rows):
 * the category transfers of a counterparty indicator, the category addresses of an ownership one.
 * Behavioral and indirect indicators list addresses no table of 001 §7 answers: no download.
 */
export function riskDetailsDownload(subject: Subject, indicator: RiskIndicatorRow): DownloadTarget | null {
  const owner = subjectFieldsFor(subject.kind, subject.urn);
  if (indicator.riskType === "counterparty")
    return targetOf(`${indicator.category} transfers`, {
      jobType: "CATEGORY_TRANSFERS_CSV",
      parameters: { ...owner, counterpartyCategoryId: indicator.categoryId },
    });
  if (indicator.riskType === "ownership")
    return targetOf(`${indicator.category} addresses`, {
      jobType: "CATEGORY_ADDRESSES_CSV",
      parameters: { ...owner, ownershipCategoryId: indicator.categoryId },
    });
  return null;
}

/** 001 §2 the category addresses table as a Download CSV target, in the table's order. */
export function ownershipAddressesDownload(
  subject: Subject,
  category: OwnershipCategory,
  sort: NonNullable<OwnershipAddressesRequest["sort"]>,
  filters: OwnershipAddressFilters,
): DownloadTarget {
  return targetOf(`${category.category} addresses`, {
    jobType: "CATEGORY_ADDRESSES_CSV",
    parameters: {
      ...subjectFieldsFor(subject.kind, subject.urn),
      ownershipCategoryId: category.categoryId,
      sort,
      filters,
    },
  });
}
