import { requestInformationQueryMaxLength, tagList } from "../constants/limits.ts";

export const ellipsis = "…";

/**
 * Cuts `text` to `max` characters (code points, so an emoji is never split) and marks the cut with
 * an ellipsis. Choice: the ellipsis comes after the `max` characters kept and trailing spaces of the
 * kept part are removed; text within the limit is returned unchanged.
 */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max).join("").trimEnd()}${ellipsis}`;
}

/** 000 §9: a tag name shows 20 characters by default. */
export function truncateTag(name: string): string {
  return truncateText(name, tagList.maxCharacters);
}

/** 000 §9: the search query quoted in the request-information text is cut to 20 characters. */
export function truncateRequestQuery(query: string): string {
  return truncateText(query, requestInformationQueryMaxLength);
}

/**
 * 000 §9 'show more': the items visible after `pagesShown` pages (at least one page is shown) and how
 * many are still hidden.
 */
export function showMorePage<T>(
  items: readonly T[],
  pagesShown: number,
  pageSize: number = tagList.showMorePageSize,
): { visible: T[]; hiddenCount: number } {
  const visible = items.slice(0, Math.max(1, Math.floor(pagesShown)) * pageSize);
  return { visible, hiddenCount: items.length - visible.length };
}

const wholeCount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * A count and its noun as a reader says it: "1 node", "0 nodes", "1,250 nodes". The plural is the
 * noun with an "s" unless given ("address", "addresses").
 */
export function countedNoun(count: number, noun: string, plural = `${noun}s`): string {
  return `${wholeCount.format(count)} ${count === 1 ? noun : plural}`;
}
