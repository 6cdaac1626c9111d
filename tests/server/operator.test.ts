import { operatorHeader, operatorMessages } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 40 entitlements: licences and collaboration networks (001 §2 / §7) belong to the instance
// operator, who holds SLEUTH_OPERATOR_TOKEN; an organization's admin, whatever the organization,
// gets 403. Law-enforcement suggestions (002 §2) reach the operator's review list.

const operatorToken = "operator-credential-0123456789";

describe.each(storeKinds)("issue 40 operator on %s", (kind) => {
  let server: TestServer;
  let dana: string; // admin of Demo Investigations
  const send = memberCalls(() => server);
  const asOperator = (method: string, path: string, body?: unknown, token = operatorToken) =>
    server
      .fetch(path, {
        method,
        headers: {
          [operatorHeader]: token,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .then(async (response) => ({ status: response.status, body: await response.json() }));

  beforeAll(async () => {
    server = await startTestServer({ store: kind, env: { SLEUTH_OPERATOR_TOKEN: operatorToken } });
    dana = await server.tokenFor(server.demo.user.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("issue 40 an organization admin cannot grant a licence, create a network or join one", async () => {
    // Her own organization, which she created: still no.
    const own = await send(dana, "POST", "/organizations", { body: { name: `Self-made ${Date.now()}` } });
    expect(own.status).toBe(201);
    const patched = await send(dana, "PATCH", `/organizations/${own.body.data.uuid}`, {
      body: { hasForensicsLicense: true },
    });
    expect(patched.status).toBe(403);
    expect(patched.body.error.message).toBe(
      "Talk to your admin about getting a Forensics license to see IP results.",
    );
    // Her user token is no operator credential, nor is a wrong one.
    for (const [path, method, body] of [
      [
        `/v1/operator/organizations/${own.body.data.uuid}/forensics-license`,
        "PUT",
        { hasForensicsLicense: true },
      ],
      ["/v1/operator/networks", "POST", { name: "Mine", organization: own.body.data.uuid }],
      ["/v1/operator/networks", "GET", undefined],
      ["/v1/operator/law-enforcement-suggestions", "GET", undefined],
    ] as const) {
      expect((await send(dana, method, path, { body })).status).toBe(403);
      const wrong = await asOperator(method, path, body, `${operatorToken.slice(0, -1)}x`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.error.message).toBe(operatorMessages.notOperator);
    }
    const listed = await asOperator("GET", "/v1/operator/organizations");
    expect(listed.body.data.find((org: { uuid: string }) => org.uuid === own.body.data.uuid)).toMatchObject({
      hasForensicsLicense: false,
      memberCount: 1,
    });
  });

  test("issue 40 the operator grants a licence, creates a network and adds organizations; members see it", async () => {
    const operator = server.client().operator(operatorToken);
    const granted = await operator.setForensicsLicense(server.demo.organization.uuid, true);
    expect(granted).toMatchObject({ name: "Demo Investigations", hasForensicsLicense: true });
    const member = server.client({ token: dana });
    expect((await member.organizations.get(server.demo.organization.uuid)).hasForensicsLicense).toBe(true);

    const network = await operator.createNetwork({
      name: `Ransomware desk ${kind}`,
      description: "Shared interests on ransom payments",
      organization: "Demo Investigations",
    });
    expect(network.organizations.map((org) => org.name)).toEqual(["Demo Investigations"]);
    const joined = await operator.addToNetwork(network.uuid, server.demo.partner.uuid);
    expect(joined.organizations.map((org) => org.name)).toEqual(["Demo Investigations", "Partner Agency"]);
    // 001 §7: the organization's members now find the network.
    const networks = await send(
      dana,
      "GET",
      `/v1/organizations/${server.demo.organization.uuid}/networks`,
      {},
    );
    expect(JSON.stringify(networks.body.data)).toContain(network.uuid);
    const left = await operator.removeFromNetwork(network.name, "Partner Agency");
    expect(left.organizations.map((org) => org.name)).toEqual(["Demo Investigations"]);
    expect((await operator.networks()).map((item) => item.uuid)).toContain(network.uuid);
  });

  test("issue 40 / 002 §2 a law-enforcement suggestion reaches the operator's review list", async () => {
    const entityUrn = "urn:sleuth:entity:binance";
    const saved = await send(dana, "POST", "/v1/triage/law-enforcement-suggestions", {
      organization: server.demo.organization.uuid,
      body: { entityUrn, comments: "Their LE desk moved to le@binance.example" },
    });
    expect(saved.status).toBe(201);
    const review = await server.client().operator(operatorToken).lawEnforcementSuggestions();
    expect(review[0]).toMatchObject({
      entityUrn,
      comments: "Their LE desk moved to le@binance.example",
      organization: { uuid: server.demo.organization.uuid, name: "Demo Investigations" },
      userEmail: server.demo.user.email,
    });
  });
});

test("issue 40 with no operator credential configured, operator calls answer 403 and say why", async () => {
  const server = await startTestServer({ store: "pglite" });
  try {
    const response = await server.fetch("/v1/operator/organizations", {
      headers: { [operatorHeader]: "anything" },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      operatorMessages.operatorOff,
    );
  } finally {
    await server.close();
  }
});
