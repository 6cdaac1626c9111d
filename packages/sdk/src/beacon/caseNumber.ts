import { z } from "zod";

/** 000 §4 / §9: a beacon case number is BEACON- followed by a number from 10000 to 99999. */
export const beaconCaseNumberRange = { min: 10_000, max: 99_999 } as const;
export const beaconCaseNumberPrefix = "BEACON-";

export const beaconCaseNumberSchema = z.string().regex(/^BEACON-[1-9]\d{4}$/, "Not a beacon case number");
export type BeaconCaseNumber = z.infer<typeof beaconCaseNumberSchema>;

/**
 * 000 §4: a new case number. `random` returns a number in [0, 1) like Math.random (tests pass a
 * fixed one); values outside that interval are clamped so the number stays within 10000-99999.
 */
export function beaconCaseNumber(random: () => number = Math.random): BeaconCaseNumber {
  const { min, max } = beaconCaseNumberRange;
  const draw = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return `${beaconCaseNumberPrefix}${min + Math.floor(draw * (max - min + 1))}`;
}
