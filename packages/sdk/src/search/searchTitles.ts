import { ellipsis } from "../format/text.ts";

// 002 §9: titles keep their first and last characters: addresses 10/10, transactions 16/16, creators 10/10.
export const searchTitleTruncation = {
  address: { head: 10, tail: 10 },
  transaction: { head: 16, tail: 16 },
  creator: { head: 10, tail: 10 },
} as const;
export type SearchTitleKind = keyof typeof searchTitleTruncation;

/**
 * Keeps the first `head` and last `tail` characters with an ellipsis between them. Characters are code
 * points, so an emoji is never split. Choice: a text is cut only when that makes it shorter (more than
 * head + tail + 1 characters); shorter text comes back unchanged.
 */
export function truncateMiddle(text: string, head: number, tail: number): string {
  const characters = Array.from(text);
  if (characters.length <= head + tail + 1) return text;
  return `${characters.slice(0, head).join("")}${ellipsis}${tail > 0 ? characters.slice(-tail).join("") : ""}`;
}

/** 002 §9: a suggestion title cut for its kind. */
export function truncateSearchTitle(text: string, kind: SearchTitleKind): string {
  const { head, tail } = searchTitleTruncation[kind];
  return truncateMiddle(text, head, tail);
}
