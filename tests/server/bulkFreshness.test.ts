import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import { runImport } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// The address bulk calls remember the summary rows a batch has just read (metrics/rememberedAnswers.ts):
// what an import changes must still show in the very next call.

describe.each(storeKinds)("bulk answers after an import on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("000 §7 a label imported moments after a batch read an address shows in its next attribution and risk", async () => {
    const [quiet] = await server.store.query<{ chain: ChainId; address: string }>(
      `SELECT chain, address FROM address_summary
       WHERE tags IS NULL AND owner_slug IS NULL AND risk_score = 0 ORDER BY address_id LIMIT 1`,
    );
    expect(quiet).toBeDefined();
    const urn = addressChainUrn(quiet!.chain, quiet!.address);
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    expect((await client.metrics.addresses([urn])).data).toHaveLength(1);
    expect((await client.attribution.addresses([urn])).data[0]?.tags).toEqual([]);
    expect((await client.risk.addresses([urn])).data[0]?.riskScore).toBe(0);

    await runImport(
      server.store,
      "address-labels",
      `address,label,category,chain\n${quiet!.address},Sanctioned Desk,sanctions,${quiet!.chain}\n`,
    );

    const [attribution] = (await client.attribution.addresses([urn])).data;
    expect(attribution?.tags.map((tag) => tag.category)).toEqual(["Sanctions"]);
    const [risk] = (await client.risk.addresses([urn])).data;
    expect(risk?.riskScore).toBeGreaterThan(0);
  });
});
