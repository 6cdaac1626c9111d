import { subjectRiskText } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

// Issue 39 "one risk": a subject's risk reads the same on its page (the risk call the entity,
// address and triage pages make), in search results (and so the palette), and on its graph node.
// One store is enough: the rule is the server's one module, not the engine's.
describe("issue 39 one risk", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ store: "pglite", world: "small" });
    token = await server.tokenFor(server.demo.user.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  const client = () => server.client({ token, organizationUuid: server.demo.organization.uuid });

  test("issue 39 an entity harmless by category but exposed to high risk reads the same risk on its page, in search and on its graph node", async () => {
    // The case of the issue (Larch Digital): an owner category of level 0 and high-risk exposure.
    const [entity] = await server.store.query<{ urn: string; name: string }>(
      `SELECT e.urn, e.name FROM entities e
         JOIN category_risk_levels o ON o.category_id = e.category_id AND o.risk_type = 'ownership'
         JOIN entity_exposure x ON x.entity_id = e.id
         JOIN category_risk_levels l ON l.category_id = x.category_id AND l.risk_type = x.risk_type
        WHERE o.level = 0 AND l.level >= 10
        ORDER BY e.id LIMIT 1`,
    );
    expect(entity).toBeDefined();
    const urn = entity!.urn;
    const page = (await client().risk.entities([urn])).data[0]!;
    const search = await client().search.autocomplete({ query: entity!.name, attributionType: "entity" });
    const hit = search.hits.find((candidate) => candidate.entityUrn === urn);
    const [node] = await client().graphs.nodes([urn]);
    expect(page.riskScore).toBeGreaterThanOrEqual(10);
    expect({ search: hit?.riskScore, graphNode: node?.riskScore }).toEqual({
      search: page.riskScore,
      graphNode: page.riskScore,
    });
    expect(subjectRiskText(node?.riskScore)).toBe(`${page.riskScoreLabel} risk`);
  });

  test("issue 39 an address reads the same risk on its page and triage, in search and on its graph node", async () => {
    const [address] = await server.store.query<{ urn: string; address: string }>(
      `SELECT 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn, a.address
         FROM address_summary s JOIN addresses a ON a.id = s.address_id
        WHERE s.risk_score >= 5 ORDER BY a.id LIMIT 1`,
    );
    expect(address).toBeDefined();
    const urn = address!.urn;
    // The address page and the triage address page both show the risk call's answer.
    const page = (await client().risk.addresses([urn])).data[0]!;
    const search = await client().search.autocomplete({
      query: address!.address,
      attributionType: "address",
    });
    const hit = search.hits.find((candidate) => candidate.addressChainUrn === urn);
    const [node] = await client().graphs.nodes([urn]);
    expect(page.riskScore).toBeGreaterThanOrEqual(5);
    expect({ search: hit?.riskScore, graphNode: node?.riskScore }).toEqual({
      search: page.riskScore,
      graphNode: page.riskScore,
    });
  });
});
