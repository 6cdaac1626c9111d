import { readFileSync } from "node:fs";
import { addressChainUrn, isApiError, type SleuthClient } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// 002 §4 detectors over HTTP: a saved watch on an address raises an alert when an import writes a
// new transfer touching it. Fixture: packages/server/fixtures (a public ethereum-etl sample).
const transactions = readFileSync(
  new URL(
    "../../packages/server/fixtures/raphtory-ethereum/transactions_3300000_first1000.csv",
    import.meta.url,
  ),
  "utf8",
);
// An address of that sample: it paid vDice five times (see tests/server/imports.test.ts).
const watched = addressChainUrn("ethereum", "0x885e4ca98d20a9826b59506d01e4c5637eee8ea1");

async function status(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (isApiError(error)) return error.status;
    throw error;
  }
}

describe.each(storeKinds)("002 §4 detectors on %s", (kind) => {
  let server: TestServer;
  let admin: SleuthClient;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    const token = await server.tokenFor(server.demo.user.email);
    admin = server.client({ token, organizationUuid: server.demo.organization.uuid });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("002 §4 a detector on an address alerts when an import brings a new transfer touching it", async () => {
    const detector = await admin.detectors.create({ addressUrn: watched });
    expect(detector).toMatchObject({ addressUrn: watched, alertCount: 0, lastAlertAt: null });
    expect(detector.name).toContain("0x885e");
    expect(await admin.detectors.alerts()).toEqual([]);

    const imported = await admin.imports.run("ethereum-etl", transactions);
    expect(imported.inserted).toBeGreaterThan(0);

    const alerts = await admin.detectors.alerts({ detectorUuid: detector.uuid });
    expect(alerts.length).toBeGreaterThanOrEqual(5);
    for (const alert of alerts) {
      expect(alert.addressUrn).toBe(watched);
      expect(alert.transactionUrn).toMatch(/^urn:sleuth:transaction:ethereum:0x[0-9a-f]{64}$/);
    }
    // Newest first.
    const times = alerts.map((alert) => alert.transactionTimestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const [listed] = await admin.detectors.list({ addressUrn: watched });
    expect(listed?.alertCount).toBe(alerts.length);
    expect(listed?.lastAlertAt).not.toBeNull();

    // The same file again writes nothing new, so nothing new is raised.
    await admin.imports.run("ethereum-etl", transactions);
    expect(await admin.detectors.alerts({ detectorUuid: detector.uuid })).toHaveLength(alerts.length);
  }, 120_000);

  test("002 §4 a detector saved after the transfers alerts on none of them; saving it again answers the same", async () => {
    const other = addressChainUrn("ethereum", "0x49fddeae0b521dab8d0c4b77e7161094f971320d");
    const first = await admin.detectors.create({ addressUrn: other, name: "vDice watch" });
    const again = await admin.detectors.create({ addressUrn: other });
    expect(again.uuid).toBe(first.uuid);
    expect(again.name).toBe("vDice watch");
    expect(await admin.detectors.alerts({ detectorUuid: first.uuid })).toEqual([]);
    await admin.detectors.delete(first.uuid);
    expect(await admin.detectors.list({ addressUrn: other })).toEqual([]);
  });

  test("002 §4 detectors stay in their organization; viewers read but cannot save; bad input is 400", async () => {
    // Dana Demo is a viewer of Partner Agency.
    const token = await server.tokenFor(server.demo.user.email);
    const asViewer = server.client({ token, organizationUuid: server.demo.partner.uuid });
    expect(await asViewer.detectors.list()).toEqual([]);
    expect(await asViewer.detectors.alerts()).toEqual([]);
    expect(await status(asViewer.detectors.create({ addressUrn: watched }))).toBe(403);

    const bad = await server.fetch("/v1/detectors", {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "x-sleuth-organization": server.demo.organization.uuid,
        "content-type": "application/json",
      },
      body: JSON.stringify({ addressUrn: "urn:sleuth:address:ethereum:0xnot-an-address" }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBeDefined();
    expect(await status(admin.detectors.delete("5e1e0000-0000-4000-8000-00000000ffff"))).toBe(404);
  });
});
