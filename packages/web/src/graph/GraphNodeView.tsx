import {
  ArrowSwitchIcon,
  BriefcaseIcon,
  CommentIcon,
  DeviceMobileIcon,
  FileIcon,
  type Icon,
  LocationIcon,
  OrganizationIcon,
  PackageIcon,
  PersonIcon,
} from "@primer/octicons-react";
import {
  displayAddress,
  type GraphNode,
  graphNodeBalanceText,
  graphNodeNameText,
  parseUrn,
  refreshStatusTexts,
  riskColorOf,
  riskScoreLevelOf,
  subjectRiskText,
  truncateSearchTitle,
} from "@sleuth/sdk";
import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { memo } from "react";
import { riskBadgeStyle } from "../explorer/riskBadgeStyle.ts";
import { useZoomedOut } from "./graphZoomDetail.ts";
import { nodeSize } from "./nodeSize.ts";

export type GraphFlowNode = Node<{ node: GraphNode }, "sleuth">;

const typeIcons: Record<GraphNode["type"], Icon> = {
  address: PackageIcon,
  entity: OrganizationIcon,
  customEntity: BriefcaseIcon,
  transaction: ArrowSwitchIcon,
  offChainNode: PersonIcon,
};
const offChainIcons: Record<NonNullable<GraphNode["icon"]>, Icon> = {
  person: PersonIcon,
  organization: OrganizationIcon,
  bank: BriefcaseIcon,
  exchange: ArrowSwitchIcon,
  device: DeviceMobileIcon,
  location: LocationIcon,
  document: FileIcon,
};

export const typeNames: Record<GraphNode["type"], string> = {
  address: "Address",
  entity: "Entity",
  customEntity: "Custom entity",
  transaction: "Transaction",
  offChainNode: "Off-chain",
};

/** The title a node shows: names in full (to a point), addresses and hashes by their ends (002 §9). */
export function nodeTitle(node: GraphNode): string {
  if (node.type === "address" && node.label.length > 24 && !node.label.includes(" "))
    return truncateSearchTitle(node.label, "address");
  if (node.type === "transaction") return truncateSearchTitle(node.label, "transaction");
  return node.label.length > 40 ? `${node.label.slice(0, 39)}…` : node.label;
}

/**
 * A node's hover title: its kind, its name with the name's kind (issue 39), the address a name
 * stands for, and its risk.
 */
export function nodeHoverTitle(node: GraphNode): string {
  const parts = node.type === "address" && node.nameKind ? parseUrn(node.trmUrn) : null;
  const address = parts?.kind === "address" ? `, ${displayAddress(parts.chain, parts.address)}` : "";
  const risk = node.riskScore === null ? "" : `, ${subjectRiskText(node.riskScore)}`;
  return `${typeNames[node.type]} ${graphNodeNameText(node)}${address}${risk}`;
}

/** A node on the canvas: its kind, title, balance and risk (issue 30: nodes show balance and risk). */
function GraphNodeViewBase({ data, selected }: NodeProps<GraphFlowNode>) {
  const { node } = data;
  const TypeIcon =
    node.type === "offChainNode" && node.icon ? offChainIcons[node.icon] : typeIcons[node.type];
  const level = riskScoreLevelOf(node.riskScore);
  const zoomedOut = useZoomedOut();
  // Zoomed out, the lightest node that still reads: its title (and note) on a card whose left edge
  // takes the risk colour, no icons or figures. The fewer elements per node, the less every frame
  // of a pan or zoom over a large graph has to lay out, hit-test and paint (issue 30).
  if (zoomedOut)
    return (
      <div
        className="sleuth-graph-node"
        data-type={node.type}
        data-selected={selected || undefined}
        data-zoomed-out
        data-risk-level={node.riskScore === null ? undefined : level}
        data-testid="graph-node"
        data-urn={node.trmUrn}
        data-name-kind={node.nameKind ?? undefined}
        data-risk-text={node.riskScore === null ? undefined : subjectRiskText(node.riskScore)}
        title={nodeHoverTitle(node)}
        // The same size as in full, so the flows keep their ends when the zoom crosses over.
        style={{
          height: nodeSize(node).height,
          ...(node.riskScore === null
            ? {}
            : { borderLeftColor: riskBadgeStyle(riskColorOf(level)).borderColor }),
        }}
      >
        <Handle type="target" position={Position.Left} className="sleuth-graph-handle" />
        <div className="sleuth-graph-node-title">{nodeTitle(node)}</div>
        {/* Notes are the investigator's own words (and where a trace stopped): always shown. */}
        {node.note ? <div className="sleuth-graph-node-note">{node.note}</div> : null}
        <Handle type="source" position={Position.Right} className="sleuth-graph-handle" />
      </div>
    );
  return (
    <div
      className="sleuth-graph-node"
      data-type={node.type}
      data-selected={selected || undefined}
      data-testid="graph-node"
      data-urn={node.trmUrn}
      data-name-kind={node.nameKind ?? undefined}
      data-risk-text={node.riskScore === null ? undefined : subjectRiskText(node.riskScore)}
      title={nodeHoverTitle(node)}
    >
      <Handle type="target" position={Position.Left} className="sleuth-graph-handle" />
      <div className="sleuth-graph-node-head">
        <TypeIcon aria-hidden size={14} />
        <span className="sleuth-graph-node-kind">{typeNames[node.type]}</span>
        {node.chain ? <span className="sleuth-graph-node-chain">{node.chain}</span> : null}
        {/* Issue 39: an address named by a label says so, and by whose list. */}
        {node.type === "address" && node.nameKind ? (
          <span
            className="sleuth-graph-node-chain"
            title={node.nameSource ? `${node.nameKind} · ${node.nameSource}` : node.nameKind}
          >
            {node.nameKind}
          </span>
        ) : null}
        {node.note ? <CommentIcon aria-label="Has a note" size={12} /> : null}
        {/* 000 §4: a custom entity's refresh status, from the node's own metadata. */}
        {node.type === "customEntity" && node.refreshStatus && node.refreshStatus !== "succeeded" ? (
          <span className="sleuth-graph-node-chain" data-testid="graph-node-refresh">
            {refreshStatusTexts[node.refreshStatus]}
          </span>
        ) : null}
      </div>
      <div
        className={`sleuth-graph-node-title${node.type === "address" || node.type === "transaction" ? " sleuth-mono" : ""}`}
      >
        {nodeTitle(node)}
      </div>
      <div className="sleuth-graph-node-figures">
        {node.balanceUsd !== null ? (
          <span data-testid="graph-node-balance">{graphNodeBalanceText(node)}</span>
        ) : null}
        {node.riskScore !== null ? (
          <span
            className="sleuth-graph-node-risk"
            style={riskBadgeStyle(riskColorOf(level))}
            data-risk-level={level}
          >
            {subjectRiskText(node.riskScore)}
          </span>
        ) : null}
        {node.category ? <span className="sleuth-graph-node-category">{node.category}</span> : null}
      </div>
      {node.note ? <div className="sleuth-graph-node-note">{node.note}</div> : null}
      <Handle type="source" position={Position.Right} className="sleuth-graph-handle" />
    </div>
  );
}

export const GraphNodeView = memo(GraphNodeViewBase);
