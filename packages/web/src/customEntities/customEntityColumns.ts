import type { CustomEntityDetail } from "@sleuth/sdk";
import type { ColumnId } from "../tables/tableCatalogue.ts";

const date = (value: string | null) => (value ? value.slice(0, 10) : "—");

/** The custom-entity list's cells by column; the table-config preference picks which are shown. */
export const customEntityCells: Record<ColumnId<"customEntities">, (entity: CustomEntityDetail) => string> = {
  name: (entity) => entity.name,
  addresses: (entity) => String(entity.addressCount),
  access: (entity) => entity.permission,
  createdBy: (entity) => entity.createdByUser ?? "—",
  lastActive: (entity) => date(entity.lastActiveDate),
  created: (entity) => date(entity.createdAt),
};
