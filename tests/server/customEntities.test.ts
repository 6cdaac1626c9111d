import {
  addressChainUrn,
  type ChainId,
  pollRefreshStatus,
  type SharingOperation,
  sharingMessages,
  userSubjectUrn,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoServerErrors } from "../helpers/fuzzBodies.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

const add = (value: "viewer" | "editor", userUuid: string): SharingOperation => ({
  op: "add",
  path: "relation",
  value,
  context: { subjectUrn: userSubjectUrn(userUuid) },
});
const remove = (value: "viewer" | "editor", userUuid: string): SharingOperation => ({
  ...add(value, userUuid),
  op: "remove",
});

describe.each(storeKinds)("custom entities on %s", (kind) => {
  let server: TestServer;
  let demoToken: string;
  let colleague: { uuid: string; token: string };
  let orgViewer: { token: string };
  let outsiderToken: string;
  let urns: string[];
  let counter = 0;
  const uniqueName = (base: string) => `${base} ${kind} ${counter++}`;

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    demoToken = await server.tokenFor(server.demo.user.email);
    const colleagueUser = await server.createUser({ fullName: "Casey Colleague" });
    await server.addMember(colleagueUser.email, server.demo.organization.uuid, "editor");
    colleague = { uuid: colleagueUser.uuid, token: await server.tokenFor(colleagueUser.email) };
    const viewerUser = await server.createUser({ fullName: "Vic Viewer" });
    await server.addMember(viewerUser.email, server.demo.organization.uuid, "viewer");
    orgViewer = { token: await server.tokenFor(viewerUser.email) };
    const outsider = await server.createUser();
    const outside = await server.createOrganization();
    await server.addMember(outsider.email, outside.uuid, "admin");
    outsiderToken = await server.tokenFor(outsider.email);
    const rows = await server.store.query<{ chain: ChainId; address: string }>(
      "SELECT chain, address FROM addresses WHERE entity_id IS NULL ORDER BY id LIMIT 3",
    );
    urns = rows.map((row) => addressChainUrn(row.chain, row.address));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  const demo = () => server.client({ token: demoToken });
  const create = (name = uniqueName("Suspects")) =>
    demo().customEntities.create({ name, resources: urns.map((resourceUrn) => ({ resourceUrn })) });

  test("000 §8 compatibility names each unsupported reason", async () => {
    const answer = await demo().customEntities.compatibility([
      ...urns,
      "urn:sleuth:inet:203.0.113.7",
      "not a urn",
    ]);
    expect(answer.isSupported).toBe(false);
    expect(answer.unsupportedReason).toBe("UNSUPPORTED_RESOURCE_URN");
    expect(answer.resources.map((resource) => resource.unsupportedReason)).toEqual([
      null,
      null,
      null,
      "UNSUPPORTED_RESOURCE_URN",
      "UNSUPPORTED_RESOURCE_URN",
    ]);
    const many = Array.from({ length: 1001 }, (_, i) => `urn:sleuth:entity:e${i}`);
    expect((await demo().customEntities.compatibility(many)).unsupportedReason).toBe("SIZE_LIMIT_REACHED");
  });

  test("000 §4 a new custom entity refreshes its four parts in the background until all succeed", async () => {
    const created = await create();
    expect(created).toMatchObject({ permission: "editor", isNotSupported: false });
    expect(created.resources).toHaveLength(3);
    const client = demo();
    const { overall, status } = await pollRefreshStatus(
      () => client.customEntities.refreshStatus(created.uuid),
      { intervalMs: 50 },
    );
    expect(overall).toBe("succeeded");
    expect(status).toMatchObject({
      counterpartyFlows: "succeeded",
      transfers: "succeeded",
      addresses: "succeeded",
      metrics: "succeeded",
    });
    const read = await client.customEntities.get(created.uuid);
    expect(read.addressCount).toBe(3);
    expect(read.firstActiveDate).not.toBeNull();
    // A viewer of the organization may not start one.
    const again = await client.customEntities.refresh(created.uuid);
    expect(again.metrics).toBe("processing");
    await pollRefreshStatus(() => client.customEntities.refreshStatus(created.uuid), { intervalMs: 50 });
  });

  test("000 §7 validate-name refuses a taken name whatever its case; a second create answers 409", async () => {
    const name = uniqueName("Taken");
    await create(name);
    expect(await demo().customEntities.validateName(name.toUpperCase())).toEqual({
      isValid: false,
      message: "A custom entity with this name already exists",
    });
    expect((await demo().customEntities.validateName(uniqueName("Free"))).isValid).toBe(true);
    await expect(create(name)).rejects.toMatchObject({
      status: 409,
      message: "A custom entity with this name already exists",
    });
  });

  test("docs/API.md a repeated create with the same Idempotency-Key makes one record", async () => {
    const name = uniqueName("Once");
    const send = () =>
      server.fetch("/v1/custom-entities", {
        method: "POST",
        headers: {
          authorization: `Bearer ${demoToken}`,
          "content-type": "application/json",
          "idempotency-key": `key-${name}`,
        },
        body: JSON.stringify({ name, resources: [{ resourceUrn: urns[0] }] }),
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const rows = await server.store.query("SELECT 1 FROM custom_entities WHERE name = $1", [name]);
    expect(rows).toHaveLength(1);
  });

  test("000 §9 the list comes in pages of 10, newest first", async () => {
    for (let i = 0; i < 11; i += 1) await create(uniqueName("Paged"));
    const first = await demo().customEntities.list();
    expect(first.items).toHaveLength(10);
    expect(first.count).toBeGreaterThanOrEqual(11);
    const second = await demo().customEntities.list({ offset: 10 });
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.map((item) => item.uuid)).not.toContain(first.items[0]!.uuid);
  });

  test("002 §6 a restricted custom entity is 404 to an uninvited member, in search as on its page", async () => {
    const created = await create(uniqueName("Hidden"));
    const client = server.client({ token: colleague.token });
    await expect(client.customEntities.get(created.uuid)).rejects.toMatchObject({ status: 404 });
    const hits = await client.search.autocomplete({ query: created.name, attributionType: "custom_entity" });
    expect(hits.hits.map((hit) => hit.entityUrn)).not.toContain(created.urn);
    const metrics = await client.metrics.customEntities([created.urn]);
    expect(metrics.data).toEqual([]);
    // Issue 27: its transfers and counterparties are as hidden as its page.
    await expect(
      client.transfers.customEntity({ customEntityUrn: created.urn, pageSize: 30 }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client.flows.counterpartySummary("custom-entity", { customEntityUrn: created.urn }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await client.customEntities.list({ limit: 100 })).items.map((item) => item.uuid)).not.toContain(
      created.uuid,
    );
    // The creator finds it.
    const own = await demo().search.autocomplete({ query: created.name, attributionType: "custom_entity" });
    expect(own.hits.map((hit) => hit.entityUrn)).toContain(created.urn);
  });

  test("002 §4 shared as viewer a colleague reads but cannot edit (403); as editor they can", async () => {
    const created = await create(uniqueName("Shared"));
    const colleagueClient = server.client({ token: colleague.token });
    await demo().customEntities.share(created.uuid, [add("viewer", colleague.uuid)]);
    const read = await colleagueClient.customEntities.get(created.uuid);
    expect(read.permission).toBe("viewer");
    await expect(
      colleagueClient.customEntities.update(created.uuid, { name: "Renamed" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(colleagueClient.customEntities.remove([created.uuid])).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      colleagueClient.customEntities.share(created.uuid, [add("editor", colleague.uuid)]),
    ).rejects.toMatchObject({ status: 403 });
    // 002 §4: a changed role is a remove then an add.
    const shared = await demo().customEntities.share(created.uuid, [
      remove("viewer", colleague.uuid),
      add("editor", colleague.uuid),
    ]);
    expect(shared.users.find((user) => user.uuid === colleague.uuid)?.relations).toEqual(["editor"]);
    const renamed = await colleagueClient.customEntities.update(created.uuid, {
      name: uniqueName("Renamed by colleague"),
    });
    expect(renamed.name).toMatch(/^Renamed by colleague/);
  });

  test("002 §5 removing the last editor is refused with 'There should be atleast one editor for the custom entity.'", async () => {
    const created = await create(uniqueName("Editors"));
    const demoUser = await demo().auth.userInfo();
    await expect(
      demo().customEntities.share(created.uuid, [remove("editor", demoUser.uuid)]),
    ).rejects.toMatchObject({
      status: 400,
      message: sharingMessages.lastEditor,
    });
    const collaborators = await demo().customEntities.collaborators(created.uuid);
    expect(collaborators.users.map((user) => [user.uuid, user.relations])).toEqual([
      [demoUser.uuid, ["editor"]],
    ]);
  });

  test("002 §4 everyone in the organization as viewer: an org member reads it, an org viewer never edits", async () => {
    const created = await create(uniqueName("Everyone"));
    const organizationUrn = `urn:sleuth:organization:${server.demo.organization.uuid}`;
    const after = await demo().customEntities.share(created.uuid, [
      { op: "add", path: "relation", value: "editor", context: { subjectUrn: organizationUrn } },
    ]);
    expect(after.general_access).toBe("environment");
    const viewerClient = server.client({ token: orgViewer.token });
    expect((await viewerClient.customEntities.get(created.uuid)).permission).toBe("viewer");
    await expect(viewerClient.customEntities.update(created.uuid, { name: "x" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      viewerClient.customEntities.create({ name: uniqueName("No"), resources: [{ resourceUrn: urns[0]! }] }),
    ).rejects.toMatchObject({ status: 403 });
  });

  test("002 §6 another organization's custom entity answers 404 to every call", async () => {
    const created = await create(uniqueName("Private"));
    const client = server.client({ token: outsiderToken });
    for (const call of [
      () => client.customEntities.get(created.uuid),
      () => client.customEntities.update(created.uuid, { name: "Taken" }),
      () => client.customEntities.remove([created.uuid]),
      () => client.customEntities.collaborators(created.uuid),
      () => client.customEntities.share(created.uuid, []),
      () => client.customEntities.refreshStatus(created.uuid),
      () => client.customEntities.refresh(created.uuid),
      () => client.customEntities.riskInfo(created.urn),
      () => client.customEntities.riskScore(created.uuid),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404 });
    }
    expect((await demo().customEntities.get(created.uuid)).name).toBe(created.name);
  });

  test("000 §7 custom-entity risk by URN and by uuid agree", async () => {
    const created = await create(uniqueName("Risky"));
    const info = await demo().customEntities.riskInfo(created.urn);
    const score = await demo().customEntities.riskScore(created.uuid);
    expect(info.entityUrn).toBe(created.urn);
    expect(score).toEqual({
      entityId: created.uuid,
      riskScore: info.riskScore,
      riskScoreLabel: info.riskScoreLabel,
      riskScoreLevel: info.riskScoreLevel,
    });
    expect(typeof info.riskScore).toBe("number");
  });

  test("000 §7 DELETE with a uuid list removes them all", async () => {
    const a = await create(uniqueName("Gone"));
    const b = await create(uniqueName("Gone"));
    await demo().customEntities.remove([a.uuid, b.uuid]);
    await expect(demo().customEntities.get(a.uuid)).rejects.toMatchObject({ status: 404 });
    await expect(demo().customEntities.get(b.uuid)).rejects.toMatchObject({ status: 404 });
  });

  test("docs/API.md arbitrary bodies answer 400, never 500", async () => {
    const created = await create(uniqueName("Fuzzed"));
    const targets: [string, string][] = [
      ["POST", "/v1/custom-entities"],
      ["PATCH", `/v1/custom-entities/${created.uuid}`],
      ["DELETE", "/v1/custom-entities"],
      ["PATCH", `/v1/custom-entities/${created.uuid}/collaborators`],
      ["POST", "/trm-insights/v1/custom-entity/compatibility"],
      ["POST", "/v1/custom-entities/refresh/status"],
      ["POST", "/trm-insights/v5/risk/custom-entity/risk-score/info"],
      ["POST", "/risk/custom-entity/risk-score"],
    ];
    await expectNoServerErrors(server, demoToken, targets);
    expect((await demo().customEntities.get(created.uuid)).name).toBe(created.name);
  });
});
