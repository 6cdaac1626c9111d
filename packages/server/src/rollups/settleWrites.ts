import { raiseDetectorAlerts } from "../detectors/detectorRows.ts";
import { noteReadModelChange } from "../metrics/rememberedAnswers.ts";
import { queueDetectorAlertNotices } from "../notifications/detectorAlertNotices.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import type { Queryable } from "../store/store.ts";
import { refreshRollups } from "./rollups.ts";

/** What one committed unit of writes (an import, an ingest batch) changed that the read model reads. */
export interface WrittenChange {
  /** Addresses whose transfers were inserted or removed. */
  addressIds: ReadonlySet<number>;
  /** Who is who or what is worth what changed (attribution, entities, token metadata, prices). */
  attribution: boolean;
}

/**
 * Brings the read model up to date with a unit of writes inside the writer's transaction, then
 * raises the detector alerts those writes caused (002 §4) and queues their e-mail (issue 40).
 * Every writer of chain facts (imports, the chain follower) ends its transaction here.
 */
export async function settleWrites(
  tx: Queryable,
  change: WrittenChange,
  notifier: DeliverySettings | null,
): Promise<void> {
  if (change.addressIds.size > 0 || change.attribution) await refreshRollups(tx, { owners: true });
  const raised = await raiseDetectorAlerts(tx);
  if (notifier) await queueDetectorAlertNotices(tx, notifier, raised);
  // Last, so the counter's row stays locked only for the commit: other processes forget their
  // remembered answers once this commits (issue 46).
  await noteReadModelChange(tx);
}
