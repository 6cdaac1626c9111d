import { decodeOpaqueCursor, encodeOpaqueCursor, flowMessages } from "@sleuth/sdk";
import { badRequest } from "../http/errors.ts";

// The cursors of the flow lists (counterparty, category and to-counterparty transfer pages), in the
// SDK's one opaque-cursor codec: what each carries and how it is checked is here. The transfer
// tables' own cursor, versioned and tied to its listing, is transfers/cursor.ts.

/** A 400 naming `after`, shaped like the zod issues of every other 400. */
function notACursor() {
  return badRequest("The request is not valid", [
    { path: ["after"], code: "custom", message: flowMessages.notFlowCursor },
  ]);
}

/** The keyset of a transfer page, newest first: (timestamp, id) of the last row shown; a 400 otherwise. */
export function transferKeyset(cursor: string | undefined): { at: string; id: string } | null {
  if (cursor === undefined) return null;
  const value = decodeOpaqueCursor(cursor);
  if (
    !Array.isArray(value) ||
    typeof value[0] !== "string" ||
    typeof value[1] !== "string" ||
    !/^\d+$/.test(value[1]) ||
    Number.isNaN(Date.parse(value[0]))
  ) {
    throw notACursor();
  }
  return { at: value[0], id: value[1] };
}

/** The cursor of the page after the one ending with this row. */
export function transferCursor(row: { block_timestamp: Date | string; id: string | number }): string {
  return encodeOpaqueCursor([new Date(row.block_timestamp).toISOString(), String(row.id)]);
}

/** The cursor of a list paged by position (the counterparty lists): where its page starts. */
export function offsetCursor(offset: number): string {
  return encodeOpaqueCursor({ offset });
}

/** The offset an offset cursor carries (0 without one); a cursor this server did not make is a 400. */
export function offsetOfCursor(after: string | undefined): number {
  if (after === undefined) return 0;
  const value = decodeOpaqueCursor(after) as { offset?: unknown } | null;
  if (value && typeof value.offset === "number" && Number.isInteger(value.offset) && value.offset >= 0)
    return value.offset;
  throw notACursor();
}
