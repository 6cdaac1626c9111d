import { usePreference } from "./preferenceQueries.ts";

/**
 * The columns of `table` the table-config preference (000 §3) keeps visible, in the table's own
 * order; all of them when the preference names none for this table.
 */
export function useTableColumns<Column extends { id: string }>(
  table: string,
  columns: readonly Column[],
): readonly Column[] {
  const config = usePreference("table-config")?.[table];
  if (!config || config.columns.length === 0) return columns;
  const shown = new Set(config.columns);
  const visible = columns.filter((column) => shown.has(column.id));
  return visible.length > 0 ? visible : columns;
}
