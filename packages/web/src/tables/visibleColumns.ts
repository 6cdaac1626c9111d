import { type ColumnId, type TableColumn, type TableId, tableCatalogue } from "./tableCatalogue.ts";

/** The stored 000 §3 table-config value: per table id, the ids of its visible columns. */
export type TableConfig = Readonly<Record<string, { columns: readonly string[]; pageSize?: number }>>;

/**
 * The columns of `table` to show, in the catalogue's order: those this view offers (`available`,
 * e.g. the address variant of the transfer table), narrowed to the ones the preference keeps plus
 * the fixed one. No preference for the table, or one that keeps nothing this view offers, shows all.
 */
export function visibleColumns<T extends TableId>(
  table: T,
  config: TableConfig | undefined,
  available?: readonly ColumnId<T>[],
): TableColumn<T>[] {
  const offered = (tableCatalogue[table].columns as readonly TableColumn<T>[]).filter(
    (column) => !available || available.includes(column.id),
  );
  const kept = config?.[table]?.columns;
  if (!kept || kept.length === 0) return offered;
  const shown = offered.filter(
    (column) => kept.includes(column.id) || ("fixed" in column && column.fixed === true),
  );
  return shown.some((column) => kept.includes(column.id)) ? shown : offered;
}

/**
 * The table-config value after showing or hiding one column of `table`; the other tables' entries
 * are kept. Columns the current view does not offer keep their stored state.
 */
export function withColumnShown(
  config: TableConfig | undefined,
  table: TableId,
  column: string,
  shown: boolean,
): TableConfig {
  const all = tableCatalogue[table].columns.map((each) => each.id as string);
  const kept = config?.[table]?.columns;
  const current = kept && kept.length > 0 ? kept : all;
  const next = all.filter((id) => (id === column ? shown : current.includes(id)));
  return { ...config, [table]: { ...config?.[table], columns: next } };
}

/** Whether `column` of `table` shows under `config` (fixed columns always do). */
export function isColumnShown(config: TableConfig | undefined, table: TableId, column: string): boolean {
  const entry = tableCatalogue[table].columns.find((each) => each.id === column);
  if (entry && "fixed" in entry && entry.fixed) return true;
  const kept = config?.[table]?.columns;
  return !kept || kept.length === 0 || kept.includes(column);
}
