import { type GraphNode, subjectRiskText } from "@sleuth/sdk";
import { memo } from "react";
import { nodeTitle, typeNames } from "./GraphNodeView.tsx";

function riskText(node: GraphNode): string {
  if (node.riskScore === null) return "";
  return `, ${subjectRiskText(node.riskScore).toLowerCase()}`;
}

/**
 * The graph's nodes as a list for assistive technology, visually hidden: in the overview the
 * canvas layer draws the cards as pixels, so this says what they are (kind, title, risk and note)
 * and which one is selected. Kept on the page for a graph that can be an overview, and hidden from
 * assistive technology while the nodes are elements of their own, so entering the overview lays
 * nothing out.
 */
export const OverviewNodeList = memo(function OverviewNodeList({
  nodes,
  selectedId,
  active,
}: {
  nodes: readonly GraphNode[];
  selectedId: string | null;
  active: boolean;
}) {
  return (
    <ul
      className="sleuth-graph-node-list"
      aria-label="Nodes on the graph"
      aria-hidden={active ? undefined : true}
    >
      {nodes.map((node) => (
        <li key={node.id} aria-current={node.id === selectedId ? true : undefined}>
          {`${typeNames[node.type]} ${nodeTitle(node)}${riskText(node)}${node.note ? `, note: ${node.note}` : ""}`}
        </li>
      ))}
    </ul>
  );
});
