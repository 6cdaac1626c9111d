import { createHash } from "node:crypto";
import {
  decodeOpaqueCursor,
  encodeOpaqueCursor,
  type TransferSort,
  transferRequestMessages,
  transferSortSchema,
} from "@sleuth/sdk";
import { z } from "zod";
import { badRequest } from "../http/errors.ts";

/**
 * A keyset position: the sort value of a row (its timestamp as microsecond text, or its USD amount
 * with a missing price as -1) and its id, which breaks ties. Positions are rows, never offsets, so a
 * page reads the same however many rows arrive before it (001 §4, 000 §3 page metadata).
 */
export type SortKey = [value: string | number, id: string];

export type CursorDirection = "next" | "previous";

export interface Cursor {
  direction: CursorDirection;
  key: SortKey;
  /** The order the listing was answered in; a jump-to forced timestamp descending (001 §4). */
  sort: TransferSort;
  /** What the cursor's listing was: its subject and filters. */
  listing: string;
}

const cursorSchema = z.object({
  v: z.literal(1),
  d: z.enum(["n", "p"]),
  k: z.tuple([z.union([z.string().max(40), z.number()]), z.string().regex(/^[0-9]{1,19}$/)]),
  s: transferSortSchema,
  l: z.string().max(32),
});

/** A short digest naming a listing (subject and filters), so a cursor is not read against another. */
export function listingFingerprint(subject: string, filters: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([subject, filters]))
    .digest("base64url")
    .slice(0, 16);
}

/** The opaque text a client hands back: versioned JSON in the SDK's cursor codec. */
export function encodeListingCursor(cursor: Cursor): string {
  const body = {
    v: 1,
    d: cursor.direction === "next" ? "n" : "p",
    k: cursor.key,
    s: cursor.sort,
    l: cursor.listing,
  };
  return encodeOpaqueCursor(body);
}

/** Reads a cursor; a damaged one, or one of another listing, answers 400. */
export function decodeListingCursor(text: string, listing: string, foreignMessage: string): Cursor {
  const read = cursorSchema.safeParse(decodeOpaqueCursor(text));
  if (!read.success) throw badRequest(transferRequestMessages.invalidCursor);
  const parsed = read.data;
  if (parsed.l !== listing) throw badRequest(foreignMessage);
  if ((parsed.s.column === "timestamp") !== (typeof parsed.k[0] === "string"))
    throw badRequest(transferRequestMessages.invalidCursor);
  return {
    direction: parsed.d === "n" ? "next" : "previous",
    key: parsed.k,
    sort: parsed.s,
    listing: parsed.l,
  };
}
