import { addressChainUrn, flagRelatableUrn, graphRelatableUrn } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue "Act on findings": graphs and flags attached to a case beside its addresses and entities,
// over HTTP on both stores. Only the organization's own graph or flag may be attached.

const flagged = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");

describe.each(storeKinds)("graphs and flags on a case on %s", (kind) => {
  let server: TestServer;
  let dana: string; // admin of Demo Investigations, viewer of Partner Agency
  let alex: string; // editor of Partner Agency only

  const call = memberCalls(() => server);

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    dana = await server.tokenFor(server.demo.user.email);
    alex = await server.tokenFor(server.demo.analyst.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("000 §3 a case holds a saved graph and a flag, named on the case, beside its elements", async () => {
    const graph = await call(dana, "POST", "/graphs", {
      body: { name: "Ransom flow", document: { nodes: [], edges: [] } },
    });
    expect(graph.status).toBe(201);
    const flag = await call(dana, "POST", "/v1/user-attributions", {
      body: {
        trmResourceUrn: flagged,
        categoryId: "RANSOMWARE",
        evidenceDescription: "Activity summary:\nReceived ransom payments from victims",
        contactEmail: "agent@fbi.example.gov",
      },
    });
    const created = await call(dana, "POST", "/cases", { body: { name: "Ransom", isSharedWithOrg: true } });
    const id = created.body.data.id as string;
    const graphUrn = graphRelatableUrn(graph.body.data.graphId);
    const flagUrn = flagRelatableUrn(flag.body.data.uuid);
    for (const resourceUrn of [flagged, graphUrn, flagUrn]) {
      expect((await call(dana, "POST", `/cases/${id}/relatables`, { body: { resourceUrn } })).status).toBe(
        201,
      );
    }
    const record = (await call(dana, "GET", `/cases/${id}`)).body.data;
    expect(record.relatables).toEqual([
      expect.objectContaining({ resourceUrn: flagged }),
      expect.objectContaining({ resourceUrn: graphUrn, label: "Ransom flow" }),
      expect.objectContaining({ resourceUrn: flagUrn, label: "Ransomware", subjectUrn: flagged }),
    ]);

    // Detaching a graph takes it off the case; a removed flag stays listed without its label.
    const detached = await call(
      dana,
      "DELETE",
      `/cases/${id}/relatables?resourceUrn=${encodeURIComponent(graphUrn)}`,
    );
    expect(detached.body.data.relatables.map((item: { resourceUrn: string }) => item.resourceUrn)).toEqual([
      flagged,
      flagUrn,
    ]);
    await call(dana, "DELETE", `/v1/user-attributions/${flag.body.data.uuid}`);
    const after = (await call(dana, "GET", `/cases/${id}`)).body.data;
    expect(after.relatables[1]).toMatchObject({ resourceUrn: flagUrn, label: null, subjectUrn: null });
  });

  test("docs/API.md another organization's graph or flag is 404 on a case; a viewer's attach 403; one key attaches once", async () => {
    const graph = await call(dana, "POST", "/graphs", {
      body: { name: "Private flow", document: { nodes: [], edges: [] } },
    });
    const graphUrn = graphRelatableUrn(graph.body.data.graphId);
    const theirs = await call(alex, "POST", "/cases", { body: { name: "Theirs", isSharedWithOrg: true } });
    const attach = await call(alex, "POST", `/cases/${theirs.body.data.id}/relatables`, {
      body: { resourceUrn: graphUrn },
    });
    expect(attach.status).toBe(404);
    expect(
      (
        await call(alex, "POST", `/cases/${theirs.body.data.id}/relatables`, {
          body: { resourceUrn: flagRelatableUrn(crypto.randomUUID()) },
        })
      ).status,
    ).toBe(404);

    const mine = await call(dana, "POST", "/cases", { body: { name: "Mine", isSharedWithOrg: true } });
    const path = `/cases/${mine.body.data.id}/relatables`;
    // Dana is a viewer in Partner Agency: a write there is 403 before any case is looked at.
    expect(
      (
        await call(dana, "POST", `/cases/${theirs.body.data.id}/relatables`, {
          body: { resourceUrn: flagged },
          organization: server.demo.partner.uuid,
        })
      ).status,
    ).toBe(403);
    for (const resourceUrn of ["urn:sleuth:graph:nope", "urn:sleuth:user-attribution:", `${graphUrn}x`]) {
      expect((await call(dana, "POST", path, { body: { resourceUrn } })).status, resourceUrn).toBe(400);
    }
    const key = crypto.randomUUID();
    const first = await call(dana, "POST", path, { body: { resourceUrn: graphUrn }, key });
    const again = await call(dana, "POST", path, { body: { resourceUrn: graphUrn }, key });
    expect(again.body).toEqual(first.body);
    expect(first.body.data.relatables).toHaveLength(1);
  });
});
