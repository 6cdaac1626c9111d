import { z } from "zod";
import { beaconCaseNumberSchema } from "./caseNumber.ts";

// 000 §4 / §9: local storage remembers which VASPs were notified (with the case number) and when a
// VASP without a beacon contact was invited. One key per VASP entity URN.

const keyPrefix = "sleuth.beacon";

export function beaconNotifiedKey(entityUrn: string): string {
  return `${keyPrefix}.notified.${entityUrn}`;
}

export function beaconInvitedKey(entityUrn: string): string {
  return `${keyPrefix}.invited.${entityUrn}`;
}

export const beaconNotifiedValueSchema = z.object({
  caseNumber: beaconCaseNumberSchema,
  notifiedAt: z.iso.datetime({ offset: true }),
  // Issue 40: the e-mail's delivery (null: delivery was off, only recorded) and its text, the download.
  deliveryUuid: z.uuid().nullable().optional(),
  text: z.string().optional(),
});
export type BeaconNotifiedValue = z.infer<typeof beaconNotifiedValueSchema>;

export const beaconInvitedValueSchema = z.object({
  invitedAt: z.iso.datetime({ offset: true }),
  deliveryUuid: z.uuid().nullable().optional(),
});
export type BeaconInvitedValue = z.infer<typeof beaconInvitedValueSchema>;

function parseStored<T>(schema: z.ZodType<T>, raw: string | null | undefined): T | null {
  if (raw === null || raw === undefined) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A stored notified value, or null when absent or unreadable (another version wrote it, or a user did). */
export function parseBeaconNotified(raw: string | null | undefined): BeaconNotifiedValue | null {
  return parseStored(beaconNotifiedValueSchema, raw);
}

export function parseBeaconInvited(raw: string | null | undefined): BeaconInvitedValue | null {
  return parseStored(beaconInvitedValueSchema, raw);
}
