import { z } from "zod";
import { cacheFreshnessOptions } from "../constants/limits.ts";
import { notificationEmailPreferenceSchema } from "../notifications/notificationKinds.ts";

// 000 §3 User preference: the known keys. Values are JSON; each key validates its own shape.
export const preferenceValueSchemas = {
  "quick-start-tutorials": z.object({ dismissed: z.array(z.string()).default([]) }),
  "pinned-navigation": z.object({ pinned: z.array(z.string()) }),
  "ai-features": z.object({ enabled: z.boolean() }),
  "table-config": z.record(
    z.string(),
    z.object({ columns: z.array(z.string()), pageSize: z.number().int().optional() }),
  ),
  "seed-analysis-consent": z.object({
    consented: z.boolean(),
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  "triage-address-progress": z.record(z.string(), z.record(z.string(), z.boolean())),
  // 000 §9 cache freshness: how long the console treats an answer as fresh. Choice: kept as a user
  // preference beside the 000 §3 keys, since it is the user's setting and 000 §3 has no other home.
  "cache-freshness": z.object({
    ms: z.literal(cacheFreshnessOptions.map((option) => option.ms)),
  }),
  // Issue 40: which events the user receives by e-mail (the rest at their defaults).
  "notification-email": notificationEmailPreferenceSchema,
} as const;

export type PreferenceKey = keyof typeof preferenceValueSchemas;
export const preferenceKeys = Object.keys(preferenceValueSchemas) as PreferenceKey[];
export const preferenceKeySchema = z.enum(preferenceKeys as [PreferenceKey, ...PreferenceKey[]]);

export const preferenceSchema = z.object({ key: preferenceKeySchema, value: z.unknown() });
export type Preference = z.infer<typeof preferenceSchema>;
export const putPreferenceBodySchema = z.object({ value: z.unknown() });

/** Validates a preference value against its key's schema; throws a ZodError when it does not fit. */
export function parsePreferenceValue<K extends PreferenceKey>(
  key: K,
  value: unknown,
): z.infer<(typeof preferenceValueSchemas)[K]> {
  return preferenceValueSchemas[key].parse(value) as z.infer<(typeof preferenceValueSchemas)[K]>;
}
