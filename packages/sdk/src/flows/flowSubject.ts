import { z } from "zod";
import { addressChainUrnSchema, customEntityUrnSchema, entityUrnSchema } from "../chains/urn.ts";
import { earliestDate } from "../format/dates.ts";

/** 000 §7 `{valueType}` / `{type}` of the flow calls: whose flows are asked about. */
export const flowValueTypes = ["address", "entity", "custom-entity"] as const;
export const flowValueTypeSchema = z.enum(flowValueTypes);
export type FlowValueType = z.infer<typeof flowValueTypeSchema>;

/**
 * The 404 text when the store knows no subject of a kind (or it is another organization's custom
 * entity). The specification gives no wording; this is ours, one text per kind for every route.
 */
export const subjectNotFoundMessages = {
  address: "No such address",
  entity: "No such entity",
  "custom-entity": "No such custom entity",
} as const satisfies Record<FlowValueType, string>;

/**
 * The body field naming the subject of each value type (001 §7 names addressChainUrn; 000 §7 "entity
 * URN fields"). Our choice for custom entities: customEntityUrn, as the custom-entity bulk call.
 */
export const subjectFieldOf = {
  address: "addressChainUrn",
  entity: "entityUrn",
  "custom-entity": "customEntityUrn",
} as const satisfies Record<FlowValueType, string>;

/** The subject fields a flow request may carry; the path's value type says which one it must. */
export const flowSubjectShape = {
  addressChainUrn: addressChainUrnSchema.optional(),
  entityUrn: entityUrnSchema.optional(),
  customEntityUrn: customEntityUrnSchema.optional(),
};
export const flowSubjectSchema = z.object(flowSubjectShape);
export type FlowSubject = z.infer<typeof flowSubjectSchema>;

/** The URN a request names for `valueType`, or undefined when it names none. */
export function subjectUrnOf(valueType: FlowValueType, body: FlowSubject): string | undefined {
  return body[subjectFieldOf[valueType]];
}

/** The subject fields of a request for `urn` of `valueType` (the other two left out). */
export function subjectFieldsFor(valueType: FlowValueType, urn: string): FlowSubject {
  return { [subjectFieldOf[valueType]]: urn };
}

/**
 * `schema` for one value type: the subject field of that type is required and the other two are
 * refused, so a body for an address never silently reads an entity.
 */
export function forValueType<S extends z.ZodType<FlowSubject>>(schema: S, valueType: FlowValueType): S {
  return schema.superRefine((body, context) => {
    for (const type of flowValueTypes) {
      const field = subjectFieldOf[type];
      const present = body[field] !== undefined;
      if (type === valueType && !present)
        context.addIssue({
          code: "custom",
          path: [field],
          message: `${field} is required for ${valueType} flows`,
        });
      if (type !== valueType && present)
        context.addIssue({
          code: "custom",
          path: [field],
          message: `${field} is not a field of ${valueType} flows`,
        });
    }
  }) as unknown as S;
}

/** A day (YYYY-MM-DD, 002 §9) or an instant; never before 2009-01-03 (001 §9). */
export const flowDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .refine((value) => value.slice(0, 10) >= earliestDate, { message: `Dates start at ${earliestDate}` });

/**
 * 000 §7 `txDate {gte, lte}`: both ends inclusive; a day as `lte` includes that whole UTC day.
 * A reversed range is refused rather than swapped (a filter the user typed the wrong way round).
 */
export const txDateRangeSchema = z
  .object({ gte: flowDateSchema.optional(), lte: flowDateSchema.optional() })
  .refine((range) => !range.gte || !range.lte || range.gte.slice(0, 10) <= range.lte.slice(0, 10), {
    message: "txDate.gte must not be after txDate.lte",
    path: ["lte"],
  });
export type TxDateRange = z.infer<typeof txDateRangeSchema>;

/** Offset paging (000 §7 "by offset and limit"). */
export function offsetPageShape(defaultLimit: number, maxLimit: number) {
  return {
    limit: z.int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.int().min(0).max(1_000_000).default(0),
  };
}

/** 000 §7 / 001 §7: a page by `pageSize` and the cursor `after`, or by `limit` and `offset`, not both. */
export function oneWayOfPaging(body: {
  pageSize?: number;
  after?: string;
  limit?: number;
  offset?: number;
}): boolean {
  const byCursor = body.pageSize !== undefined || body.after !== undefined;
  const byOffset = body.limit !== undefined || body.offset !== undefined;
  return !(byCursor && byOffset);
}
export const oneWayOfPagingIssue = {
  message: "Page by pageSize and after, or by limit and offset, not both",
  path: ["after"],
};
