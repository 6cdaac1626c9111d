import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  addressChainUrn,
  type CounterpartyName,
  type CounterpartyRow,
  type TraceResult,
  tracePathRows,
} from "@sleuth/sdk";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { busiestAddressOf, sample2017File, sentFromFile } from "../helpers/pricedSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 39 from the terminal, on the real 2017 ethereum-etl sample with a label list naming the
// busiest address's largest recipient: the label names it in `sleuth counterparties`, in `sleuth
// transfers --format csv`, in `sleuth export counterparties` and at the end of its path in `sleuth
// trace`'s path list.

let server: TestServer;
let cli: CliSandbox;
let env: Record<string, string>;
let busiest: string;
let recipient: string;
const label = "Test Exchange Hot Wallet";

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
  cli = await createCliSandbox();
  busiest = busiestAddressOf(sample2017File);
  recipient = [...sentFromFile(busiest)].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))[0]![0];
  const labels = join(cli.dir, "labels.csv");
  await writeFile(labels, `address,label,category,chain\n${recipient},${label},exchange,ethereum\n`);
  expect((await cli.run(["import", "ethereum-etl", sample2017File], { env })).code).toBe(0);
  expect((await cli.run(["import", "address-labels", labels], { env })).code).toBe(0);
  // Two imports through the CLI process (the sample rebuilds the rollups): longer than a test's
  // default hook time on a loaded machine.
}, 300_000);
afterAll(async () => {
  await cli?.remove();
  await server?.close();
});

describe("issue 39 named counterparties in the CLI", () => {
  test("issue 39 sleuth counterparties names an unowned counterparty by its label and the label's source", async () => {
    const result = await cli.run(["counterparties", busiest, "--chain", "eth", "--limit", "5000"], { env });
    expect(result.code).toBe(0);
    // Every counterparty: unpriced, they come in no volume order, so the labelled one is anywhere.
    const rows = JSON.parse(result.stdout) as (CounterpartyRow & {
      counterpartyName: CounterpartyName | null;
    })[];
    const row = rows.find((entry) => entry.addressChainUrn?.endsWith(recipient));
    expect(row?.counterpartyName).toEqual({ name: label, kind: "label", source: "labels.csv" });
    // An address no list names stays unnamed (null), never a made-up name.
    expect(rows.some((entry) => entry.counterpartyName === null)).toBe(true);
  });

  test("issue 39 sleuth transfers --format csv writes the counterparty's name, its kind and source", async () => {
    const result = await cli.run(["transfers", busiest, "--chain", "eth", "--format", "csv"], { env });
    expect(result.code).toBe(0);
    const records = Papa.parse<Record<string, string>>(result.stdout.trim(), { header: true }).data;
    const toRecipient = records.filter((record) => record.counterpartyAddressChainUrns?.endsWith(recipient));
    expect(toRecipient.length).toBeGreaterThan(0);
    for (const record of toRecipient)
      expect([record.counterpartyName, record.counterpartyNameKind, record.counterpartyNameSource]).toEqual([
        label,
        "label",
        "labels.csv",
      ]);
  });

  test("issue 39 sleuth trace lists its paths largest first, the labelled end named by its label", async () => {
    const json = await cli.run(["trace", busiest, "--hops", "1", "--fan-out", "20"], { env });
    const trace = JSON.parse(json.stdout) as TraceResult;
    const expected = tracePathRows(trace);
    const paths = await cli.run(["trace", busiest, "--hops", "1", "--fan-out", "20", "--format", "paths"], {
      env,
    });
    expect(paths.code).toBe(0);
    // Not a terminal: tab-separated rows in the list's order (end, named by, stopped, hops, at most, urn).
    const lines = paths.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    expect(lines.map((cells) => cells.at(-1))).toEqual(expected.map((row) => row.end));
    const labelled = lines.find((cells) => cells.at(-1)?.endsWith(recipient));
    expect(labelled?.slice(0, 2)).toEqual([label, "label"]);
    const amounts = expected.map((row) => row.amountUsd ?? Number.NEGATIVE_INFINITY);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  test("issue 39 sleuth triage report names the labelled counterparty by its label, its kind and its address", async () => {
    const counterparties = await cli.run(["counterparties", busiest, "--chain", "eth", "--limit", "5000"], {
      env,
    });
    const listed = (JSON.parse(counterparties.stdout) as CounterpartyRow[]).find((entry) =>
      entry.addressChainUrn?.endsWith(recipient),
    );
    const result = await cli.run(["triage", "report", busiest, "--chain", "ethereum", "-o", "-"], { env });
    expect(result.code).toBe(0);
    const [header, ...lines] = Papa.parse<string[]>(result.stdout.trim()).data;
    expect(header).toHaveLength(8);
    const column = (name: string) => header!.indexOf(name);
    const toRecipient = lines.filter((line) => line[column("Counterparty")]?.endsWith(recipient));
    expect(toRecipient.length).toBeGreaterThan(0);
    for (const line of toRecipient) {
      expect(line[column("Counterparty")]).toBe(`${label} (label · labels.csv) ${recipient}`);
      // The category the counterparties table gives the address, never "Unattributed".
      expect(line[column("Category")]).toBe(listed?.category);
    }
    // An address no list names is still its bare address.
    expect(lines.some((line) => /^0x[0-9a-f]{40}$/.test(line[column("Counterparty")] ?? ""))).toBe(true);
  });

  test("issue 39 sleuth export category-transfers names the labelled counterparty, its kind and source", async () => {
    const subject = addressChainUrn("ethereum", busiest);
    const client = server.client({ token: env.SLEUTH_TOKEN! });
    const categories = await client.flows.categoryDaily("address", { addressChainUrn: subject });
    const rows = await Promise.all(
      [...new Set(categories.map((day) => day.categoryId))].map(async (id) => ({
        id,
        page: await client.flows.categoryTransfers("address", {
          addressChainUrn: subject,
          counterpartyCategoryId: id,
          pageSize: 100,
        }),
      })),
    );
    const category = rows.find(({ page }) =>
      page.rows.some((row) => row.counterpartyAddressChainUrns?.[0]?.endsWith(recipient)),
    );
    expect(category).toBeDefined();
    const result = await cli.run(
      ["export", "category-transfers", subject, "--category", String(category!.id)],
      { env },
    );
    expect(result.code).toBe(0);
    const records = Papa.parse<Record<string, string>>(result.stdout.trim(), { header: true }).data;
    const toRecipient = records.filter((record) => record.counterpartyAddressChainUrns?.endsWith(recipient));
    expect(toRecipient.length).toBeGreaterThan(0);
    for (const record of toRecipient)
      expect([record.counterpartyName, record.counterpartyNameKind, record.counterpartyNameSource]).toEqual([
        label,
        "label",
        "labels.csv",
      ]);
  });

  test("issue 39 sleuth export counterparties names the labelled counterparty's row by its label, kind and source", async () => {
    const listed = JSON.parse(
      (await cli.run(["counterparties", busiest, "--chain", "eth", "--limit", "5000"], { env })).stdout,
    ) as CounterpartyRow[];
    const subject = addressChainUrn("ethereum", busiest);
    // Every row, however many: the labelled one is anywhere in an unpriced list.
    const result = await cli.run(["export", "counterparties", subject, "--range", `1-${listed.length}`], {
      env,
    });
    expect(result.code, result.stderr).toBe(0);
    const records = Papa.parse<Record<string, string>>(result.stdout.trim(), { header: true }).data;
    expect(records).toHaveLength(listed.length);
    const toRecipient = records.filter((record) => record.addressChainUrn?.endsWith(recipient));
    expect(toRecipient).toHaveLength(1);
    expect([
      toRecipient[0]!.counterpartyName,
      toRecipient[0]!.counterpartyNameKind,
      toRecipient[0]!.counterpartyNameSource,
    ]).toEqual([label, "label", "labels.csv"]);
    // A row no list names has no name, kind or source.
    expect(
      records.some(
        (record) =>
          record.counterpartyName === "" &&
          record.counterpartyNameKind === "" &&
          record.counterpartyNameSource === "",
      ),
    ).toBe(true);
  });

  test("000 §5 sleuth counterparties --transfers and --counterparty filter as the table's header filters do", async () => {
    const all = JSON.parse(
      (await cli.run(["counterparties", busiest, "--chain", "eth", "--limit", "5000"], { env })).stdout,
    ) as CounterpartyRow[];
    const notOne = await cli.run(
      ["counterparties", busiest, "--chain", "eth", "--limit", "5000", "--transfers", "!=1"],
      { env },
    );
    expect(notOne.code).toBe(0);
    const kept = JSON.parse(notOne.stdout) as CounterpartyRow[];
    expect(kept.map((row) => row.counterpartyUrn).sort()).toEqual(
      all
        .filter((row) => row.totalTransfers !== 1)
        .map((row) => row.counterpartyUrn)
        .sort(),
    );
    const recipientUrn = addressChainUrn("ethereum", recipient);
    const one = await cli.run(["counterparties", busiest, "--chain", "eth", "--counterparty", recipientUrn], {
      env,
    });
    expect((JSON.parse(one.stdout) as CounterpartyRow[]).map((row) => row.counterpartyUrn)).toEqual([
      recipientUrn,
    ]);
    // 000 §5: a volume allows only at least and at most, and says so.
    const refused = await cli.run(["counterparties", busiest, "--chain", "eth", "--volume", "=5"], { env });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("at least or at most");
  });

  test("000 §7 sleuth counterparties --kind lists the counterparties of one kind", async () => {
    const result = await cli.run(
      ["counterparties", busiest, "--chain", "eth", "--kind", "address", "--limit", "5000"],
      { env },
    );
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as CounterpartyRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.counterpartyType === "address")).toBe(true);
    // The labelled recipient is among them, named by its label.
    const named = rows as (CounterpartyRow & { counterpartyName: CounterpartyName | null })[];
    expect(named.find((row) => row.addressChainUrn?.endsWith(recipient))?.counterpartyName?.name).toBe(label);
  });
});
