import { utc } from "@date-fns/utc";
import { format } from "date-fns/format";
import { z } from "zod";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import {
  addressChainUrnSchema,
  anyEntityUrnSchema,
  assetUrnSchema,
  transactionUrnSchema,
} from "../chains/urn.ts";
import { graphMessages } from "./graphMessages.ts";

// 002 §5: off-chain edge timestamps read 'MMM D, YYYY h:mm:ss A' in UTC (date-fns spells it as below).
export const offChainTimestampPattern = "MMM d, yyyy h:mm:ss a";

/** 002 §5: an off-chain edge's timestamp, e.g. "Mar 5, 2024 1:07:09 PM", always in UTC. */
export function formatOffChainTimestamp(value: Date | string | number): string {
  return format(new Date(value), offChainTimestampPattern, { in: utc });
}

// Choice: the icons an off-chain node can wear (the spec names the field only).
export const offChainNodeIcons = [
  "person",
  "organization",
  "bank",
  "exchange",
  "device",
  "location",
  "document",
] as const;

/** 002 §5: the add/edit off-chain node form; the name is required. */
export const offChainNodeFormSchema = z.object({
  name: z.string().trim().min(1, graphMessages.offChainNodeNameRequired),
  icon: z.enum(offChainNodeIcons),
});
export type OffChainNodeForm = z.infer<typeof offChainNodeFormSchema>;

/** 002 §4: the add/edit custom connection form; its timestamp is optional. */
export const offChainEdgeFormSchema = z.object({
  information: z.string().trim(),
  timestamp: z.iso.datetime().nullable(),
});
export type OffChainEdgeForm = z.infer<typeof offChainEdgeFormSchema>;

const nodeUrn = z.string().min(1);

/**
 * 002 §3 graph element types. The spec names the off-chain fields only; the others carry what plotting
 * needs. Off-chain nodes and edges get their trmUrn from the graph (they are not chain resources), and a
 * connection names the two nodes it joins.
 */
export const graphElementSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("address"),
    trmUrn: addressChainUrnSchema,
    address: z.string(),
    chain: chainIdSchema,
  }),
  z.object({ type: z.literal("entity"), trmUrn: anyEntityUrnSchema, name: z.string() }),
  z.object({
    type: z.literal("flow"),
    trmUrn: nodeUrn,
    sourceUrn: nodeUrn,
    targetUrn: nodeUrn,
    totalVolumeUsd: z.number().nullable(),
  }),
  z.object({
    type: z.literal("transfer"),
    trmUrn: transactionUrnSchema,
    sourceUrn: nodeUrn,
    targetUrn: nodeUrn,
    assetUrn: assetUrnSchema.nullable(),
    amountUsd: z.number().nullable(),
  }),
  z.object({
    type: z.literal("offChainNode"),
    trmUrn: nodeUrn,
    name: z.string().min(1),
    icon: z.enum(offChainNodeIcons),
  }),
  z.object({
    type: z.literal("offChainEdge"),
    trmUrn: nodeUrn,
    sourceUrn: nodeUrn,
    targetUrn: nodeUrn,
    information: z.string(),
    timestamp: z.iso.datetime().nullable(),
  }),
]);
export type GraphElement = z.infer<typeof graphElementSchema>;
export type GraphElementType = GraphElement["type"];

/** 002 §3 graph record: its id and name (a graph may be unnamed). */
export const graphRecordSchema = z.object({ graphId: z.string().min(1), name: z.string().nullable() });
export type GraphRecord = z.infer<typeof graphRecordSchema>;
