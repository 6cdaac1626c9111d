import { randomBytes } from "node:crypto";
import { ApiError, addressChainUrn, type ChainId, chainIds, chainInfo, encodeAddress } from "@sleuth/sdk";
import { runImport } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// 000 §5 "ignoring chains excluded by configuration": GET /v1/search/configuration names the chains
// the store holds no address on, read from the chain_summary rollup, so it follows every import.

describe.each(storeKinds)("search configuration on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
  });
  afterAll(async () => {
    await server?.close();
  });

  const chainsWithAddresses = async () =>
    new Set(
      (await server.store.query<{ chain: ChainId }>("SELECT DISTINCT chain FROM addresses")).map(
        (row) => row.chain,
      ),
    );

  test("000 §5 the chains excluded are exactly those the store holds no address on, in registry order", async () => {
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const covered = await chainsWithAddresses();
    const { excludedChains } = await client.search.configuration();
    expect(excludedChains).toEqual(chainIds.filter((id) => !covered.has(id)));
    // The small world leaves some of the registry's EVM chains quiet: a pasted 0x-address skips them.
    expect(excludedChains.length).toBeGreaterThan(0);
  });

  test("000 §5 an import that brings a chain's first address makes that chain searched", async () => {
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const [chain] = (await client.search.configuration()).excludedChains.filter(
      (id) => chainInfo(id).family === "evm",
    );
    if (!chain) throw new Error("the small world has activity on every EVM chain; nothing to import onto");
    const address = encodeAddress(chain, "evm", randomBytes(20));
    await runImport(
      server.store,
      "address-labels",
      `address,label,category,chain\n${address},Desk,exchange,${chain}\n`,
    );

    expect((await client.search.configuration()).excludedChains).not.toContain(chain);
    expect((await client.metrics.addresses([addressChainUrn(chain, address)])).data).toHaveLength(1);
  });

  test("000 §5 the configuration needs a signed-in caller", async () => {
    const anonymous = server.client({});
    await expect(anonymous.search.configuration()).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 401,
    );
  });
});
