import type { ReactNode } from "react";
import type { ColumnId, TableId } from "./tableCatalogue.ts";
import { useTableColumns } from "./useTableColumns.ts";

interface ConfigurableTableProps<T extends TableId, Row> {
  table: T;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** One cell renderer per column of the catalogue table. */
  cells: Record<ColumnId<T>, (row: Row) => ReactNode>;
  className: string;
  "aria-label"?: string;
  "data-testid"?: string;
}

/**
 * A plain HTML table whose columns follow the 000 §3 table-config preference; the numeric columns
 * align right. The headers come from the table catalogue.
 */
export function ConfigurableTable<T extends TableId, Row>({
  table,
  rows,
  rowKey,
  cells,
  className,
  ...attributes
}: ConfigurableTableProps<T, Row>) {
  const { columns, bind } = useTableColumns(table);
  const numeric = (column: (typeof columns)[number]) =>
    "numeric" in column && column.numeric ? "sleuth-num" : undefined;
  return (
    <table className={className} {...attributes} ref={bind.ref} onFocus={bind.onFocus}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={numeric(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.id} className={numeric(column)}>
                {cells[column.id as ColumnId<T>](row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
