import { type GraphDocument, graphPictureFrame, toGraphSvg } from "@sleuth/sdk";

/**
 * 002 §5 a saved graph as a PNG without a browser: the SDK's SVG rasterised by resvg (a Rust SVG
 * renderer shipped as a prebuilt Node addon) at the picture's size, at most 10000 px a side. Loaded
 * only when a PNG is asked for, so no other command pays for the addon.
 */
export async function graphPng(document: GraphDocument, name: string | null): Promise<Uint8Array> {
  const { Resvg } = await import("@resvg/resvg-js");
  const { width } = graphPictureFrame(document);
  const renderer = new Resvg(toGraphSvg(document, name), {
    fitTo: { mode: "width", value: width },
    background: "#ffffff",
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
  });
  return renderer.render().asPng();
}
