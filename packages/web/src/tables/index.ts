export { ConfigurableTable } from "./ConfigurableTable.tsx";
export { TableColumnsHost } from "./TableColumnsHost.tsx";
export { type ColumnId, type TableId, tableCatalogue, tableIds } from "./tableCatalogue.ts";
export { useTableColumns } from "./useTableColumns.ts";
export { isColumnShown, type TableConfig, visibleColumns, withColumnShown } from "./visibleColumns.ts";
