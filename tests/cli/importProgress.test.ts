import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { syntheticEthereumEtlCsv } from "../helpers/syntheticEthereumEtl.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 46: `sleuth import` sends the file as a job and waits for it, with progress lines on
// stderr when no terminal is attached, and the import's counts on stdout.

let server: TestServer;
let cli: CliSandbox;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
  cli = await createCliSandbox();
});
afterAll(async () => {
  await cli?.remove();
  await server?.close();
});

describe("issue 46 sleuth import waits for its job", () => {
  test("issue 46 sleuth import prints progress lines without a terminal and exits 0 with the counts", async () => {
    const file = join(cli.dir, "transactions.csv");
    await writeFile(file, syntheticEthereumEtlCsv(5_000, 46));
    const imported = await cli.run(["import", "ethereum-etl", file], { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trim()).toBe("5000 inserted, 0 already present, 0 skipped");
    const progress = imported.stderr.split("\n").filter((line) => /^import [0-9a-f-]{36} /.test(line));
    expect(progress[0]).toMatch(/ queued: \d+(\.\d)? (KiB|MiB) stored on the server$/);
    expect(progress.at(-1)).toMatch(/ done: 5,000 inserted, 0 already present, 0 skipped$/);
    expect(imported.stderr).not.toContain("is the server running");

    const again = await cli.run(["import", "ethereum-etl", file, "--json"], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, unchanged: 5_000, skippedCount: 0 });
  }, 120_000);

  test("issue 46 a file none of whose records could be stored exits 1 and says why", async () => {
    // A real ethereum-etl token_transfers row (block 12,600,000) whose transaction the store lacks.
    const hash = "0xb2f411fb589ee91f4d4ac7db3837abe34fbc017b62b79fac39936c47b720a842";
    const file = join(cli.dir, "token_transfers.csv");
    await writeFile(
      file,
      "token_address,from_address,to_address,value,transaction_hash,log_index,block_number\n" +
        `0x6b175474e89094c44da98b954eedeac495271d0f,0xc51f7bc0786b40d70a32f5a87cef638d8281e54c,0xa478c2975ab1ea89e8196811f51a7b7ade33eb11,54762757905318339384,${hash},1,12600000\n`,
    );
    const skipped = await cli.run(["import", "ethereum-etl", file], { env });
    expect(skipped.code).toBe(1);
    expect(skipped.stdout).toContain("0 inserted, 0 already present, 1 skipped");
    expect(skipped.stderr).toContain(
      `error: nothing imported: all 1 records were skipped (line 2: transaction ${hash} is not in the store`,
    );
  });

  test("issue 46 a file the job refuses exits 1 with the line and why", async () => {
    const file = join(cli.dir, "wrong.csv");
    await writeFile(file, "not,an,export\n1,2,3\n");
    const refused = await cli.run(["import", "ethereum-etl", file], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("error: line 1: Not an ethereum-etl export");
  });
});
