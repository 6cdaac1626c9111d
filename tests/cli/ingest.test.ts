import { transactionUrn } from "@sleuth/sdk";
import { type Hex, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Anvil, anvilFunder, deployToken, startAnvil, tokenAbi } from "../helpers/anvil.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 46 from the terminal: `sleuth ingest ethereum` against a real node (anvil), then
// `sleuth transfers` shows exactly the transfers sent, with their balances.
describe("issue 46 sleuth ingest ethereum", () => {
  let anvil: Anvil;
  let server: TestServer;
  let cli: CliSandbox;
  let env: Record<string, string>;
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  const sent: Hex[] = [];
  let head: number;

  beforeAll(async () => {
    [anvil, server, cli] = await Promise.all([
      startAnvil(),
      startTestServer({ store: "pglite", env: { SLEUTH_ETHEREUM_POLL_MS: "20" } }),
      createCliSandbox(),
    ]);
    env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
    const funder = anvil.wallet(anvilFunder);
    await funder.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: alice.address, value: parseEther("5") }),
    });
    const token = await deployToken(anvil, anvilFunder, {
      name: "Ingest Token",
      symbol: "ING",
      supply: parseUnits("1000", 18),
      owner: alice.address,
    });
    const a = anvil.wallet(alice);
    sent.push(await a.sendTransaction({ to: bob.address, value: parseEther("2") }));
    sent.push(
      await a.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: "transfer",
        args: [bob.address, parseUnits("12.5", 18)],
      }),
    );
    for (const hash of sent) await a.waitForTransactionReceipt({ hash });
    head = Number(await a.getBlockNumber({ cacheTime: 0 }));
  }, 60_000);
  afterAll(async () => {
    await cli?.remove();
    await server?.close();
    await anvil?.stop();
  });

  test("issue 46 ingests a range with plain progress lines, then sleuth transfers lists it", async () => {
    const ingested = await cli.run(
      ["ingest", "ethereum", "--rpc", anvil.url, "--from", "0", "--to", String(head), "--confirmations", "0"],
      { env },
    );
    expect(ingested.stderr).toMatch(new RegExp(`block ${head} · head ${head} \\(0 behind\\)`));
    expect(ingested.code).toBe(0);
    expect(ingested.stdout).toMatch(
      /^block \d+ · head \d+ \(0 behind\) · [\d.,]+ blocks\/s · [\d.,]+ transfers\/s\n$/,
    );

    const listed = await cli.run(["transfers", bob.address, "--chain", "ethereum", "--format", "json"], {
      env,
    });
    expect(listed.code).toBe(0);
    const rows = (JSON.parse(listed.stdout) as Record<string, string>[]).map((row) => [
      row.transactionUrn,
      row.asset,
      row.relevantAmountRaw,
      row.runningBalanceRaw,
    ]);
    expect(rows).toEqual([
      [transactionUrn("ethereum", sent[1]!), "ING", "12.5", "12.5"],
      [transactionUrn("ethereum", sent[0]!), "ETH", "2", "2"],
    ]);

    const status = await cli.run(["ingest", "status", "--json"], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({
      state: "done",
      checkpoint: String(head),
      lastError: null,
    });
  });
});
