import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type GraphDocument,
  graphNodeOf,
  graphPictureFrame,
  parseGexf,
  parseGraphml,
  parseTrmFile,
  type SleuthClient,
  type TraceResult,
} from "@sleuth/sdk";
import { XMLParser } from "fast-xml-parser";
import { PNG } from "pngjs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { exchangePayer } from "../helpers/graphSamples.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let client: SleuthClient;
let env: Record<string, string>;
let payer: Awaited<ReturnType<typeof exchangePayer>>;
let graphId: string;
let document: GraphDocument;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", world: "small" });
  const token = await server.tokenFor(server.demo.user.email);
  client = server.client({ token, organizationUuid: server.demo.organization.uuid });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: token, SLEUTH_ORG: server.demo.organization.uuid };
  payer = await exchangePayer(server.store);
  const infos = await client.graphs.nodes([payer.urn]);
  document = { nodes: infos.map((info) => graphNodeOf(info, { x: 0, y: 0 })), edges: [] };
  graphId = (await client.graphs.create({ name: "Cash-out / kiosk", document })).graphId;
});
afterAll(async () => {
  await server?.close();
});

let cli: CliSandbox;
beforeEach(async () => {
  cli = await createCliSandbox();
});
afterEach(async () => {
  await cli.remove();
});

describe("002 §7 sleuth graph", () => {
  test("002 §7 graph list prints the organization's graphs, JSON with --json", async () => {
    const plain = await cli.runProcess(["graph", "list"], { env });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("Cash-out / kiosk");
    expect(plain.stdout).toContain(graphId);
    const json = await cli.run(["graph", "list", "--json"], { env });
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ graphId, nodeCount: 1 })]),
    );
  });

  test("002 §7 export as .trm imports again as the same graph", async () => {
    const path = join(cli.dir, "case.trm");
    const exported = await cli.run(["graph", "export", graphId, "-o", path], { env });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe("");
    expect(exported.stderr).toContain("Cash_out___kiosk.trm");
    const imported = await cli.run(["graph", "import", path], { env });
    expect(imported.code).toBe(0);
    const newId = imported.stdout.trim();
    expect(newId).not.toBe(graphId);
    const copy = await client.graphs.get(newId);
    expect(copy.name).toBe("Cash-out / kiosk");
    expect(copy.document).toEqual(document);
  });

  test("issue 30 export as GraphML, GEXF and CSV writes files the libraries read back", async () => {
    const graphml = await cli.run(["graph", "export", graphId, "--format", "graphml"], { env });
    expect(parseGraphml(graphml.stdout).nodes.map((node) => node.id)).toEqual([payer.urn]);
    const gexf = await cli.run(["graph", "export", graphId, "--format", "gexf"], { env });
    expect(parseGexf(gexf.stdout).order).toBe(1);
    const csv = await cli.run(["graph", "export", graphId, "--format", "csv"], { env });
    expect(csv.stdout.split("\r\n")[1]).toContain("Addresses,address");
    const trm = await cli.run(["graph", "export", graphId, "--include-org-names"], { env });
    expect(parseTrmFile(trm.stdout).organization?.name).toBe(server.demo.organization.name);
  });

  test("002 §5 graph export --format svg|png draws every node at the graph's size, headless", async () => {
    // Three cards spread out and a flow between two of them, as a traced graph holds them.
    const [first] = document.nodes;
    const spread: GraphDocument = {
      nodes: [
        first!,
        {
          ...first!,
          id: "offchain:a",
          trmUrn: "offchain:a",
          type: "offChainNode",
          label: "Courier",
          x: 520,
          y: 180,
        },
        {
          ...first!,
          id: "offchain:b",
          trmUrn: "offchain:b",
          type: "offChainNode",
          label: "Kiosk",
          x: 60,
          y: 420,
          note: "cash",
        },
      ],
      edges: [],
    };
    const id = (await client.graphs.create({ name: "Picture", document: spread })).graphId;
    const frame = graphPictureFrame(spread);
    expect([frame.width, frame.height]).toEqual([520 + 220 + 80, 420 + 104 + 80]);

    const svg = await cli.run(["graph", "export", id, "--format", "svg"], { env });
    expect(svg.code).toBe(0);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(svg.stdout).svg;
    expect([Number(parsed.width), Number(parsed.height)]).toEqual([frame.width, frame.height]);
    const groups = parsed.g as Array<{ class: string; g: Array<{ "data-node-id": string }> }>;
    expect(groups.find((group) => group.class === "nodes")!.g.map((group) => group["data-node-id"])).toEqual(
      spread.nodes.map((node) => node.id),
    );

    const path = join(cli.dir, "picture.png");
    const png = await cli.run(["graph", "export", id, "--format", "png", "-o", path], { env });
    expect(png.code).toBe(0);
    expect(png.stderr).toContain("Picture.png");
    const image = PNG.sync.read(await readFile(path));
    expect([image.width, image.height]).toEqual([frame.width, frame.height]);
    // Drawn, not blank: the cards' borders and text leave pixels darker than the white ground.
    const dark = image.data.filter((value, index) => index % 4 === 0 && value < 128).length;
    expect(dark).toBeGreaterThan(500);

    // 002 §5: a graph wider than 10000 px is scaled down to 10000 on its longer side.
    const far = { nodes: [spread.nodes[0]!, { ...spread.nodes[1]!, x: 30_000, y: 0 }], edges: [] };
    const wideId = (await client.graphs.create({ name: "Far apart", document: far })).graphId;
    const widePath = join(cli.dir, "wide.png");
    expect(
      (await cli.run(["graph", "export", wideId, "--format", "png", "-o", widePath], { env })).code,
    ).toBe(0);
    const wide = PNG.sync.read(await readFile(widePath));
    expect(wide.width).toBe(10_000);
    expect(wide.height).toBe(graphPictureFrame(far).height);
  });

  test("issue 30 import refuses a file that is not a .trm graph, and another organization's graph is not found", async () => {
    const path = join(cli.dir, "bad.trm");
    await writeFile(path, JSON.stringify({ format: "sleuth-graph", version: 9 }));
    const bad = await cli.run(["graph", "import", path], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("version 9");
    const other = await cli.run(["graph", "export", graphId], {
      env: { ...env, SLEUTH_ORG: server.demo.partner.uuid },
    });
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/not found/i);
  });
});

describe("issue 30 sleuth trace", () => {
  test("issue 30 trace prints the paths as JSON, reaching an exchange", async () => {
    const result = await cli.run(["trace", payer.address, "--hops", "2", "--min-usd", "1000"], { env });
    expect(result.code).toBe(0);
    const trace = JSON.parse(result.stdout) as TraceResult;
    expect(trace.origin.trmUrn).toBe(payer.urn);
    expect(trace.paths.some((path) => path.stop === "exchange")).toBe(true);
  });

  test("issue 30 trace --format csv has a row per path and says when a bound cut it", async () => {
    const result = await cli.run(
      ["trace", payer.urn, "--hops", "1", "--fan-out", "1", "--min-usd", "0", "--format", "csv"],
      {
        env,
      },
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\r\n");
    expect(lines[0]).toBe("end,endLabel,stop,hops,amountUsd,path,endNameKind,amount,asset");
    expect(lines).toHaveLength(2);
    expect(result.stderr).toContain("The trace was cut short by");
    const bad = await cli.run(["trace", payer.urn, "--hops", "99"], { env });
    expect(bad.code).toBe(1);
  });

  test("issue 43 a trace that finds nothing says which minimum no flow reached and how to lower it", async () => {
    const result = await cli.run(["trace", payer.urn, "--min-usd", "1000000000", "--format", "paths"], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "No flow out of it reaches the $1,000,000,000.00 minimum. Lower it with --min-usd.",
    );
  });

  test("issue 30 trace from an entity URN starts at the entity's addresses", async () => {
    const [entity] = await server.store.query<{ urn: string }>(
      `SELECT e.urn FROM entities e JOIN addresses a ON a.entity_id = e.id
         JOIN address_counterparties c ON c.address_id = a.id AND c.outgoing_transfers > 0
        GROUP BY e.id ORDER BY count(DISTINCT a.id) DESC, e.id LIMIT 1`,
    );
    const result = await cli.run(["trace", entity!.urn, "--hops", "1", "--min-usd", "0"], { env });
    expect(result.code).toBe(0);
    const trace = JSON.parse(result.stdout) as TraceResult;
    expect(trace.origin).toMatchObject({ type: "entity", trmUrn: entity!.urn });
    expect(trace.flows.some((flow) => flow.source === entity!.urn)).toBe(true);
  });
});
