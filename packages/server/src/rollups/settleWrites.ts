import { raiseDetectorAlerts } from "../detectors/detectorRows.ts";
import { noteReadModelChange } from "../metrics/rememberedAnswers.ts";
import { queueDetectorAlertNotices } from "../notifications/detectorAlertNotices.ts";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import type { Queryable } from "../store/store.ts";
import { refreshRollups } from "./rollups.ts";
import { settleRollups } from "./settleRollups.ts";
import { lockRollupWriters } from "./writerLock.ts";

/** What one committed unit of writes (an import, an ingest batch) changed that the read model reads. */
export interface WrittenChange {
  /**
   * Addresses whose transfers were removed or re-priced, or inserted by other means than a
   * LedgerWriter: their rollups are summed again from their history. Addresses and entities created
   * by the unit need not be named: the read model adds every one it has no row for.
   */
  addressIds: ReadonlySet<number>;
  /**
   * Addresses whose transfers the unit inserted through a LedgerWriter (its addedAddressIds: each
   * inserted row recorded in the added-transfers table). Their rollups take the new rows as
   * increments rather than summing their history again, unless something else changed for them.
   */
  addedAddressIds?: ReadonlySet<number>;
  /**
   * Who is who or what is worth what changed in a way the fields below do not name: the whole read
   * model is rebuilt (refreshRollups). A writer that names what it changed passes false.
   */
  attribution: boolean;
  /** Addresses whose owner or tags changed. */
  attributedAddressIds?: ReadonlySet<number>;
  /** Entities whose name, category or other fields changed. */
  entityIds?: ReadonlySet<number>;
  /** Assets whose prices, decimals or symbol changed (their transfers' addresses go in addressIds). */
  assetIds?: ReadonlySet<number>;
}

const none: ReadonlySet<number> = new Set();

/**
 * Brings the read model up to date with a unit of writes inside the writer's transaction (the
 * rollups of the keys it touched, settleRollups.ts), then raises the detector alerts those writes
 * caused (002 §4) and queues their e-mail (issue 40). Every writer of chain facts (imports, the
 * chain follower) ends its transaction here.
 */
export async function settleWrites(
  tx: Queryable,
  change: WrittenChange,
  notifier: DeliverySettings | null,
): Promise<void> {
  // The writer took it before writing (writerLock.ts); this makes sure no settle runs outside it.
  await lockRollupWriters(tx);
  if (change.attribution) await refreshRollups(tx, { owners: true });
  else
    await settleRollups(tx, {
      addressIds: change.addressIds,
      addedAddressIds: change.addedAddressIds ?? none,
      attributedAddressIds: change.attributedAddressIds ?? none,
      entityIds: change.entityIds ?? none,
      assetIds: change.assetIds ?? none,
    });
  const raised = await raiseDetectorAlerts(tx);
  if (notifier) await queueDetectorAlertNotices(tx, notifier, raised);
  // Last, so the counter's row stays locked only for the commit: other processes forget their
  // remembered answers once this commits (issue 46).
  await noteReadModelChange(tx);
}
