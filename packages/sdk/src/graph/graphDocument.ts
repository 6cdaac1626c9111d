import { z } from "zod";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import { refreshPartStatusSchema } from "../customEntities/refreshStatus.ts";
import { formatPortfolioValue } from "../format/numbers.ts";
import { offChainNodeIcons } from "./graphElements.ts";

// 002 §3 graph element types as a saved document: the nodes (addresses, entities, custom entities,
// transactions, off-chain nodes) and the edges between them (flows, transfers, off-chain edges),
// with where each node sits and the investigator's notes. The saved graph, the .trm file and every
// export are built from this one shape.

// Choice: bounds that keep one graph document well inside a request body, and every text short.
export const graphDocumentLimits = {
  nodes: 5_000,
  edges: 10_000,
  text: 2_000,
  name: 200,
} as const;

export const graphNodeTypes = ["address", "entity", "customEntity", "transaction", "offChainNode"] as const;
export const graphNodeTypeSchema = z.enum(graphNodeTypes);
export type GraphNodeType = z.infer<typeof graphNodeTypeSchema>;

// `owns` (ours): an entity or custom entity and one of its addresses, drawn when an entity is expanded
// into its addresses.
export const graphEdgeTypes = ["flow", "transfer", "offChainEdge", "owns"] as const;
export const graphEdgeTypeSchema = z.enum(graphEdgeTypes);
export type GraphEdgeType = z.infer<typeof graphEdgeTypeSchema>;

const id = z.string().min(1).max(300);
const text = z.string().max(graphDocumentLimits.text);
const isoTime = z.iso.datetime({ offset: true });

/**
 * What the server knows about a node: the figures a node shows (balance, risk) and its label. The
 * expand, trace and node-lookup calls answer these; plotting copies them into a graph node.
 */
export const graphNodeInfoSchema = z.object({
  type: graphNodeTypeSchema,
  trmUrn: id,
  label: z.string().max(300),
  chain: chainIdSchema.nullable(),
  /** Held balance in USD at the latest prices; null when not known (entities, transactions). */
  balanceUsd: z.number().nullable(),
  /**
   * 000 §9 (ours, optional): some held asset has no price, so `balanceUsd` leaves it out and the
   * balance shows with a '+'; absent where no balance is known.
   */
  isBalanceEstimated: z.boolean().optional(),
  /** The highest categoryRiskScoreLevel (0..15) of its risk indicators; null when not known. */
  riskScore: z.number().int().min(0).max(15).nullable(),
  /** The owner's (or entity's) category name, when attributed. */
  category: z.string().nullable(),
  /**
   * Issue 39 (ours, optional): what the label is, by `counterpartyNameOf`: an entity's name, an
   * attribution label (with its source), or absent when the label is the address or hash itself.
   */
  nameKind: z.enum(["entity", "label"]).nullable().optional(),
  nameSource: z.string().max(300).nullable().optional(),
  /**
   * 000 §4 (ours, optional): a custom entity's overall refresh status, which the graph reads from its
   * own node metadata instead of polling the refresh call; absent for other nodes.
   */
  refreshStatus: refreshPartStatusSchema.nullable().optional(),
});
export type GraphNodeInfo = z.infer<typeof graphNodeInfoSchema>;

/** 000 §9 a node's balance as every surface shows it ('1 Trillion+', '+' when estimated), or null. */
export function graphNodeBalanceText(
  node: Pick<GraphNodeInfo, "balanceUsd" | "isBalanceEstimated">,
): string | null {
  if (node.balanceUsd === null) return null;
  return formatPortfolioValue(node.balanceUsd, { estimated: node.isBalanceEstimated ?? false });
}

export const graphNodeSchema = graphNodeInfoSchema.extend({
  /** Unique in the graph: the trmUrn for chain resources, a generated id for off-chain nodes. */
  id,
  /** Off-chain nodes only (002 §3 icon). */
  icon: z.enum(offChainNodeIcons).nullable(),
  /** The investigator's note on the node. */
  note: text.nullable(),
  x: z.number().finite(),
  y: z.number().finite(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

/** An amount in one asset's own units (`{value: 0.5, asset: "ETH"}`). */
export const flowAmountSchema = z.object({ value: z.number().nonnegative(), asset: z.string().max(40) });

export const graphEdgeSchema = z.object({
  id,
  type: graphEdgeTypeSchema,
  source: id,
  target: id,
  /** Flows and transfers: the USD value moved from source to target. */
  amountUsd: z.number().nullable(),
  /**
   * Flows (issue 43, ours): the amount in its one asset's own units; absent on graphs saved before
   * it and null when the flow moved several assets.
   */
  amount: flowAmountSchema.nullable().optional(),
  /** Asset symbols moved. */
  assets: z.array(z.string().max(40)).max(100),
  transfers: z.number().int().nonnegative().nullable(),
  firstAt: isoTime.nullable(),
  lastAt: isoTime.nullable(),
  /** Off-chain edges (002 §3): information and a UTC timestamp. */
  information: text.nullable(),
  timestamp: isoTime.nullable(),
  note: text.nullable(),
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

/** A graph's content: every node id unique, every edge joining two of its nodes. */
export const graphDocumentSchema = z
  .object({
    nodes: z.array(graphNodeSchema).max(graphDocumentLimits.nodes),
    edges: z.array(graphEdgeSchema).max(graphDocumentLimits.edges),
  })
  .superRefine((document, context) => {
    const ids = new Set<string>();
    document.nodes.forEach((node, index) => {
      if (ids.has(node.id))
        context.addIssue({ code: "custom", path: ["nodes", index, "id"], message: "Duplicate node id" });
      ids.add(node.id);
    });
    const edgeIds = new Set<string>();
    document.edges.forEach((edge, index) => {
      if (edgeIds.has(edge.id))
        context.addIssue({ code: "custom", path: ["edges", index, "id"], message: "Duplicate edge id" });
      edgeIds.add(edge.id);
      for (const end of ["source", "target"] as const) {
        if (!ids.has(edge[end]))
          context.addIssue({ code: "custom", path: ["edges", index, end], message: "Unknown node" });
      }
    });
  });
export type GraphDocument = z.infer<typeof graphDocumentSchema>;

export const emptyGraphDocument: GraphDocument = { nodes: [], edges: [] };

const graphName = z
  .string()
  .trim()
  .max(graphDocumentLimits.name)
  .transform((name) => (name === "" ? null : name))
  .nullable();

/** 002 §3 graph record (name and graph id) with what a list of graphs shows. */
export const graphSummarySchema = z.object({
  graphId: z.uuid(),
  name: z.string().nullable(),
  nodeCount: z.number().int().nonnegative(),
  edgeCount: z.number().int().nonnegative(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type GraphSummary = z.infer<typeof graphSummarySchema>;

export const savedGraphSchema = graphSummarySchema.extend({ document: graphDocumentSchema });
export type SavedGraph = z.infer<typeof savedGraphSchema>;

/** POST /graphs */
export const createGraphBodySchema = z.object({
  name: graphName.default(null),
  document: graphDocumentSchema,
});
export type CreateGraphBody = z.input<typeof createGraphBodySchema>;

/** PATCH /graphs/{graphId}: the fields to change. */
export const patchGraphBodySchema = z
  .object({ name: graphName.optional(), document: graphDocumentSchema.optional() })
  .refine((body) => body.name !== undefined || body.document !== undefined, "Nothing to change");
export type PatchGraphBody = z.input<typeof patchGraphBodySchema>;

/** A node built from what the server knows, at a position. */
export function graphNodeOf(info: GraphNodeInfo, position: { x: number; y: number }): GraphNode {
  return { ...info, id: info.trmUrn, icon: null, note: null, x: position.x, y: position.y };
}

/** The id of the flow edge between two nodes (one flow per ordered pair). */
export function flowEdgeId(source: string, target: string): string {
  return `flow:${source}->${target}`;
}

/** 001 §6 / 002 §6 / 000 §6: plotting, expanding, tracing and saving need the editor role (or admin). */
export function canEditGraphs(role: "viewer" | "editor" | "admin" | null | undefined): boolean {
  return role === "editor" || role === "admin";
}

// Our wording: what a viewer reads where the graph's editing actions would be.
export const graphEditorRoleMessage =
  "Plotting and saving graphs needs the editor role in this organization.";
