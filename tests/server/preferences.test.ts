import { featureFlagDefaults } from "@sleuth/sdk";
import { findOrganizationByUuid, setFeatureFlag } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

describe.each(storeKinds)("preferences, activity and feature flags on %s", (kind) => {
  let server: TestServer;
  let demoToken: string;
  let analystToken: string;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    demoToken = await server.tokenFor(server.demo.user.email);
    analystToken = await server.tokenFor(server.demo.analyst.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("000 §3 a preference is kept per user and per organization", async () => {
    const demoHome = server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });
    const demoPartner = server.client({ token: demoToken, organizationUuid: server.demo.partner.uuid });
    const analyst = server.client({ token: analystToken, organizationUuid: server.demo.partner.uuid });

    expect(await demoHome.preferences.set("pinned-navigation", { pinned: ["cases"] })).toEqual({
      key: "pinned-navigation",
      value: { pinned: ["cases"] },
    });
    await demoHome.preferences.set("pinned-navigation", { pinned: ["cases", "search"] });
    expect(await demoHome.preferences.list()).toEqual([
      { key: "pinned-navigation", value: { pinned: ["cases", "search"] } },
    ]);
    // A viewer keeps preferences too: they are the user's own, not the organization's data.
    expect(await demoPartner.preferences.list()).toEqual([]);
    await demoPartner.preferences.set("ai-features", { enabled: false });
    expect(await analyst.preferences.list()).toEqual([]);
  });

  test("000 §3 an unknown preference key answers 404 and a value of the wrong shape 400", async () => {
    const headers = { authorization: `Bearer ${demoToken}`, "content-type": "application/json" };
    const unknown = await server.fetch("/user-preferences/favourite-colour", {
      method: "PUT",
      headers,
      body: JSON.stringify({ value: "blue" }),
    });
    expect(unknown.status).toBe(404);
    const wrongShape = await server.fetch("/user-preferences/ai-features", {
      method: "PUT",
      headers,
      body: JSON.stringify({ value: { enabled: "yes" } }),
    });
    expect(wrongShape.status).toBe(400);
    const body = await wrongShape.json();
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details[0]).toMatchObject({ path: ["enabled"] });
  });

  test("000 §4 activity entries are visible to their author in their organization only", async () => {
    const demoHome = server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });
    const demoPartner = server.client({ token: demoToken, organizationUuid: server.demo.partner.uuid });
    const analyst = server.client({ token: analystToken, organizationUuid: server.demo.partner.uuid });

    const entry = await demoHome.activity.log("search_query", { query: "bc1qxy" });
    expect(entry).toMatchObject({
      action: "search_query",
      details: { query: "bc1qxy" },
      organizationUuid: server.demo.organization.uuid,
    });
    await demoHome.activity.log("organization_switch", { to: server.demo.organization.uuid });

    const mine = await demoHome.activity.list();
    expect(mine.map((item) => item.action).slice(0, 2)).toEqual(["organization_switch", "search_query"]);
    expect(await demoPartner.activity.list()).toEqual([]);
    expect(await analyst.activity.list()).toEqual([]);
    expect(await demoHome.activity.list({ limit: 1, offset: 1 })).toEqual([mine[1]]);
  });

  test("000 §6 feature flags: every known flag, defaults with per-organization overrides", async () => {
    const client = server.client({ token: demoToken });
    expect(await client.featureFlags.get(server.demo.organization.uuid)).toEqual(featureFlagDefaults);

    const organization = await findOrganizationByUuid(server.store, server.demo.organization.uuid);
    await setFeatureFlag(server.store, {
      organizationId: organization!.id,
      targetDomain: "front-end",
      key: "ipSearch",
      enabled: false,
    });
    expect((await client.featureFlags.get(server.demo.organization.uuid)).ipSearch).toBe(false);
    expect((await client.featureFlags.get(server.demo.organization.uuid, "cli")).ipSearch).toBe(true);
    expect((await client.featureFlags.get(server.demo.partner.uuid)).ipSearch).toBe(true);
  });

  test("000 §6 another organization's feature flags answer 404", async () => {
    const outsider = await server.createUser();
    const client = server.client({ token: await server.tokenFor(outsider.email) });
    await expect(client.featureFlags.get(server.demo.organization.uuid)).rejects.toMatchObject({
      status: 404,
    });
  });
});
