import { searchMessages } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// 002 §6: in triage, IP results need the organization's forensics licence; the server holds it per
// organization, lets the instance operator change it (issue 40) and refuses triage IP searches
// without it (002 §8 texts).
const operatorToken = "operator-credential-for-tests";

describe.each(storeKinds)("002 §6 forensics licence on %s", (kind) => {
  let server: TestServer;
  let demoToken: string;
  let analystToken: string;
  let ip: string;

  beforeAll(async () => {
    server = await startTestServer({
      store: kind,
      world: "small",
      env: { SLEUTH_OPERATOR_TOKEN: operatorToken },
    });
    demoToken = await server.tokenFor(server.demo.user.email);
    analystToken = await server.tokenFor("analyst@sleuth.example");
    [{ ip }] = (await server.store.query(
      "SELECT h.ip FROM inet_hosts h JOIN inet_observations o ON o.inet_id = h.id ORDER BY h.id LIMIT 1",
    )) as [{ ip: string }];
  });
  afterAll(async () => {
    await server?.close();
  });

  type TriageIpAnswer = {
    data: Array<{ ip: string }>;
    error: { code: string; details: { messages: string[] } };
  };

  /** GET /v3/attribution/autocomplete for the IP as the triage module, over HTTP. */
  async function triageIpSearch(token: string, organizationUuid: string) {
    const url = new URL("/v3/attribution/autocomplete", server.baseUrl);
    url.search = new URLSearchParams({ query: ip, attributionType: "inet", module: "triage" }).toString();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, "x-sleuth-organization": organizationUuid },
    });
    return { status: response.status, body: (await response.json()) as TriageIpAnswer };
  }

  test("002 §6 the demo world: Partner Agency holds the licence, Demo Investigations does not", async () => {
    const organizations = await server.client({ token: demoToken }).organizations.mine();
    expect(organizations.map(({ name, hasForensicsLicense }) => ({ name, hasForensicsLicense }))).toEqual([
      { name: "Demo Investigations", hasForensicsLicense: false },
      { name: "Partner Agency", hasForensicsLicense: true },
    ]);
    const partner = await server.client({ token: demoToken }).organizations.get(server.demo.partner.uuid);
    expect(partner.hasForensicsLicense).toBe(true);
  });

  test("002 §6/§8 without the licence a triage IP search is refused with the spec's texts", async () => {
    const answer = await triageIpSearch(demoToken, server.demo.organization.uuid);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe("forbidden");
    expect(answer.body.error.details.messages).toEqual([
      "IP Addresses cannot be searched in Triage.",
      "Talk to your admin about getting a Forensics license to see IP results.",
    ]);
    // The same search without a module is the block explorer's: not the triage rule.
    const demo = server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });
    expect((await demo.search.autocomplete({ query: ip, attributionType: "inet" })).hits).toHaveLength(1);
  });

  test("002 §6 with the licence the triage IP search answers the IP", async () => {
    const answer = await triageIpSearch(analystToken, server.demo.partner.uuid);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((hit) => hit.ip)).toEqual([ip]);
  });

  test("002 §6/§8 graph modules refuse IPs whatever the licence", async () => {
    const client = server.client({ token: analystToken, organizationUuid: server.demo.partner.uuid });
    const error = await client.search
      .autocomplete({ query: ip, attributionType: "inet", module: "graphVisualizer" })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 403,
      details: { messages: [searchMessages.ipsNotOnGraphs, searchMessages.tryIpsOnBlockExplorer] },
    });
  });

  test("issue 40 / 002 §6 only the operator changes the licence; an admin gets 403 and the spec's text", async () => {
    // Dana is a viewer of Partner Agency, Alex its editor, and Dana admin of Demo Investigations:
    // none of them may change a licence.
    for (const [token, organization] of [
      [demoToken, server.demo.partner.uuid],
      [analystToken, server.demo.partner.uuid],
      [demoToken, server.demo.organization.uuid],
    ] as const) {
      await expect(
        server.client({ token }).organizations.update(organization, { hasForensicsLicense: true }),
      ).rejects.toMatchObject({ status: 403, code: "forbidden" });
    }
    const refused = await server
      .client({ token: demoToken })
      .organizations.update(server.demo.organization.uuid, { hasForensicsLicense: true })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: searchMessages.forensicsLicenseForIps });
    expect((await triageIpSearch(demoToken, server.demo.organization.uuid)).status).toBe(403);

    // The operator turns it on: triage finds the IP at once; then off again.
    const operator = server.client().operator(operatorToken);
    const on = await operator.setForensicsLicense(server.demo.organization.uuid, true);
    expect(on).toMatchObject({ name: "Demo Investigations", hasForensicsLicense: true });
    expect((await triageIpSearch(demoToken, server.demo.organization.uuid)).status).toBe(200);
    await operator.setForensicsLicense("Demo Investigations", false);
    expect((await triageIpSearch(demoToken, server.demo.organization.uuid)).status).toBe(403);
  });

  test("002 §6 a PATCH with neither name nor licence, or a non-boolean licence, answers 400", async () => {
    for (const body of [{}, { hasForensicsLicense: "yes" }]) {
      const response = await fetch(
        new URL(`/organizations/${server.demo.organization.uuid}`, server.baseUrl),
        {
          method: "PATCH",
          headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        },
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    }
  });
});
