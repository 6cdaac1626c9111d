import { addressChainUrn, operatorMessages } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 46 "A full rebuild stays available (`sleuth admin rebuild-rollups`)": on the small demo
// world, an address's read model is damaged through the store (its summary row and its
// counterparties gone, as a failed upgrade or a hand edit would leave them); the instance operator's
// command rebuilds it and says what it did, and anyone else is refused with the server's 403.

const operatorToken = "operator-credential-for-rebuild-tests";

describe("issue 46 sleuth admin rebuild-rollups", () => {
  let server: TestServer;
  let cli: CliSandbox;
  let memberEnv: Record<string, string>;
  let subject: { id: string; urn: string };

  const summaryRow = async () =>
    (await server.store.query("SELECT * FROM address_summary WHERE address_id = $1", [subject.id]))[0];
  const counterparties = async () => {
    const listed = await cli.run(["counterparties", subject.urn, "--json"], { env: memberEnv });
    expect(listed.code).toBe(0);
    return JSON.parse(listed.stdout) as unknown[];
  };

  beforeAll(async () => {
    [server, cli] = await Promise.all([
      startTestServer({ store: "pglite", world: "small", env: { SLEUTH_OPERATOR_TOKEN: operatorToken } }),
      createCliSandbox(),
    ]);
    memberEnv = {
      SLEUTH_API_URL: server.baseUrl,
      SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email),
    };
    // The address with the most counterparties.
    const [busiest] = await server.store.query<{ id: string | number; chain: string; address: string }>(
      `SELECT a.id, a.chain, a.address FROM addresses a
       JOIN address_counterparties c ON c.address_id = a.id
       GROUP BY a.id ORDER BY count(*) DESC, a.id LIMIT 1`,
    );
    subject = {
      id: String(busiest!.id),
      urn: addressChainUrn(busiest!.chain as "ethereum", busiest!.address),
    };
  }, 120_000);
  afterAll(async () => {
    await cli?.remove();
    await server?.close();
  });

  test("issue 46 the operator's rebuild puts a damaged read model right and says what it did; others get 403", async () => {
    const summary = await summaryRow();
    expect(summary).toBeDefined();
    const listed = await counterparties();
    expect(listed.length).toBeGreaterThan(1);

    await server.store.transaction(async (tx) => {
      await tx.query("DELETE FROM address_counterparties WHERE address_id = $1", [subject.id]);
      await tx.query("DELETE FROM address_summary WHERE address_id = $1", [subject.id]);
    });
    expect(await counterparties()).toEqual([]);

    // An organization's admin is not the instance's operator, nor is a wrong credential.
    for (const credential of [memberEnv.SLEUTH_TOKEN!, "not-the-operator-credential"]) {
      const refused = await cli.run(["admin", "rebuild-rollups"], {
        env: { SLEUTH_API_URL: server.baseUrl, SLEUTH_OPERATOR_TOKEN: credential },
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(operatorMessages.notOperator);
      expect(refused.stdout).toBe("");
    }
    expect(await summaryRow()).toBeUndefined();
    expect(await counterparties()).toEqual([]);

    const rebuilt = await cli.runProcess(["admin", "rebuild-rollups"], {
      env: { SLEUTH_API_URL: server.baseUrl, SLEUTH_OPERATOR_TOKEN: operatorToken },
    });
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stderr).toContain("Rebuilding the rollups of the whole store");
    const [addresses] = await server.store.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM address_summary",
    );
    expect(rebuilt.stdout).toMatch(
      new RegExp(
        `^Rebuilt the rollups of ${addresses!.count.toLocaleString("en-US")} addresses and [\\d,]+ entities in [\\d.]+ s \\(version \\S+\\)\\.\\n$`,
      ),
    );
    expect(await summaryRow()).toEqual(summary);
    expect(await counterparties()).toEqual(listed);
  });
});
