import {
  ApiError,
  type GraphDocument,
  graphNodeOf,
  parseGraphml,
  parseTrmFile,
  subjectNotFoundMessages,
  toGraphml,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exchangePayer } from "../helpers/graphSamples.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

async function statusOf(call: Promise<unknown>): Promise<number | "ok"> {
  try {
    await call;
    return "ok";
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

describe.each(storeKinds)("graphs on %s", (kind) => {
  let server: TestServer;
  let demoToken: string;
  let analystToken: string;
  // The address with the most outgoing counterparties, and one whose money reaches an exchange.
  let busiestUrn: string;
  let exchangePayerUrn: string;

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    demoToken = await server.tokenFor(server.demo.user.email);
    analystToken = await server.tokenFor(server.demo.analyst.email);
    const [busiest] = await server.store.query<{ urn: string }>(
      `SELECT 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn
         FROM address_counterparties c JOIN addresses a ON a.id = c.address_id
        WHERE c.outgoing_transfers > 0 GROUP BY a.id ORDER BY count(*) DESC, a.id LIMIT 1`,
    );
    busiestUrn = busiest!.urn;
    exchangePayerUrn = (await exchangePayer(server.store)).urn;
  });
  afterAll(async () => {
    await server?.close();
  });

  const demo = () => server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });

  async function plotted(urns: string[]): Promise<GraphDocument> {
    const infos = await demo().graphs.nodes(urns);
    return { nodes: infos.map((info, index) => graphNodeOf(info, { x: index * 200, y: 0 })), edges: [] };
  }

  test("issue 44 000 §4 a custom entity's node carries its refresh status, the graph's own metadata", async () => {
    const created = await demo().customEntities.create({
      name: `Graph refresh ${kind}`,
      resources: [{ resourceUrn: busiestUrn }],
    });
    // The refresh the creation started ends; the node then says so.
    await expect
      .poll(async () => (await demo().graphs.nodes([created.urn]))[0]?.refreshStatus, { timeout: 30_000 })
      .toBe("succeeded");
    // 000 §4: one failed part fails the whole; a processing one (none failed) keeps it processing.
    await server.store.query("UPDATE custom_entities SET refresh_metrics = 'failed' WHERE uuid = $1", [
      created.uuid,
    ]);
    expect((await demo().graphs.nodes([created.urn]))[0]?.refreshStatus).toBe("failed");
    await server.store.query(
      "UPDATE custom_entities SET refresh_metrics = 'succeeded', refresh_transfers = 'processing' WHERE uuid = $1",
      [created.uuid],
    );
    expect((await demo().graphs.nodes([created.urn]))[0]?.refreshStatus).toBe("processing");
    // Other nodes carry none.
    expect((await demo().graphs.nodes([busiestUrn]))[0]?.refreshStatus).toBeUndefined();
  });

  test("002 §7 a graph is saved, listed, opened and patched in its organization", async () => {
    const client = demo();
    const document = await plotted([busiestUrn]);
    expect(document.nodes[0]).toMatchObject({ type: "address", trmUrn: busiestUrn });
    expect(document.nodes[0]?.balanceUsd).toEqual(expect.any(Number));
    const saved = await client.graphs.create({ name: "Ransom trail", document });
    expect(saved).toMatchObject({ name: "Ransom trail", nodeCount: 1, edgeCount: 0 });
    expect((await client.graphs.list()).map((graph) => graph.graphId)).toContain(saved.graphId);
    const opened = await client.graphs.get(saved.graphId);
    expect(opened.document).toEqual(document);

    const withNote: GraphDocument = {
      nodes: [
        ...document.nodes,
        {
          ...graphNodeOf(
            {
              type: "offChainNode",
              trmUrn: "offchain:suspect",
              label: "Suspect",
              chain: null,
              balanceUsd: null,
              riskScore: null,
              category: null,
            },
            { x: 0, y: 200 },
          ),
          id: "offchain:suspect",
          icon: "person",
          note: "Met at the café",
        },
      ],
      edges: [
        {
          id: "offchain-edge:1",
          type: "offChainEdge",
          source: "offchain:suspect",
          target: busiestUrn,
          amountUsd: null,
          assets: [],
          transfers: null,
          firstAt: null,
          lastAt: null,
          information: "Controls the wallet",
          timestamp: "2024-03-05T13:07:09.000Z",
          note: null,
        },
      ],
    };
    const patched = await client.graphs.update(saved.graphId, { name: "  ", document: withNote });
    expect(patched).toMatchObject({ name: null, nodeCount: 2, edgeCount: 1 });
    expect((await client.graphs.get(saved.graphId)).document).toEqual(withNote);
  });

  test("002 §7 another organization's graph answers 404 and a viewer's write 403", async () => {
    const saved = await demo().graphs.create({ name: "Private", document: await plotted([busiestUrn]) });
    const analyst = server.client({ token: analystToken, organizationUuid: server.demo.partner.uuid });
    expect(await statusOf(analyst.graphs.get(saved.graphId))).toBe(404);
    expect(await statusOf(analyst.graphs.update(saved.graphId, { name: "Mine" }))).toBe(404);
    expect(await statusOf(analyst.graphs.export(saved.graphId))).toBe(404);
    expect((await analyst.graphs.list()).map((graph) => graph.graphId)).not.toContain(saved.graphId);

    // The demo user is only a viewer of the partner organization: reading works, writing does not.
    const viewer = server.client({ token: demoToken, organizationUuid: server.demo.partner.uuid });
    expect(await statusOf(viewer.graphs.create({ name: "x", document: { nodes: [], edges: [] } }))).toBe(403);
    const partnerGraph = await analyst.graphs.create({ name: "Partner", document: { nodes: [], edges: [] } });
    expect((await viewer.graphs.get(partnerGraph.graphId)).name).toBe("Partner");
    expect(await statusOf(viewer.graphs.update(partnerGraph.graphId, { name: "Renamed" }))).toBe(403);
  });

  test("002 §7 a bad graph answers 400 with the error envelope", async () => {
    const response = await server.fetch("/graphs", {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Broken",
        document: {
          nodes: [],
          edges: [{ id: "e", type: "flow", source: "a", target: "b", assets: [] }],
        },
      }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
    const missing = await server.fetch("/graphs/not-a-uuid", {
      headers: { authorization: `Bearer ${demoToken}` },
    });
    expect(missing.status).toBe(404);
  });

  test("002 §7 export answers a .trm file that opens again as the same graph", async () => {
    const client = demo();
    const document = await plotted([busiestUrn, exchangePayerUrn]);
    const saved = await client.graphs.create({ name: "Case #7 / wallets", document });
    const plain = await client.graphs.export(saved.graphId);
    expect(plain.fileName).toBe("Case__7___wallets.trm");
    expect(plain.file.organization).toBeNull();
    const named = await client.graphs.export(saved.graphId, { includeOrgNames: true });
    expect(named.file.organization?.name).toBe(server.demo.organization.name);

    const reread = parseTrmFile(JSON.stringify(plain.file));
    const imported = await client.graphs.create({ name: reread.name, document: reread.graph });
    expect((await client.graphs.get(imported.graphId)).document).toEqual(document);
    expect(parseGraphml(toGraphml(reread.graph, reread.name)).nodes).toHaveLength(2);
  });

  test("issue 30 expand lists the top counterparties by volume on each side", async () => {
    const client = demo();
    const result = await client.graphs.expand({ trmUrn: busiestUrn, direction: "outgoing", limit: 3 });
    expect(result.subject.trmUrn).toBe(busiestUrn);
    expect(result.neighbours).toHaveLength(3);
    const amounts = result.neighbours.map((neighbour) => neighbour.flow!.amountUsd);
    expect([...amounts].sort((a, b) => b! - a!)).toEqual(amounts);
    for (const neighbour of result.neighbours) {
      expect(neighbour.direction).toBe("outgoing");
      expect(neighbour.flow?.source).toBe(busiestUrn);
    }
    expect(result.hasMore.outgoing).toBe(true);
    const both = await client.graphs.expand({ trmUrn: busiestUrn });
    expect(both.neighbours.length).toBeLessThanOrEqual(20);
    expect(both.neighbours.some((neighbour) => neighbour.direction === "incoming")).toBe(true);
  });

  test("issue 30 expanding an entity into its addresses lists addresses it owns", async () => {
    const [entity] = await server.store.query<{ urn: string }>(
      `SELECT e.urn FROM entities e JOIN addresses a ON a.entity_id = e.id
        GROUP BY e.id ORDER BY count(*) DESC, e.id LIMIT 1`,
    );
    const result = await demo().graphs.expand({ trmUrn: entity!.urn, mode: "addresses", limit: 5 });
    expect(result.subject.type).toBe("entity");
    expect(result.neighbours.length).toBeGreaterThan(0);
    expect(result.neighbours.every((neighbour) => neighbour.node.type === "address")).toBe(true);
  });

  test("issue 30 a trace stops at an exchange and reports the amount reaching it", async () => {
    const result = await demo().graphs.trace({ trmUrn: exchangePayerUrn, hops: 2, minUsd: 1000, fanOut: 5 });
    expect(result.origin.trmUrn).toBe(exchangePayerUrn);
    const exchangePath = result.paths.find((path) => path.stop === "exchange");
    expect(exchangePath).toBeDefined();
    expect(exchangePath!.trmUrns[0]).toBe(exchangePayerUrn);
    expect(exchangePath!.amountUsd).toBeGreaterThanOrEqual(1000);
    const end = result.nodes.find((node) => node.trmUrn === exchangePath!.trmUrns.at(-1));
    expect(end?.stop).toBe("exchange");
    // Nothing is followed past a stop: no flow leaves the exchange address.
    expect(result.flows.some((flow) => flow.source === end!.trmUrn)).toBe(false);
  });

  test("issue 30 a trace from an entity follows its addresses' flows, as the entity's", async () => {
    const [entity] = await server.store.query<{ urn: string; addresses: string[] }>(
      `SELECT e.urn, array_agg('urn:sleuth:address:' || a.chain || ':' || a.address) AS addresses
         FROM entities e JOIN addresses a ON a.entity_id = e.id
         JOIN address_counterparties c ON c.address_id = a.id AND c.outgoing_transfers > 0
        GROUP BY e.id ORDER BY count(DISTINCT a.id) DESC, e.id LIMIT 1`,
    );
    const result = await demo().graphs.trace({ trmUrn: entity!.urn, hops: 2, minUsd: 0, fanOut: 3 });
    expect(result.origin).toMatchObject({ type: "entity", trmUrn: entity!.urn });
    expect(result.flows.length).toBeGreaterThan(0);
    // The first hop leaves from the entity itself; its own addresses are not plotted as hops.
    expect(result.flows.some((flow) => flow.source === entity!.urn)).toBe(true);
    const own = new Set(entity!.addresses);
    expect(result.nodes.some((node) => own.has(node.trmUrn))).toBe(false);
    // One flow per pair of ends, even when several of its addresses paid the same counterparty.
    const ends = result.flows.map((flow) => `${flow.source} ${flow.target}`);
    expect(new Set(ends).size).toBe(ends.length);
    for (const path of result.paths) expect(path.trmUrns[0]).toBe(entity!.urn);
    const [transaction] = await server.store.query<{ urn: string }>(
      `SELECT 'urn:sleuth:transaction:' || chain || ':' || hash AS urn FROM transactions LIMIT 1`,
    );
    expect(await statusOf(demo().graphs.trace({ trmUrn: transaction!.urn }))).toBe(400);
  });

  test("issue 30 a trace keeps to its bounds and says where it cut", async () => {
    const client = demo();
    const result = await client.graphs.trace({ trmUrn: busiestUrn, hops: 1, fanOut: 1, minUsd: 0 });
    expect(result.nodes.every((node) => node.hop <= 1)).toBe(true);
    expect(result.flows).toHaveLength(1);
    expect(result.cut.fanOut).toBe(true);
    const bad = await server.fetch("/graphs/trace", {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({ trmUrn: busiestUrn, hops: 50 }),
    });
    expect(bad.status).toBe(400);
    // Issue 45: the one 404 text of an unknown subject, as every other subject call answers it.
    const unknown = await client.graphs
      .trace({ trmUrn: "urn:sleuth:address:ethereum:0x0000000000000000000000000000000000000001" })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ status: 404, message: subjectNotFoundMessages.address });
  });
});
