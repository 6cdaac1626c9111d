import { showMorePage, triageLimits } from "@sleuth/sdk";
import { type RefObject, useEffect, useRef, useState } from "react";

// 002 §9: tables show up to 10 records and lists page by 10 with a show-more button.
export const listPageSize = triageLimits.listPageSize;

export interface ShowMoreOptions {
  /** How many items the list starts with and each show more adds. */
  pageSize: number;
  /** The server holds more items than the list has loaded. */
  hasMore?: boolean;
  /** Asks the server for its next page; called when show more needs items not loaded yet. */
  loadMore?: () => void;
  /** That page is on its way. */
  loading?: boolean;
  /** Asking for that page failed; show more asks again. */
  failed?: boolean;
}

export interface ShowMore<T> {
  visible: T[];
  /** Items loaded so far (shown or not). */
  loaded: number;
  /** More items can be shown: loaded but hidden ones, or the server's next page. */
  canShowMore: boolean;
  /** The server holds more than `loaded`. */
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  showMore: () => void;
  /** Holds the items, each marked `data-show-more-item`: show more focuses the first one it reveals. */
  containerRef: RefObject<HTMLDivElement | null>;
}

const focusable = "a[href], button:not([disabled]), input, select, textarea, [tabindex]";

function focusItem(container: HTMLElement | null, index: number): void {
  const item = container?.querySelectorAll<HTMLElement>("[data-show-more-item]")[index];
  if (!item) return;
  const target = item.matches(focusable) ? item : item.querySelector<HTMLElement>(focusable);
  if (target) {
    target.focus();
    return;
  }
  item.tabIndex = -1;
  item.focus();
}

/**
 * 002 §9: a list or table shows a page of items and a show-more button adds the next page, from the
 * items already loaded or, once they are all shown, from the server's next page. The focus then moves
 * to the first item revealed, so a keyboard or screen-reader user reads on from there.
 */
export function useShowMore<T>(items: readonly T[], options: ShowMoreOptions): ShowMore<T> {
  const [pages, setPages] = useState(1);
  const revealFrom = useRef<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const { visible, hiddenCount } = showMorePage(items, pages, options.pageSize);
  const hasMore = options.hasMore ?? false;
  const loading = options.loading ?? false;
  const failed = options.failed ?? false;
  const canShowMore = hiddenCount > 0 || hasMore;

  useEffect(() => {
    const from = revealFrom.current;
    if (from === null) return;
    if (visible.length > from) {
      revealFrom.current = null;
      focusItem(containerRef.current, from);
    } else if (!loading && !canShowMore) {
      // The server had nothing more after all: the button is gone, so the focus goes to the last item.
      revealFrom.current = null;
      focusItem(containerRef.current, visible.length - 1);
    }
  });

  const showMore = () => {
    if (loading) return;
    if (failed) {
      options.loadMore?.();
      return;
    }
    if (!canShowMore) return;
    revealFrom.current = visible.length;
    const next = pages + 1;
    setPages(next);
    if (next * options.pageSize > items.length && hasMore) options.loadMore?.();
  };

  return { visible, loaded: items.length, canShowMore, hasMore, loading, failed, showMore, containerRef };
}
