import {
  type GraphDocument,
  graphCsvFileName,
  graphExportImageSize,
  graphMessages,
  toGexf,
  toGraphml,
} from "@sleuth/sdk";
import { getNodesBounds, getViewportForBounds, type Node } from "@xyflow/react";
import { toPng, toSvg } from "html-to-image";

// Files the graph is saved as on the investigator's disk: .trm (from the server), CSV, GraphML,
// GEXF, and PNG or SVG pictures of the whole graph (002 §5: at most 10000 px on a side).

/** Offers a file for download under its name. */
export function downloadFile(fileName: string, content: Blob | string, type: string): void {
  const blob = typeof content === "string" ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A graph's file name with another extension, by the 002 §9 rule. */
export function graphFileName(name: string | null, extension: string): string {
  return graphCsvFileName(name).replace(/\.csv$/, extension);
}

export function downloadGraphml(document: GraphDocument, name: string | null): void {
  downloadFile(graphFileName(name, ".graphml"), toGraphml(document, name), "application/graphml+xml");
}

export function downloadGexf(document: GraphDocument, name: string | null): void {
  downloadFile(graphFileName(name, ".gexf"), toGexf(document, name), "application/gexf+xml");
}

// Margin around the graph in an exported picture.
const imagePadding = 40;

/**
 * Draws the whole graph (not just what is in view) at full size, or scaled down so its longer side
 * is 10000 px (002 §5). 002 §8: a browser that cannot draw it gets the spec's message.
 */
export async function downloadGraphImage(
  format: "png" | "svg",
  nodes: Node[],
  name: string | null,
): Promise<void> {
  const viewport = document.querySelector<HTMLElement>(".react-flow__viewport");
  if (!viewport || nodes.length === 0) throw new Error(graphMessages.imageExportUnsupported);
  const bounds = getNodesBounds(nodes);
  const size = graphExportImageSize(
    Math.ceil(bounds.width + imagePadding * 2),
    Math.ceil(bounds.height + imagePadding * 2),
  );
  const fit = getViewportForBounds(bounds, size.width, size.height, size.scale, size.scale, imagePadding);
  const options = {
    backgroundColor: getComputedStyle(document.body).backgroundColor || "#ffffff",
    width: size.width,
    height: size.height,
    style: {
      width: `${size.width}px`,
      height: `${size.height}px`,
      transform: `translate(${fit.x}px, ${fit.y}px) scale(${fit.zoom})`,
    },
  };
  let url: string;
  try {
    url = format === "png" ? await toPng(viewport, options) : await toSvg(viewport, options);
  } catch {
    throw new Error(graphMessages.imageExportUnsupported);
  }
  const blob = await (await fetch(url)).blob();
  downloadFile(graphFileName(name, `.${format}`), blob, format === "png" ? "image/png" : "image/svg+xml");
}
