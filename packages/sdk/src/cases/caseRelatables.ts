import { z } from "zod";
import { urnSchema } from "../chains/urn.ts";

// Issue "Act on findings": a case holds addresses, entities, transactions, graphs and flags. 000 §5
// names URNs for elements only; a saved graph and a flag (001 §3 user attribution) are named here by
// their uuids, in the same urn:sleuth: namespace, so a case's relatables stay one list of URNs.
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const graphPattern = new RegExp(`^urn:sleuth:graph:(${uuid})$`);
const flagPattern = new RegExp(`^urn:sleuth:user-attribution:(${uuid})$`);

export function graphRelatableUrn(graphId: string): string {
  return `urn:sleuth:graph:${graphId.toLowerCase()}`;
}

export function flagRelatableUrn(flagUuid: string): string {
  return `urn:sleuth:user-attribution:${flagUuid.toLowerCase()}`;
}

/** What a case relatable is: a saved graph, a flag, or an element (its 000 §5 URN). */
export type CaseRelatableTarget =
  | { kind: "graph"; uuid: string }
  | { kind: "flag"; uuid: string }
  | { kind: "element" };

export function caseRelatableTarget(urn: string): CaseRelatableTarget {
  const graph = graphPattern.exec(urn);
  if (graph) return { kind: "graph", uuid: graph[1]! };
  const flag = flagPattern.exec(urn);
  if (flag) return { kind: "flag", uuid: flag[1]! };
  return { kind: "element" };
}

/** A URN a case accepts: an element's (000 §5), a saved graph's or a flag's (lower-case uuid). */
export const caseRelatableUrnSchema = z.union([
  urnSchema,
  z.string().regex(graphPattern, "Not a valid graph URN"),
  z.string().regex(flagPattern, "Not a valid flag URN"),
]);
