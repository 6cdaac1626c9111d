/// <reference lib="dom" />
// The pan and zoom half of the graph benchmark (issue 30: "panning and zooming a 2,000-node graph:
// median frame ≤ 20 ms"), apart from graph.ts so it can be read on its own; `pnpm bench graph` runs it.
import { countedNoun, type GraphDocument } from "@sleuth/sdk";
import { nodeSize } from "@sleuth/web";
import type { launchChromium } from "../../tests/browser/chromium.ts";
import { signedInDemoPage } from "./benchBrowser.ts";

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["newPage"]>>;

export const panZoomRounds = 3;
/** Input steps per gesture: a drag of this many mouse moves, or this many wheel notches. */
const dragSteps = 40;
const wheelSteps = 20;
const viewportSize = { width: 1400, height: 900 };

/** The gestures of one round, in order, by name: what the frames of each are reported under. */
export const panZoomGestures = ["pan fitted", "zoom in", "pan zoomed in", "zoom out", "pan back"] as const;
export type PanZoomGesture = (typeof panZoomGestures)[number];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface FrameLog {
  gesture: string;
  recording: boolean;
  /** An input event came since the last frame started. */
  input: boolean;
  frames: { gesture: string; ms: number }[];
}

/**
 * In the page: an animation-frame loop that, while `recording` is set, keeps the duration of every
 * frame that shows input: a frame whose start (its requestAnimationFrame callback) came after a
 * wheel or mouse event of the gesture, timed from that start to the start of the next frame. The
 * next frame can only start once this one's main-thread work is done and its raster is in, so the
 * time is the frame's whole cost, or a 60 Hz frame when it cost less. Frames without input, when
 * nothing on the canvas moves, are not kept.
 */
function installFrameLog() {
  const log: FrameLog = { gesture: "", recording: false, input: false, frames: [] };
  (globalThis as unknown as { frameLog: FrameLog }).frameLog = log;
  for (const type of ["wheel", "mousemove", "pointermove"])
    addEventListener(
      type,
      () => {
        log.input = true;
      },
      { capture: true, passive: true },
    );
  let last = 0;
  let lastShowedInput = false;
  const frame = (now: number) => {
    if (lastShowedInput && log.recording) log.frames.push({ gesture: log.gesture, ms: now - last });
    lastShowedInput = log.input;
    log.input = false;
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** In the page: resolves at the start of the next animation frame. */
function nextFrame() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
}

/** In the page: starts keeping frames under `gesture`, or stops (null), forgetting input so far. */
function recordFrames(gesture: string | null) {
  const log = (globalThis as unknown as { frameLog: FrameLog }).frameLog;
  log.recording = gesture !== null;
  log.input = false;
  if (gesture !== null) log.gesture = gesture;
}

/**
 * In the page: the canvas's viewport (xyflow's translate and scale), the point nearest the pane's
 * centre where no node is drawn (a drag there pans, it does not move a node), and how many nodes
 * lie wholly or partly on screen.
 */
function emptySpot(boxes: Box[]) {
  const pane = document.querySelector(".react-flow__pane")!.getBoundingClientRect();
  const matrix = new DOMMatrix(getComputedStyle(document.querySelector(".react-flow__viewport")!).transform);
  const zoom = matrix.a;
  const toGraph = (x: number, y: number) => ({
    x: (x - pane.left - matrix.e) / zoom,
    y: (y - pane.top - matrix.f) / zoom,
  });
  const onNode = (x: number, y: number) => {
    const point = toGraph(x, y);
    return boxes.some(
      (box) =>
        point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height,
    );
  };
  const topLeft = toGraph(pane.left, pane.top);
  const bottomRight = toGraph(pane.right, pane.bottom);
  const onScreen = boxes.filter(
    (box) =>
      box.x + box.width >= topLeft.x &&
      box.x <= bottomRight.x &&
      box.y + box.height >= topLeft.y &&
      box.y <= bottomRight.y,
  ).length;
  const centre = { x: pane.left + pane.width / 2, y: pane.top + pane.height / 2 };
  // Rings of candidates around the centre, nearest first, on a 10 px grid.
  for (let radius = 0; radius < Math.min(pane.width, pane.height) / 2; radius += 10) {
    for (let dx = -radius; dx <= radius; dx += 10) {
      for (const dy of dx === -radius || dx === radius ? range(-radius, radius) : [-radius, radius]) {
        const x = centre.x + dx;
        const y = centre.y + dy;
        const element = document.elementFromPoint(x, y);
        if (element?.closest(".react-flow") && !element.closest(".react-flow__node") && !onNode(x, y))
          return { x, y, zoom, onScreen };
      }
    }
  }
  throw new Error("no empty spot on the canvas to start a pan from");
  function range(from: number, to: number) {
    const values = [];
    for (let value = from; value <= to; value += 10) values.push(value);
    return values;
  }
}

async function gesture(
  page: Page,
  name: PanZoomGesture,
  steps: number,
  step: (index: number) => Promise<void>,
) {
  await page.evaluate(recordFrames, name);
  for (let index = 0; index < steps; index++) {
    await step(index);
    // One input step per animation frame at most, as a mouse or a wheel delivers them (60 Hz or
    // faster): a frame that shows a step has the next one waiting when it ends, unless the
    // DevTools round trip is late, and then the idle frame in between is not kept.
    await page.evaluate(nextFrame);
  }
  // The frame that shows the last step, then the one whose start ends it.
  for (let frame = 0; frame < 3; frame++) await page.evaluate(nextFrame);
  await page.evaluate(recordFrames, null);
}

async function drag(page: Page, name: PanZoomGesture, boxes: Box[], dx: number, dy: number) {
  const start = await page.evaluate(emptySpot, boxes);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await gesture(page, name, dragSteps, (index) =>
    page.mouse.move(start.x + ((index + 1) * dx) / dragSteps, start.y + ((index + 1) * dy) / dragSteps),
  );
  await page.mouse.up();
}

async function wheel(page: Page, name: PanZoomGesture, boxes: Box[], deltaY: number) {
  const at = await page.evaluate(emptySpot, boxes);
  await page.mouse.move(at.x, at.y);
  await gesture(page, name, wheelSteps, () => page.mouse.wheel(0, deltaY));
}

export interface PanZoomResult {
  frames: { gesture: string; ms: number }[];
  /** Nodes wholly or partly on screen at the fitted view, and its zoom. */
  onScreen: number;
  fittedZoom: number;
}

/**
 * Opens the saved graph on the graph page (fitted to the view) and times the frames of each
 * gesture an investigator makes: a drag from an empty spot that pans the fitted graph, twenty wheel
 * notches in, a pan there, twenty notches out and a pan back, `panZoomRounds` times.
 */
export async function measurePanZoom(
  browser: Browser,
  baseUrl: string,
  graphId: string,
  document: GraphDocument,
): Promise<PanZoomResult> {
  const boxes = document.nodes.map((node) => ({ x: node.x, y: node.y, ...nodeSize(node) }));
  const { page, context } = await signedInDemoPage(browser, baseUrl, viewportSize);
  try {
    await page.goto(`${baseUrl}/graph?graphId=${graphId}`);
    await page
      .getByTestId("graph-summary")
      // The summary counts as the console does ("2,000 nodes").
      .filter({ hasText: countedNoun(document.nodes.length, "node") })
      .waitFor({ timeout: 120_000 });
    // The fit runs a frame after the graph arrives; two frames later it is on screen.
    for (let frame = 0; frame < 3; frame++) await page.evaluate(nextFrame);
    const fitted = await page.evaluate(emptySpot, boxes);
    await page.evaluate(installFrameLog);
    for (let round = 0; round < panZoomRounds; round++) {
      await drag(page, "pan fitted", boxes, -240, -120);
      await wheel(page, "zoom in", boxes, -120);
      await drag(page, "pan zoomed in", boxes, -480, -240);
      await wheel(page, "zoom out", boxes, 120);
      await drag(page, "pan back", boxes, 720, 360);
    }
    const frames = await page.evaluate(
      () =>
        (globalThis as unknown as { frameLog: { frames: { gesture: string; ms: number }[] } }).frameLog
          .frames,
    );
    return { frames, onScreen: fitted.onScreen, fittedZoom: fitted.zoom };
  } finally {
    await context.close();
  }
}
