import { chainIdSchema, riskLabels } from "@sleuth/sdk";
import { z } from "zod";

/** What an input was recognised as: the SDK's identifier kinds plus the entity URN kinds. */
export const batchKinds = ["address", "transaction", "inet", "entity", "custom-entity"] as const;
export const batchKindSchema = z.enum(batchKinds);
export type BatchKind = z.infer<typeof batchKindSchema>;

/**
 * How a row ended (our words; the exit code follows from them):
 * - resolved: the store knows the identifier and every lookup answered;
 * - unknown: a valid identifier the store has never seen;
 * - invalid: not an address, transaction hash, IP address, entity or custom-entity URN;
 * - failed: a lookup still failed after its retries (000 §7: the run goes on).
 */
export const batchRowStatuses = ["resolved", "unknown", "invalid", "failed"] as const;
export const batchRowStatusSchema = z.enum(batchRowStatuses);
export type BatchRowStatus = z.infer<typeof batchRowStatusSchema>;

/**
 * One output row of `sleuth batch`, in every format. Field names follow the specification where it
 * names them (000 §3 metrics summary, 000 §9 risk); the key order is the CSV column order.
 */
export const batchRowSchema = z.object({
  /** The input as read, trimmed. */
  input: z.string(),
  kind: batchKindSchema.nullable(),
  chain: chainIdSchema.nullable(),
  urn: z.string().nullable(),
  /** The owning entity's name (for an entity input: its own name). */
  entity: z.string().nullable(),
  category: z.string().nullable(),
  /** 0..15, docs/RULES.md "Risk scale". */
  categoryRiskScoreLevel: z.number().nullable(),
  riskLabel: z.enum(riskLabels).nullable(),
  balanceAmountUsd: z.number().nullable(),
  totalVolumeUsd: z.number().nullable(),
  firstActiveDate: z.string().nullable(),
  lastActiveDate: z.string().nullable(),
  status: batchRowStatusSchema,
  error: z.string().nullable(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export type BatchField = keyof BatchRow;
export const batchFields = Object.keys(batchRowSchema.shape) as BatchField[];

/** A row with every looked-up field empty. */
export function emptyBatchRow(input: string, status: BatchRowStatus, error: string | null): BatchRow {
  return {
    input,
    kind: null,
    chain: null,
    urn: null,
    entity: null,
    category: null,
    categoryRiskScoreLevel: null,
    riskLabel: null,
    balanceAmountUsd: null,
    totalVolumeUsd: null,
    firstActiveDate: null,
    lastActiveDate: null,
    status,
    error,
  };
}
