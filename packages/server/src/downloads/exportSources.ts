import {
  type ExportJobType,
  type ExportParameters,
  exportParameterSchemas,
  type FlowSubject,
  type FlowValueType,
  flowValueTypes,
  type Role,
  subjectFieldOf,
} from "@sleuth/sdk";
import { resolveFlowSubject } from "../flows/flowSubjects.ts";
import type { Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import { addressScope, customEntityScope, entityScope } from "../transfers/scope.ts";
import {
  categoryAddressRowSource,
  categoryTransferRowSource,
  counterpartyRowSource,
  riskIndicatorRowSource,
} from "./flowRows.ts";
import type { RowSource } from "./rowSource.ts";
import { screeningRowSource } from "./screeningRows.ts";
import { searchRowSource } from "./searchRows.ts";
import { transferRowSource } from "./transferRows.ts";

/**
 * The role that may read each table, which is the role that may export it (a file holds nothing
 * its reader could not see on screen): the same minimum the table's own read call asks for.
 */
export const exportReadRole: Record<ExportJobType, Role> = {
  ADDRESS_TRANSFERS_CSV: "viewer",
  ENTITY_TRANSFERS_CSV: "viewer",
  CUSTOM_ENTITY_TRANSFERS_CSV: "viewer",
  SEARCH_RESULTS_CSV: "viewer",
  SCREENING_RESULTS_CSV: "viewer",
  ADDRESS_COUNTERPARTIES_CSV: "viewer",
  ENTITY_COUNTERPARTIES_CSV: "viewer",
  CUSTOM_ENTITY_COUNTERPARTIES_CSV: "viewer",
  CATEGORY_TRANSFERS_CSV: "viewer",
  CATEGORY_ADDRESSES_CSV: "viewer",
  RISK_INDICATORS_CSV: "viewer",
};

/** A default file name label per table (001 §9: the name adds a UTC timestamp). */
export const exportFileLabel: Record<ExportJobType, string> = {
  ADDRESS_TRANSFERS_CSV: "address-transfers",
  ENTITY_TRANSFERS_CSV: "entity-transfers",
  CUSTOM_ENTITY_TRANSFERS_CSV: "custom-entity-transfers",
  SEARCH_RESULTS_CSV: "search-results",
  SCREENING_RESULTS_CSV: "screening-results",
  ADDRESS_COUNTERPARTIES_CSV: "address-counterparties",
  ENTITY_COUNTERPARTIES_CSV: "entity-counterparties",
  CUSTOM_ENTITY_COUNTERPARTIES_CSV: "custom-entity-counterparties",
  CATEGORY_TRANSFERS_CSV: "category-transfers",
  CATEGORY_ADDRESSES_CSV: "category-addresses",
  RISK_INDICATORS_CSV: "risk-indicators",
};

type Sources = {
  [T in ExportJobType]: (
    db: Queryable,
    parameters: ExportParameters<T>,
    viewer: Viewer,
  ) => Promise<RowSource>;
};

/** The subject a category table belongs to (the schema made sure exactly one field is set). */
function flowSubjectOf(
  db: Queryable,
  parameters: FlowSubject,
  viewer: Viewer,
): ReturnType<typeof resolveFlowSubject> {
  const valueType = flowValueTypes.find((type) => parameters[subjectFieldOf[type]] !== undefined);
  const type: FlowValueType = valueType ?? "address";
  return resolveFlowSubject(db, type, parameters[subjectFieldOf[type]] ?? "", viewer);
}

// Every subject resolves as its table's read call resolves it (the transfers module's scopes, the
// flows module's subjects), so another organization's custom entity answers 404 as there.
const sources: Sources = {
  async ADDRESS_TRANSFERS_CSV(db, parameters, viewer) {
    return transferRowSource(db, await addressScope(db, parameters.addressChainUrn), parameters, viewer);
  },
  async ENTITY_TRANSFERS_CSV(db, parameters, viewer) {
    return transferRowSource(db, await entityScope(db, parameters.entityUrn), parameters, viewer);
  },
  async CUSTOM_ENTITY_TRANSFERS_CSV(db, parameters, viewer) {
    const scope = await customEntityScope(db, parameters.customEntityUrn, viewer);
    return transferRowSource(db, scope, parameters, viewer);
  },
  async SEARCH_RESULTS_CSV(db, parameters, viewer) {
    return searchRowSource(db, { ...parameters, ...viewer }, parameters);
  },
  async SCREENING_RESULTS_CSV(db, parameters) {
    return screeningRowSource(db, parameters.addressChainUrns, parameters);
  },
  async ADDRESS_COUNTERPARTIES_CSV(db, parameters, viewer) {
    const subject = await resolveFlowSubject(db, "address", parameters.addressChainUrn, viewer);
    return counterpartyRowSource(db, subject, parameters, viewer);
  },
  async ENTITY_COUNTERPARTIES_CSV(db, parameters, viewer) {
    const subject = await resolveFlowSubject(db, "entity", parameters.entityUrn, viewer);
    return counterpartyRowSource(db, subject, parameters, viewer);
  },
  async CUSTOM_ENTITY_COUNTERPARTIES_CSV(db, parameters, viewer) {
    const subject = await resolveFlowSubject(db, "custom-entity", parameters.customEntityUrn, viewer);
    return counterpartyRowSource(db, subject, parameters, viewer);
  },
  async CATEGORY_TRANSFERS_CSV(db, parameters, viewer) {
    return categoryTransferRowSource(db, await flowSubjectOf(db, parameters, viewer), parameters);
  },
  async CATEGORY_ADDRESSES_CSV(db, parameters, viewer) {
    return categoryAddressRowSource(db, await flowSubjectOf(db, parameters, viewer), parameters);
  },
  async RISK_INDICATORS_CSV(db, parameters, viewer) {
    return riskIndicatorRowSource(db, await flowSubjectOf(db, parameters, viewer), parameters);
  },
};

/**
 * The rows a request exports, read in the organization's scope: a subject the organization cannot
 * see answers 404, as its read call does. Parameters are parsed again (a stored job's parameters
 * are read back from the store).
 */
export function exportRowSource(
  db: Queryable,
  jobType: ExportJobType,
  parameters: unknown,
  viewer: Viewer,
): Promise<RowSource> {
  const parsed = exportParameterSchemas[jobType].parse(parameters);
  return (sources[jobType] as Sources[ExportJobType])(db, parsed as never, viewer);
}
