import type { Queryable } from "../store/store.ts";
import { type DeliverySettings, queueNotification } from "./outboxRows.ts";

/** Issue 40: each detector that raised alerts tells its owner once per raise, in its organization. */
export async function queueDetectorAlertNotices(
  tx: Queryable,
  settings: DeliverySettings,
  raised: readonly { detectorId: number; raised: number }[],
): Promise<number> {
  if (raised.length === 0) return 0;
  const detectors = await tx.query<{
    id: string | number;
    uuid: string;
    name: string | null;
    chain: string;
    address: string;
    organization_id: number;
    user_id: number | null;
  }>(
    "SELECT id, uuid::text AS uuid, name, chain, address, organization_id, user_id FROM detectors WHERE id = ANY($1::bigint[])",
    [raised.map((entry) => entry.detectorId)],
  );
  const counts = new Map(raised.map((entry) => [entry.detectorId, entry.raised]));
  for (const detector of detectors) {
    await queueNotification(tx, settings, {
      organizationId: detector.organization_id,
      causedByUserId: null,
      event: {
        kind: "detector-alert",
        detectorUuid: detector.uuid,
        detectorName: detector.name ?? detector.address,
        chain: detector.chain,
        address: detector.address,
        newAlerts: counts.get(Number(detector.id)) ?? 1,
      },
      members: detector.user_id === null ? [] : [detector.user_id],
    });
  }
  return detectors.length;
}
