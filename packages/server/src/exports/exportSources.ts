import { type ExportJobType, type ExportParameters, exportParameterSchemas, type Role } from "@sleuth/sdk";
import { notFound } from "../http/errors.ts";
import type { Viewer } from "../metrics/index.ts";
import type { Queryable } from "../store/index.ts";
import type { RowSource } from "./rowSource.ts";
import { screeningRowSource } from "./screeningRows.ts";
import { searchRowSource } from "./searchRows.ts";
import { addressIdOf, customEntityAddressIds, entityIdOf, transferRowSource } from "./transferRows.ts";

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
};

/** A default file name label per table (001 §9: the name adds a UTC timestamp). */
export const exportFileLabel: Record<ExportJobType, string> = {
  ADDRESS_TRANSFERS_CSV: "address-transfers",
  ENTITY_TRANSFERS_CSV: "entity-transfers",
  CUSTOM_ENTITY_TRANSFERS_CSV: "custom-entity-transfers",
  SEARCH_RESULTS_CSV: "search-results",
  SCREENING_RESULTS_CSV: "screening-results",
};

type Sources = {
  [T in ExportJobType]: (
    db: Queryable,
    parameters: ExportParameters<T>,
    viewer: Viewer,
  ) => Promise<RowSource>;
};

const sources: Sources = {
  async ADDRESS_TRANSFERS_CSV(db, parameters) {
    const addressId = await addressIdOf(db, parameters.addressChainUrn);
    if (addressId === null) throw notFound("No such address");
    return transferRowSource(db, { kind: "address", addressId }, parameters);
  },
  async ENTITY_TRANSFERS_CSV(db, parameters) {
    const entityId = await entityIdOf(db, parameters.entityUrn);
    if (entityId === null) throw notFound("No such entity");
    return transferRowSource(db, { kind: "entity", entityId }, parameters);
  },
  async CUSTOM_ENTITY_TRANSFERS_CSV(db, parameters, viewer) {
    const addressIds = await customEntityAddressIds(db, parameters.customEntityUrn, viewer);
    if (addressIds === null) throw notFound("No such custom entity");
    return transferRowSource(db, { kind: "addresses", addressIds }, parameters);
  },
  async SEARCH_RESULTS_CSV(db, parameters, viewer) {
    return searchRowSource(db, { ...parameters, ...viewer }, parameters);
  },
  async SCREENING_RESULTS_CSV(db, parameters) {
    return screeningRowSource(db, parameters.addressChainUrns, parameters);
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
