import type { TransferFilters } from "@sleuth/sdk";
import type { DownloadTarget } from "../downloads/downloadStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import type { Subject } from "../workspace/subjectPane.ts";

/**
 * 001 §2: the subject's transfers under the table's filters as a Download CSV target (the job and
 * the count call take the same filters, so they agree).
 */
export function transfersDownload(subject: Subject, filters: TransferFilters): DownloadTarget {
  switch (subject.kind) {
    case "address":
      return {
        label: "address transfers",
        jobType: "ADDRESS_TRANSFERS_CSV",
        parameters: { addressChainUrn: subject.urn, filters },
        count: () => sleuthClient.transfers.addressCount({ addressChainUrn: subject.urn, filters }),
      };
    case "entity":
      return {
        label: "entity transfers",
        jobType: "ENTITY_TRANSFERS_CSV",
        parameters: { entityUrn: subject.urn, filters },
        count: () => sleuthClient.transfers.entityCount({ entityUrn: subject.urn, filters }),
      };
    case "custom-entity":
      return {
        label: "custom entity transfers",
        jobType: "CUSTOM_ENTITY_TRANSFERS_CSV",
        parameters: { customEntityUrn: subject.urn, filters },
        count: () => sleuthClient.transfers.customEntityCount({ customEntityUrn: subject.urn, filters }),
      };
  }
}
