import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import { currentRollupsVersion, ensureRollups, storedRollupsVersion } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// address_summary holds the address answers printed when the rollups were built. A store built by
// an earlier version of the code must not keep answering with that version's logic (issue 28): at
// start (main.ts) ensureRollups rebuilds the rollups whenever the version recorded in the store is
// not the running code's.

describe.each(storeKinds)("rollups built by another version on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("002 §7 an upgraded server answers a tagged address with its own logic, not the printed answers of the version before", async () => {
    const [tagged] = await server.store.query<{ chain: ChainId; address: string; answers: string }>(
      `SELECT chain, address, answers FROM address_summary
       WHERE json_array_length(coalesce(tags, '[]'::json)) > 0 ORDER BY address_id LIMIT 1`,
    );
    expect(tagged).toBeDefined();
    expect(await storedRollupsVersion(server.store)).toBe(currentRollupsVersion);
    const urn = addressChainUrn(tagged!.chain, tagged!.address);
    const expected = JSON.parse(tagged!.answers.slice(tagged!.answers.lastIndexOf("\x1f") + 1));
    expect(expected.length).toBeGreaterThan(0);

    // What an earlier version left behind: its own answer for the address (here, no tags) and its
    // version.
    const earlier = `${tagged!.answers.slice(0, tagged!.answers.lastIndexOf("\x1f") + 1)}[]`;
    await server.store.query("UPDATE address_summary SET answers = $3 WHERE chain = $1 AND address = $2", [
      tagged!.chain,
      tagged!.address,
      earlier,
    ]);
    await server.store.query("UPDATE rollup_version SET version = 'earlier'");
    const client = server.client({ token: await server.tokenFor(server.demo.user.email) });
    expect((await client.attribution.addresses([urn])).data[0]?.tags).toEqual([]);

    // The start of the upgraded server.
    expect(await ensureRollups(server.store)).toBe(true);
    expect(await storedRollupsVersion(server.store)).toBe(currentRollupsVersion);
    expect((await client.attribution.addresses([urn])).data[0]?.tags).toEqual(expected);
    expect(await ensureRollups(server.store)).toBe(false);
  });

  test("issue 28 a change of version rebuilds the rollups once, and going back rebuilds them again", async () => {
    const notices: string[] = [];
    const beforeRebuild = () => notices.push("rebuilding");
    expect(await ensureRollups(server.store, { version: "next", beforeRebuild })).toBe(true);
    expect(await storedRollupsVersion(server.store)).toBe("next");
    expect(await ensureRollups(server.store, { version: "next", beforeRebuild })).toBe(false);
    expect(notices).toEqual(["rebuilding"]);
    expect(await ensureRollups(server.store, { beforeRebuild })).toBe(true);
    expect(await storedRollupsVersion(server.store)).toBe(currentRollupsVersion);
    expect(notices).toEqual(["rebuilding", "rebuilding"]);
  });
});
