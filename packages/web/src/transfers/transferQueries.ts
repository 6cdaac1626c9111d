import {
  type EntityTransferRow,
  pageSizes,
  type TransferPage,
  type TransferRow,
  type TransferTableState,
} from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";
import type { Subject } from "../workspace/subjectPane.ts";

export type AnyTransferRow = TransferRow | EntityTransferRow;

/**
 * One page of the subject's transfer table (001 §9: 30 rows): the first page of the table's state,
 * or the page a cursor leads to. A jump-to only places the first page; cursors carry the rest.
 */
export function transfersQuery(subject: Subject, state: TransferTableState, after: string | undefined) {
  const listing = {
    pageSize: pageSizes.transfers,
    filters: state.filters,
    sort: state.sort,
    ...(after ? { after } : state.jumpTo ? { jumpTo: state.jumpTo } : {}),
  };
  return {
    queryKey: ["transfers", subject.urn, state.filters, state.sort, state.jumpTo, after ?? null],
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<TransferPage<AnyTransferRow>> => {
      switch (subject.kind) {
        case "address":
          return sleuthClient.transfers.address({ addressChainUrn: subject.urn, ...listing }, { signal });
        case "entity":
          return sleuthClient.transfers.entity({ entityUrn: subject.urn, ...listing }, { signal });
        case "custom-entity":
          return sleuthClient.transfers.customEntity(
            { customEntityUrn: subject.urn, ...listing },
            { signal },
          );
      }
    },
  };
}
