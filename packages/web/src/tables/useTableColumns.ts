import { type FocusEvent, useCallback, useEffect, useMemo, useRef } from "react";
import { usePreference } from "../organization/preferenceQueries.ts";
import type { ColumnId, TableColumn, TableId } from "./tableCatalogue.ts";
import { type MountedTable, markTableFocused, registerTable } from "./tableRegistry.ts";
import { visibleColumns } from "./visibleColumns.ts";

export interface TableColumnsBinding<T extends TableId> {
  /** The columns to render, in order (000 §3 table config). */
  columns: TableColumn<T>[];
  /** Spread on the element around the table: it tells the columns command which table is focused. */
  bind: { ref: (element: HTMLElement | null) => void; onFocus: (event: FocusEvent) => void };
}

/**
 * The visible columns of a catalogue table under the 000 §3 table-config preference, and the
 * registration that lets "Choose visible columns…" act on this table while it is on screen.
 */
export function useTableColumns<T extends TableId>(
  table: T,
  available?: readonly ColumnId<T>[],
): TableColumnsBinding<T> {
  const config = usePreference("table-config");
  const element = useRef<HTMLElement | null>(null);
  const availableKey = available?.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the offered columns.
  const entry = useMemo<MountedTable>(
    () => ({ table, available, element: () => element.current }),
    [table, availableKey],
  );
  useEffect(() => registerTable(entry), [entry]);
  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
  const onFocus = useCallback(() => markTableFocused(entry), [entry]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the offered columns.
  const columns = useMemo(() => visibleColumns(table, config, available), [table, config, availableKey]);
  return { columns, bind: { ref, onFocus } };
}
