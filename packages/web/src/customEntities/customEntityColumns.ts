import type { CustomEntityDetail } from "@sleuth/sdk";

export interface TableColumn<Row> {
  id: string;
  header: string;
  value: (row: Row) => string;
}

const date = (value: string | null) => (value ? value.slice(0, 10) : "—");

/** The custom-entity list's columns; the table-config preference picks which are shown. */
export const customEntityColumns: readonly TableColumn<CustomEntityDetail>[] = [
  { id: "name", header: "Name", value: (entity) => entity.name },
  { id: "addresses", header: "Addresses", value: (entity) => String(entity.addressCount) },
  { id: "access", header: "Your access", value: (entity) => entity.permission },
  { id: "createdBy", header: "Created by", value: (entity) => entity.createdByUser ?? "—" },
  { id: "lastActive", header: "Last active", value: (entity) => date(entity.lastActiveDate) },
  { id: "created", header: "Created", value: (entity) => date(entity.createdAt) },
];
