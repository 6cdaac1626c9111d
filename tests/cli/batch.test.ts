import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type BatchRow, batchRowSchema, readCsvColumn } from "@sleuth/cli";
import {
  addressChainUrn,
  type ChainId,
  chainIds,
  chainsOfFamily,
  encodeAddress,
  noSearchConfigurationNotice,
  riskLabelOf,
  type SleuthClient,
} from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let client: SleuthClient;
let env: Record<string, string>;

/** Demo-world identifiers, read from the test server's store (never hard-coded). */
const world = {
  owned: { chain: "bitcoin" as ChainId, address: "", entity: "" },
  multiChain: { address: "", chains: [] as ChainId[] },
  entity: { urn: "", name: "" },
  transaction: { chain: "bitcoin" as ChainId, hash: "", timestamp: "" },
  ip: "",
  customEntity: { urn: "", name: "" },
  unknownAddress: "",
};

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await server.store.query<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", world: "small" });
  const token = await server.tokenFor(server.demo.user.email);
  client = server.client({ token, organizationUuid: server.demo.organization.uuid });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: token };

  world.owned = await one(
    `SELECT a.chain, a.address, e.name AS entity FROM addresses a JOIN entities e ON e.id = a.entity_id
     WHERE a.chain = 'bitcoin' ORDER BY a.id LIMIT 1`,
  );
  const multi = await one<{ address: string; chains: ChainId[] }>(
    `SELECT address, array_agg(chain) AS chains FROM addresses WHERE address LIKE '0x%'
     GROUP BY address HAVING count(*) > 1 ORDER BY address LIMIT 1`,
  );
  world.multiChain = {
    address: multi.address,
    chains: [...multi.chains].sort((a, b) => chainIds.indexOf(a) - chainIds.indexOf(b)),
  };
  world.entity = await one("SELECT urn, name FROM entities ORDER BY id LIMIT 1");
  const transaction = await one<{ chain: ChainId; hash: string; block_timestamp: unknown }>(
    "SELECT chain, hash, block_timestamp FROM transactions WHERE chain = 'ethereum' ORDER BY id LIMIT 1",
  );
  world.transaction = {
    chain: transaction.chain,
    hash: transaction.hash,
    timestamp: iso(transaction.block_timestamp),
  };
  world.ip = (
    await one<{ ip: string }>(
      "SELECT h.ip FROM inet_hosts h WHERE EXISTS (SELECT 1 FROM inet_observations o WHERE o.inet_id = h.id) ORDER BY h.id LIMIT 1",
    )
  ).ip;
  const custom = await one<{ uuid: string; name: string }>(
    `SELECT ce.uuid, ce.name FROM custom_entities ce JOIN organizations o ON o.id = ce.organization_id
     WHERE o.uuid = $1 ORDER BY ce.id LIMIT 1`,
    [server.demo.organization.uuid],
  );
  world.customEntity = { urn: `urn:sleuth:custom-entity:${custom.uuid}`, name: custom.name };
  // A valid bitcoin address the store has never seen.
  for (;;) {
    const candidate = encodeAddress("bitcoin", "p2wpkh", randomBytes(20));
    const [known] = await server.store.query(
      "SELECT 1 FROM addresses WHERE chain = 'bitcoin' AND address = $1",
      [candidate],
    );
    if (!known) {
      world.unknownAddress = candidate;
      break;
    }
  }
});
afterAll(async () => {
  await server?.close();
});

let cli: CliSandbox;
beforeEach(async () => {
  cli = await createCliSandbox();
});
afterEach(async () => {
  await cli.remove();
});

const ndjson = (text: string): BatchRow[] =>
  text
    .trimEnd()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => batchRowSchema.parse(JSON.parse(line)));

describe("000 §7 sleuth batch against the small demo world", () => {
  test("a mixed list of valid, invalid and unknown identifiers resolves in input order", async () => {
    const input = [
      world.owned.address,
      "definitely not an address",
      world.multiChain.address,
      world.unknownAddress,
      world.entity.urn,
      world.transaction.hash,
      world.ip,
      world.customEntity.urn,
      "urn:sleuth:entity:no-such-party-anywhere",
    ];
    const result = await cli.runProcess(["batch", "-", "--format", "ndjson"], {
      env,
      stdin: `${input.join("\n")}\n`,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("rows did not resolve");
    const rows = ndjson(result.stdout);

    // One row per input, except the address known on several chains: a row per chain, in registry order.
    const expectedInputs = input.flatMap((text) =>
      text === world.multiChain.address ? world.multiChain.chains.map(() => text) : [text],
    );
    expect(rows.map((row) => row.input)).toEqual(expectedInputs);
    const byInput = (text: string) => rows.filter((row) => row.input === text);

    // The owned address: the owner's name, and the server's own figures for it.
    const ownedUrn = addressChainUrn("bitcoin", world.owned.address);
    const [metrics, risk] = await Promise.all([
      client.metrics.addresses([ownedUrn]),
      client.risk.addresses([ownedUrn]),
    ]);
    const riskScore = risk.data[0]?.riskScore ?? null;
    expect(byInput(world.owned.address)).toEqual([
      {
        input: world.owned.address,
        kind: "address",
        chain: "bitcoin",
        urn: ownedUrn,
        entity: world.owned.entity,
        category: expect.any(String),
        categoryRiskScoreLevel: riskScore,
        riskLabel: riskScore === null ? null : riskLabelOf(riskScore),
        balanceAmountUsd: metrics.data[0]?.balanceAmountUsd ?? null,
        totalVolumeUsd: metrics.data[0]?.totalVolumeUsd ?? null,
        firstActiveDate: metrics.data[0]?.firstActiveDate ?? null,
        lastActiveDate: metrics.data[0]?.lastActiveDate ?? null,
        status: "resolved",
        error: null,
      },
    ]);

    expect(byInput("definitely not an address")).toMatchObject([{ kind: null, status: "invalid" }]);
    expect(byInput(world.multiChain.address).map((row) => [row.chain, row.status])).toEqual(
      world.multiChain.chains.map((chain) => [chain, "resolved"]),
    );
    expect(byInput(world.unknownAddress)).toMatchObject([
      { kind: "address", chain: "bitcoin", status: "unknown", error: "not found" },
    ]);
    expect(byInput(world.entity.urn)).toMatchObject([
      { kind: "entity", urn: world.entity.urn, entity: world.entity.name, status: "resolved" },
    ]);
    expect(byInput(world.transaction.hash)).toMatchObject([
      {
        kind: "transaction",
        chain: world.transaction.chain,
        firstActiveDate: world.transaction.timestamp,
        status: "resolved",
      },
    ]);
    expect(byInput(world.ip)).toMatchObject([
      { kind: "inet", urn: `urn:sleuth:inet:${world.ip}`, status: "resolved" },
    ]);
    expect(byInput(world.customEntity.urn)).toMatchObject([
      { kind: "custom-entity", entity: world.customEntity.name, status: "resolved" },
    ]);
    expect(byInput("urn:sleuth:entity:no-such-party-anywhere")).toMatchObject([
      { kind: "entity", status: "unknown" },
    ]);
  });

  test("000 §5 a pasted 0x-address is looked up on the EVM chains the server has data on; --chain names any chain", async () => {
    const covered = (
      await server.store.query<{ chain: ChainId }>("SELECT DISTINCT chain FROM addresses")
    ).map((row) => row.chain);
    const evm = chainsOfFamily("evm").map((chain) => chain.id);
    const searched = evm.filter((id) => covered.includes(id));
    const [quiet] = evm.filter((id) => !covered.includes(id));
    if (!quiet) throw new Error("the small world has activity on every EVM chain");
    const address = encodeAddress("ethereum", "evm", randomBytes(20));

    const pasted = await cli.run(["batch", "-", "--format", "ndjson"], { env, stdin: `${address}\n` });
    expect(pasted.code).toBe(3);
    expect(ndjson(pasted.stdout)).toMatchObject([
      { input: address, kind: "address", status: "unknown", error: `not found on ${searched.join(", ")}` },
    ]);

    const named = await cli.run(["batch", "-", "--format", "ndjson", "--chain", quiet], {
      env,
      stdin: `${address}\n`,
    });
    expect(ndjson(named.stdout)).toMatchObject([
      {
        input: address,
        chain: quiet,
        urn: addressChainUrn(quiet, address),
        status: "unknown",
        error: "not found",
      },
    ]);
  });

  test("000 §5 a server without the search configuration: every EVM chain is searched, with a warning", async () => {
    // An older server: the real one behind a proxy that answers 404 to the configuration call only.
    const proxy = createServer((request, response) => {
      if (request.url?.startsWith("/v1/search/configuration")) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { code: "not_found", message: "Not found" } }));
        return;
      }
      const upstream = new URL(request.url ?? "/", server.baseUrl);
      const forwarded = httpRequest(
        upstream,
        { method: request.method, headers: { ...request.headers, host: upstream.host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const address = encodeAddress("ethereum", "evm", randomBytes(20));
      const result = await cli.run(["batch", "-", "--format", "ndjson"], {
        env: { ...env, SLEUTH_API_URL: `http://127.0.0.1:${port}` },
        stdin: `${address}\n`,
      });
      expect(result.stderr).toContain(noSearchConfigurationNotice);
      const evm = chainsOfFamily("evm").map((chain) => chain.id);
      expect(ndjson(result.stdout)).toMatchObject([
        { input: address, status: "unknown", error: `not found on ${evm.join(", ")}` },
      ]);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test("exit 0 when every row resolves; --allow-failures exits 0 despite unresolved rows", async () => {
    const good = await cli.run(["batch", "-", "--format", "ndjson"], {
      env,
      stdin: `${world.owned.address}\n`,
    });
    expect(good.code).toBe(0);
    expect(ndjson(good.stdout)).toMatchObject([{ status: "resolved" }]);
    const stdin = `${world.owned.address}\nnot-an-address\n${world.unknownAddress}\n`;
    const strict = await cli.run(["batch", "-"], { env, stdin });
    expect(strict.code).toBe(3);
    const relaxed = await cli.run(["batch", "-", "--allow-failures"], { env, stdin });
    expect(relaxed.code).toBe(0);
    expect(relaxed.stdout).toBe(strict.stdout);
    expect(relaxed.stderr).toContain("3 inputs, 3 rows: 1 resolved, 1 unknown, 1 invalid, 0 failed");
  });

  test("--column reads one column of a CSV file, streamed, in record order", async () => {
    const file = join(cli.dir, "customers.csv");
    await writeFile(
      file,
      [
        "name,wallet,notes",
        `"Lima, Ana",${world.owned.address},first`,
        `Bob,${world.unknownAddress},"multi\nline"`,
        "Carol,,no wallet",
        `Dan,${world.entity.urn},`,
      ].join("\r\n"),
    );
    const result = await cli.run(["batch", "customers.csv", "--column", "wallet", "--format", "ndjson"], {
      env,
    });
    expect(ndjson(result.stdout).map((row) => [row.input, row.status])).toEqual([
      [world.owned.address, "resolved"],
      [world.unknownAddress, "unknown"],
      [world.entity.urn, "resolved"],
    ]);
    const missing = await cli.run(["batch", "customers.csv", "--column", "address"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain('no column "address" in the CSV header');
  });

  test("CSV output neutralises formula injection and round-trips through a CSV reader", async () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    const result = await cli.run(["batch"], { env, stdin: `${formula}\n@SUM(A1)\n${world.owned.address}\n` });
    expect(result.code).toBe(3);
    expect(result.stdout.split("\r\n")[0]).toMatch(/^input,kind,chain,urn,/);
    // Read back as a spreadsheet import would, with the CLI's own streaming CSV reader.
    const inputs: string[] = [];
    for await (const chunk of readCsvColumn(Readable.from([result.stdout]), "input"))
      inputs.push(...chunk.map((line) => line.text));
    expect(inputs).toEqual([`'${formula}`, "'@SUM(A1)", world.owned.address]);
    expect(result.stdout).not.toMatch(/(^|\r\n|,)=HYPERLINK/);
  });

  test("--format json is one array; a file argument works as well as stdin", async () => {
    await writeFile(join(cli.dir, "list.txt"), `${world.entity.urn}\n\n${world.owned.address}\n`);
    const result = await cli.run(["batch", "list.txt", "--format", "json"], { env });
    expect(result.code).toBe(0);
    const rows = batchRowSchema.array().parse(JSON.parse(result.stdout));
    expect(rows.map((row) => row.input)).toEqual([world.entity.urn, world.owned.address]);
  });

  test("without a token exits 4; a missing file exits 1; nothing on stdout either way", async () => {
    const noToken = await cli.run(["batch", "-"], { env: { SLEUTH_API_URL: server.baseUrl }, stdin: "x\n" });
    expect(noToken.code).toBe(4);
    expect(noToken.stdout).toBe("");
    const rejected = await cli.run(["batch", "-"], {
      env: { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: "slt_not-a-token" },
      stdin: `${world.owned.address}\n`,
    });
    expect(rejected.code).toBe(4);
    const missing = await cli.run(["batch", "nowhere.txt"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("cannot read nowhere.txt (ENOENT)");
    expect(missing.stdout).toBe("");
  });

  test("Ctrl-C writes the rows already complete, closes the JSON array and exits 2", async () => {
    // bin/sleuth.js runs the bundle the global setup built, as `pnpm sleuth` does (the sources would
    // add seconds of loading to the start); the signal goes to Node itself, not to a shell.
    const binPath = fileURLToPath(new URL("../../packages/cli/bin/sleuth.js", import.meta.url));
    const child = spawn(process.execPath, [binPath, "batch", "-", "--format", "json"], {
      cwd: cli.dir,
      env: { PATH: process.env.PATH ?? "", HOME: cli.dir, XDG_CONFIG_HOME: join(cli.dir, "config"), ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    // Stdin stays open, as when someone pastes: the pause sends what was read so far.
    child.stdin.write(`${world.owned.address}\n${world.entity.urn}\n`);
    const deadline = Date.now() + 20_000;
    while (!stdout.includes(world.entity.urn) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill("SIGINT");
    expect(await exited).toBe(2);
    const rows = batchRowSchema.array().parse(JSON.parse(stdout));
    expect(rows.map((row) => row.input)).toEqual([world.owned.address, world.entity.urn]);
    expect(stderr).toContain("stopped after input line 2");
  });
});
