import { Button, Heading } from "@primer/react";
import { SkeletonText } from "@primer/react/experimental";
import { genericPanelActions, platformMessages } from "@sleuth/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * A titled part of a page fed by one query: skeleton while loading, 000 §8's generic panel message
 * with Retry on failure, then its content.
 */
export function DataPanel<T>({
  title,
  query,
  children,
  failedMessage = platformMessages.genericPanel,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  failedMessage?: string;
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
        <div role="alert" className="sleuth-panel-error">
          <p>{failedMessage}</p>
          <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
            {genericPanelActions[0]}
          </Button>
        </div>
      ) : (
        children(query.data as T)
      )}
    </section>
  );
}
