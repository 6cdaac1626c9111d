import { z } from "zod";
import { customEntityUrnSchema, urnSchema } from "../chains/urn.ts";

/** 000 §8: why a custom entity is not supported; each is tracked as an event. */
export const unsupportedReasons = [
  "SIZE_LIMIT_REACHED",
  "UNSUPPORTED_RESOURCE_URN",
  "UNSUPPORTED_CHAIN",
] as const;
export const unsupportedReasonSchema = z.enum(unsupportedReasons);
export type UnsupportedReason = z.infer<typeof unsupportedReasonSchema>;
/** Our wording for each reason. */
export const unsupportedReasonLabels = {
  SIZE_LIMIT_REACHED: "Size limit reached",
  UNSUPPORTED_RESOURCE_URN: "Unsupported resource URN",
  UNSUPPORTED_CHAIN: "Unsupported chain",
} as const satisfies Record<UnsupportedReason, string>;

/** 000 §3 Custom entity. */
export const customEntitySchema = z.object({
  uuid: z.uuid(),
  urn: customEntityUrnSchema,
  name: z.string(),
  resources: z.array(z.object({ resourceUrn: urnSchema })),
  isNotSupported: z.boolean(),
  unsupportedReason: unsupportedReasonSchema.nullable(),
  addressCount: z.int().min(0),
  firstActiveDate: z.iso.datetime({ offset: true }).nullable(),
  lastActiveDate: z.iso.datetime({ offset: true }).nullable(),
});
export type CustomEntity = z.infer<typeof customEntitySchema>;

/** 000 §8, in the specification's exact words. */
export const customEntityMessages = {
  createFailed: "Sorry, we could not create a new custom entity at this time. Please try again later.",
} as const;

/** 000 §8: the server's message is preferred when present (not blank). */
export function customEntityCreateErrorMessage(serverMessage?: string | null): string {
  const message = serverMessage?.trim();
  return message ? message : customEntityMessages.createFailed;
}
