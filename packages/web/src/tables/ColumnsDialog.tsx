import { Checkbox, Dialog, FormControl, VisuallyHidden } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { isApiError } from "@sleuth/sdk";
import { announce } from "../messages/messageStore.ts";
import { usePreference, useSavePreference } from "../organization/preferenceQueries.ts";
import { tableCatalogue } from "./tableCatalogue.ts";
import type { MountedTable } from "./tableRegistry.ts";
import { isColumnShown, withColumnShown } from "./visibleColumns.ts";

/**
 * Chooses the visible columns of one table; each change is saved at once as the 000 §3
 * table-config preference, so the table (and every other view of it) follows while the dialog is
 * open. The row's link column stays.
 */
export function ColumnsDialog({
  target,
  onClose,
}: {
  target: Pick<MountedTable, "table" | "available">;
  onClose: () => void;
}) {
  const config = usePreference("table-config");
  const save = useSavePreference();
  const spec = tableCatalogue[target.table];
  const columns = spec.columns.filter((column) => !target.available || target.available.includes(column.id));
  return (
    <Dialog
      title={`Columns of ${spec.label}`}
      subtitle="Saved as your table preference in this organization."
      onClose={onClose}
      footerButtons={[{ buttonType: "primary", content: "Done", onClick: onClose }]}
    >
      <fieldset className="sleuth-columns-choice" data-testid="columns-dialog">
        <legend>
          <VisuallyHidden>Visible columns</VisuallyHidden>
        </legend>
        {columns.map((column) => {
          const fixed = "fixed" in column && column.fixed === true;
          return (
            <FormControl key={column.id} disabled={fixed}>
              <Checkbox
                checked={isColumnShown(config, target.table, column.id)}
                onChange={(event) => {
                  const shown = event.target.checked;
                  save.mutate(
                    { key: "table-config", value: withColumnShown(config, target.table, column.id, shown) },
                    { onSuccess: () => announce(`${column.header} ${shown ? "shown" : "hidden"}`) },
                  );
                }}
              />
              <FormControl.Label>{column.header}</FormControl.Label>
              {fixed ? <FormControl.Caption>Always shown: it opens the row.</FormControl.Caption> : null}
            </FormControl>
          );
        })}
      </fieldset>
      <div role="alert">
        {save.isError ? (
          <InlineMessage variant="critical">
            {isApiError(save.error) ? save.error.message : "The columns were not saved."}
          </InlineMessage>
        ) : null}
      </div>
    </Dialog>
  );
}
