import { Button, VisuallyHidden } from "@primer/react";
import { useId } from "react";
import type { ShowMore } from "./useShowMore.ts";
import "./lists.css";

/**
 * 002 §9 show-more button, with how many items are shown. `noun` completes the button's accessible
 * name ("Show more addresses") where a page has several lists.
 */
export function ShowMoreButton({
  more,
  noun,
  failedMessage,
}: {
  more: ShowMore<unknown>;
  noun: string;
  /** Said when the server's next page could not be loaded; the button then asks again. */
  failedMessage?: string;
}) {
  const countId = useId();
  if (!more.canShowMore) return null;
  const count = `Showing ${more.visible.length} of ${more.loaded}${more.hasMore ? "+" : ""}`;
  return (
    <div className="sleuth-show-more">
      <Button size="small" onClick={more.showMore} loading={more.loading} aria-describedby={countId}>
        Show more<VisuallyHidden> {noun}</VisuallyHidden>
      </Button>
      {more.failed && failedMessage ? (
        <span id={countId} role="alert">
          {failedMessage}
        </span>
      ) : (
        <span id={countId} className="sleuth-muted">
          {count}
        </span>
      )}
    </div>
  );
}
