import { useStore } from "@nanostores/react";
import { useCommands } from "../commands/useCommands.ts";
import { announce } from "../messages/messageStore.ts";
import { ColumnsDialog } from "./ColumnsDialog.tsx";
import { $columnsDialog, closeColumnsDialog, openColumnsDialog } from "./columnsDialogState.ts";
import { $mountedTables, focusedTable } from "./tableRegistry.ts";
import "./tables.css";

/**
 * The "Choose visible columns…" command (v c) while a configurable table is on screen, and its
 * dialog. The command acts on the focused table, else the one shown (000 §3 table config).
 */
export function TableColumnsHost() {
  const mounted = useStore($mountedTables);
  const target = useStore($columnsDialog);
  useCommands(
    mounted.length > 0
      ? [
          {
            id: "tables.columns",
            title: "Choose visible columns…",
            group: "Tables",
            keys: "v c",
            keywords: ["table", "columns", "hide", "show", "configure"],
            run: () => {
              const table = focusedTable();
              if (table) openColumnsDialog({ table: table.table, available: table.available });
              else announce("There is no table on this page");
            },
          },
        ]
      : [],
  );
  return target ? <ColumnsDialog target={target} onClose={closeColumnsDialog} /> : null;
}
