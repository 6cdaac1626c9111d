import { Button, Heading } from "@primer/react";
import { SkeletonText } from "@primer/react/experimental";
import { genericPanelActions, platformMessages } from "@sleuth/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * A titled part of a page fed by one query: skeleton while loading, 000 §8's generic panel message
 * with Retry on failure (and Reset Filters when the panel's filters are set: the filters may be what
 * the server could not answer), then its content.
 */
export function DataPanel<T>({
  title,
  query,
  children,
  failedMessage = platformMessages.genericPanel,
  onResetFilters,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  failedMessage?: string;
  /** Given while the panel's filters are set. */
  onResetFilters?: (() => void) | undefined;
}) {
  const id = `panel-${title.toLowerCase().replaceAll(/[^a-z]+/g, "-")}`;
  return (
    <section className="sleuth-panel" aria-labelledby={id} aria-busy={query.isPending || undefined}>
      <Heading as="h2" id={id} className="sleuth-panel-title">
        {title}
      </Heading>
      {query.isPending ? (
        <SkeletonText lines={2} />
      ) : query.isError ? (
        <div role="alert" className="sleuth-panel-error" data-testid="panel-error">
          <p>{failedMessage}</p>
          <div className="sleuth-panel-error-actions">
            <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
              {genericPanelActions[0]}
            </Button>
            {onResetFilters ? (
              <Button size="small" onClick={onResetFilters}>
                {genericPanelActions[1]}
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        children(query.data as T)
      )}
    </section>
  );
}
