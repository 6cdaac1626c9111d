import { z } from "zod";
import { personRefSchema } from "../accounts/personRef.ts";
import { addressChainUrnSchema, transactionUrnSchema } from "../chains/urn.ts";

// 002 §4 / §7: detectors are a saved watch on an address; the spec shows neither their paths nor their
// fields, so these (docs/API.md "Detectors") are ours.

/** Choice: a detector's name is optional (the address stands for it) and at most this long. */
export const detectorNameMaxLength = 120;
/** Choice: alert lists answer at most this many, newest first. */
export const detectorAlertsMaxLimit = 200;

const instant = z.iso.datetime({ offset: true });
const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/** Body of `POST /v1/detectors`: the watched address and an optional name. */
export const createDetectorBodySchema = z.object({
  addressUrn: addressChainUrnSchema,
  name: z.string().trim().max(detectorNameMaxLength).optional(),
});
export type CreateDetectorBody = z.input<typeof createDetectorBodySchema>;

/** A detector as the API answers it, with how many alerts it raised and when it last did. */
export const detectorSchema = z.object({
  uuid: z.uuid(),
  addressUrn: addressChainUrnSchema,
  name: z.string(),
  createdAt: instant,
  createdBy: personRefSchema.nullable(),
  alertCount: z.number().int().nonnegative(),
  lastAlertAt: instant.nullable(),
});
export type Detector = z.infer<typeof detectorSchema>;

/** Query of `GET /v1/detectors`: the organization's detectors, optionally of one address. */
export const detectorListQuerySchema = z.object({ addressUrn: addressChainUrnSchema.optional() });
export type DetectorListQuery = z.input<typeof detectorListQuerySchema>;

/** One alert: a transfer that touched the watched address after the detector was saved. */
export const detectorAlertSchema = z.object({
  uuid: z.uuid(),
  detectorUuid: z.uuid(),
  addressUrn: addressChainUrnSchema,
  transactionUrn: transactionUrnSchema,
  direction: z.enum(["incoming", "outgoing"]),
  amountUsd: z.number().nullable(),
  transactionTimestamp: instant,
  createdAt: instant,
});
export type DetectorAlert = z.infer<typeof detectorAlertSchema>;

/** Query of `GET /v1/detectors/alerts`. */
export const detectorAlertListQuerySchema = z.object({
  detectorUuid: z.uuid().optional(),
  limit: queryInt(1, detectorAlertsMaxLimit).default(50),
});
export type DetectorAlertListQuery = z.input<typeof detectorAlertListQuerySchema>;

/** Choice: the name a detector gets when none is typed. */
export function defaultDetectorName(shownAddress: string): string {
  return `Transfers of ${shownAddress}`;
}

// 002 §8 names a detector error without wording; these texts are ours.
export const detectorMessages = {
  created: "Detector saved. It raises an alert when a new transfer touches this address.",
  createFailed: "We could not create the detector. Please try again.",
  loadFailed: "We could not load your detectors. Please try again.",
  none: "No detectors yet. Create one from a triage address page.",
  noAlerts: "No alerts yet.",
} as const;
