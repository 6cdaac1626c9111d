/// <reference lib="dom" />
// Graph benchmark (issue 30). Written to the "## Graph" section of docs/PERFORMANCE.md.
//   node scripts/bench/graph.ts            the default demo world
//   node scripts/bench/graph.ts small      another scale
// Four figures: the layout of 1,000 nodes and 2,000 edges in the console's Web Worker in Chromium
// (target ≤ 1 s, with the longest main-thread frame meanwhile: the page must stay responsive, no
// frame over 100 ms); panning and zooming a saved 2,000-node graph on the graph page (median frame
// ≤ 20 ms); POST /graphs/expand of the busiest demo address (server p95 ≤ 100 ms); and a 4-hop
// POST /graphs/trace from it (≤ 2 s). The layout of the largest graph elk's layered algorithm still
// gets is timed too, as the reason for where the large-graph layout takes over.
import { readdirSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { type WorldScale, worldScaleSchema } from "@sleuth/server";
import { layeredLayoutMaxElements } from "@sleuth/web";
import { launchChromium } from "../../tests/browser/chromium.ts";
import { ensureConsoleBuilt, webDist } from "../lib/consoleBuild.ts";
import { startBenchServer } from "./benchServer.ts";
import { benchStoreName, openBenchStore } from "./benchStore.ts";
import { measurePanZoom, panZoomGestures, panZoomRounds } from "./graphPanZoom.ts";
import { markdownTable, writePerformanceSection } from "./performanceDoc.ts";
import { panGraphDocument, syntheticGraph } from "./syntheticGraph.ts";

const layoutNodes = 1_000;
const layoutEdges = 2_000;
const layoutRounds = 5;
// The largest graph the worker still gives to elk's layered algorithm: a third nodes, two thirds edges.
const layeredNodes = Math.floor(layeredLayoutMaxElements / 3);
const layeredEdges = layeredLayoutMaxElements - layeredNodes;
const expandRounds = 40;
const traceRounds = 5;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** In the page: posts the layout to the console's worker; answers wall time and the longest frame. */
async function layoutInPage(input: { workerUrl: string; graph: ReturnType<typeof syntheticGraph> }) {
  // One worker for every round, as the console keeps one for its lifetime.
  const holder = globalThis as unknown as { layoutWorker?: Worker };
  holder.layoutWorker ??= new Worker(input.workerUrl, { type: "module" });
  const worker = holder.layoutWorker;
  let longestFrame = 0;
  let last = performance.now();
  let running = true;
  const frame = (now: number) => {
    longestFrame = Math.max(longestFrame, now - last);
    last = now;
    if (running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const started = performance.now();
  const answer = await new Promise<{
    positions: Record<string, unknown>;
    elapsedMs: number;
    algorithm: string;
    error?: string;
  }>((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    // A worker that fails to load or throws must fail the run, not leave it waiting.
    worker.onerror = (event) => reject(new Error(`layout worker: ${event.message}`));
    worker.postMessage({ id: 1, ...input.graph });
  });
  const wallMs = performance.now() - started;
  running = false;
  if (answer.error) throw new Error(answer.error);
  return {
    wallMs,
    workerMs: answer.elapsedMs,
    algorithm: answer.algorithm,
    placed: Object.keys(answer.positions).length,
    longestFrame,
  };
}

async function measureLayout(baseUrl: string, graph: ReturnType<typeof syntheticGraph>) {
  const worker = readdirSync(join(webDist, "assets")).find((file) => /^elkLayout\.worker-.*\.js$/.test(file));
  if (!worker) throw new Error("the built console has no layout worker");
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    const samples = [];
    for (let round = 0; round < layoutRounds + 1; round++) {
      const sample = await page.evaluate(layoutInPage, { workerUrl: `/assets/${worker}`, graph });
      if (sample.placed !== graph.nodes.length) throw new Error(`the layout placed ${sample.placed} nodes`);
      // The first round starts the worker (and loads elk for a small graph); it is reported apart.
      samples.push(sample);
    }
    return samples;
  } finally {
    await browser.close();
  }
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await call();
  await response.text();
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return performance.now() - started;
}

const [scaleArgument] = process.argv.slice(2);
const scale: WorldScale = worldScaleSchema.parse(scaleArgument ?? "default");

ensureConsoleBuilt();
const store = await openBenchStore(scale);
const bench = await startBenchServer(store, {
  SLEUTH_DEMO: "1",
  SLEUTH_WEB_DIST: webDist,
  SLEUTH_RATE_LIMIT_PER_SECOND: "10000",
  SLEUTH_RATE_LIMIT_BURST: "10000",
});
try {
  const { baseUrl, token } = bench;
  const [busiest] = await store.query<{ urn: string; counterparties: number }>(
    `SELECT 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn, count(DISTINCT c.counterparty_id) AS counterparties
       FROM address_counterparties c JOIN addresses a ON a.id = c.address_id
      GROUP BY a.id ORDER BY count(DISTINCT c.counterparty_id) DESC, a.id LIMIT 1`,
  );
  const post = (path: string, body: unknown) => () =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  console.error(`Expanding ${busiest!.urn} (${busiest!.counterparties} counterparties)…`);
  const expand = post("/graphs/expand", { trmUrn: busiest!.urn, direction: "both", limit: 10 });
  await timed(expand);
  const expandMs: number[] = [];
  for (let round = 0; round < expandRounds; round++) expandMs.push(await timed(expand));
  const trace = post("/graphs/trace", { trmUrn: busiest!.urn, hops: 4, minUsd: 0, timeBudgetMs: 10_000 });
  const traceMs: number[] = [];
  let traceShape = "";
  for (let round = 0; round < traceRounds; round++) {
    const started = performance.now();
    const response = await trace();
    const body = (await response.json()) as {
      data: { nodes: unknown[]; flows: unknown[]; cut: Record<string, boolean> };
    };
    traceMs.push(performance.now() - started);
    const cuts = Object.entries(body.data.cut)
      .filter(([, cut]) => cut)
      .map(([name]) => name);
    traceShape = `${body.data.nodes.length} addresses, ${body.data.flows.length} flows, cut by ${cuts.join(" and ") || "nothing"}`;
  }
  console.error("Laying out in Chromium…");
  const [coldLayout, ...layouts] = await measureLayout(baseUrl, syntheticGraph(layoutNodes, layoutEdges));
  const [, ...layeredLayouts] = await measureLayout(baseUrl, syntheticGraph(layeredNodes, layeredEdges));
  console.error("Panning and zooming in Chromium…");
  const panDocument = panGraphDocument();
  const saved = await bench.client.graphs.create({ name: "Pan and zoom benchmark", document: panDocument });
  const panBrowser = await launchChromium();
  const panZoom = await measurePanZoom(panBrowser, baseUrl, saved.graphId, panDocument).finally(() =>
    panBrowser.close(),
  );
  const panFrames = panZoom.frames.map((frame) => frame.ms);
  const gestureFrames = (gesture: string) =>
    panZoom.frames.filter((frame) => frame.gesture === gesture).map((frame) => frame.ms);
  const ms = (value: number) => value.toFixed(0);
  const wall = layouts.map((sample) => sample.wallMs);
  const layeredWall = layeredLayouts.map((sample) => sample.wallMs);
  const frames = layouts.map((sample) => sample.longestFrame);
  const algorithms = (samples: typeof layouts) =>
    [...new Set(samples.map((sample) => sample.algorithm))].join(", ");
  const text = [
    "## Graph",
    "",
    `Measured by \`node scripts/bench/graph.ts ${scale}\` on ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, the API server over ${benchStoreName(scale)} holding the ${scale} demo world, and headless Chromium loading the built console. The 1-minute load average was ${(loadavg()[0] ?? 0).toFixed(1)} when the run ended.`,
    "",
    ...markdownTable(
      ["what", "samples", "median (ms)", "p95 (ms)", "max (ms)", "target"],
      [
        [
          `layout, ${layoutNodes} nodes / ${layoutEdges} edges, in the worker (${algorithms(layouts)})`,
          String(wall.length),
          ms(percentile(wall, 50)),
          ms(percentile(wall, 95)),
          ms(Math.max(...wall)),
          "≤ 1000",
        ],
        [
          "longest main-thread frame during that layout",
          String(frames.length),
          ms(percentile(frames, 50)),
          ms(percentile(frames, 95)),
          ms(Math.max(...frames)),
          "≤ 100",
        ],
        [
          `layout, ${layeredNodes} nodes / ${layeredEdges} edges, in the worker (${algorithms(layeredLayouts)})`,
          String(layeredWall.length),
          ms(percentile(layeredWall, 50)),
          ms(percentile(layeredWall, 95)),
          ms(Math.max(...layeredWall)),
          "",
        ],
        [
          `frame while panning and zooming ${panDocument.nodes.length} nodes / ${panDocument.edges.length} flows`,
          String(panFrames.length),
          ms(percentile(panFrames, 50)),
          ms(percentile(panFrames, 95)),
          ms(Math.max(...panFrames)),
          "median ≤ 20",
        ],
        ...panZoomGestures.map((gesture) => {
          const frames = gestureFrames(gesture);
          return [
            `… of which ${gesture}`,
            String(frames.length),
            ms(percentile(frames, 50)),
            ms(percentile(frames, 95)),
            ms(Math.max(...frames)),
            "",
          ];
        }),
        [
          `POST /graphs/expand, busiest address (${busiest!.counterparties} counterparties), top 10 each way`,
          String(expandMs.length),
          ms(percentile(expandMs, 50)),
          ms(percentile(expandMs, 95)),
          ms(Math.max(...expandMs)),
          "p95 ≤ 100",
        ],
        [
          "POST /graphs/trace, 4 hops from it, fan-out 5, no minimum",
          String(traceMs.length),
          ms(percentile(traceMs, 50)),
          ms(percentile(traceMs, 95)),
          ms(Math.max(...traceMs)),
          "≤ 2000",
        ],
      ],
      ["left", "right", "right", "right", "right", "right"],
    ),
    "",
    `The layout is timed in the page from posting the graph to the console's own worker (\`elkLayout.worker\`) to its answer: graphs of more than ${layeredLayoutMaxElements} nodes and edges together are laid out by graphology's ForceAtlas2 from a left-to-right seed, then placed on a grid of card-sized cells so no two cards overlap (\`forceLayout.ts\`), smaller ones by elk's layered algorithm left to right; the first layout of a fresh worker (${ms(coldLayout!.wallMs)} ms) also loads the worker's code and is not in the table. Frames are timed with requestAnimationFrame on the page's thread while the worker runs. Panning and zooming is timed on the graph page at 1400×900 with the saved graph open and fitted to the view (zoom ${panZoom.fittedZoom.toFixed(2)}, ${panZoom.onScreen} nodes on screen), over ${panZoomRounds} rounds of five gestures made with real input (Chromium's input events through the DevTools protocol): a forty-step mouse drag that pans the fitted graph, twenty wheel notches in, a forty-step pan there, twenty notches out, and a pan back. Every drag starts on a spot where no node is drawn, so it pans and never moves a node. The steps of a gesture come one per animation frame at most, as a mouse or wheel delivers them. A frame is counted when a wheel or mouse event of a gesture came before it started, and its time runs from its start to the start of the next frame (requestAnimationFrame callbacks on the page's thread): the next frame starts only once this one's main-thread work, canvas drawing and raster are done, so the time is the frame's whole cost, and never less than the 16.7 ms of a 60 Hz frame. Frames without input (between gestures, or while a step is still on its way from the DevTools client) show nothing new and are not counted. Expand and trace are timed from the client over HTTP with a bearer token, after one warm-up expand; the trace found ${traceShape}.`,
    "",
  ].join("\n");
  writePerformanceSection("## Graph", text);
  console.log(text);
} finally {
  await bench.close();
  await store.close();
}
