import { createHash } from "node:crypto";
import {
  type AsyncJobDetails,
  compareWithManifest,
  decodeManifestHeader,
  type ExportManifest,
  exportManifestHeader,
  type SleuthClient,
} from "@sleuth/sdk";
import Papa from "papaparse";
import { expect } from "vitest";

export const sha256Hex = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** Polls a job until it leaves the queue and the worker (001 §7). */
export async function waitForJob(
  client: SleuthClient,
  uuid: string,
  timeoutMs = 120_000,
): Promise<AsyncJobDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await client.asyncJobs.get(uuid);
    if (job.status !== "queued" && job.status !== "running") return job;
    if (Date.now() > deadline) throw new Error(`job ${uuid} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Follows the job's short-lived download URL as a browser or the CLI does: no credentials. */
export async function downloadJobFile(
  client: SleuthClient,
  uuid: string,
): Promise<{ text: string; manifest: ExportManifest }> {
  const { url } = await client.asyncJobs.downloadUrl(uuid);
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`download ${response.status}: ${await response.text()}`);
  const header = response.headers.get(exportManifestHeader);
  if (!header) throw new Error("no manifest header");
  return { text: await response.text(), manifest: decodeManifestHeader(header) };
}

/** Downloads a finished transfers export and checks it holds every row once, as its manifest says. */
export async function expectEveryTransferOnce(
  client: SleuthClient,
  uuid: string,
  rows: number,
): Promise<void> {
  const file = await downloadJobFile(client, uuid);
  const parsed = Papa.parse<Record<string, string>>(file.text, { header: true, skipEmptyLines: true }).data;
  expect(parsed).toHaveLength(rows);
  expect(new Set(parsed.map((row) => row.transactionUrn)).size).toBe(rows);
  expect(
    compareWithManifest(file.manifest, {
      sha256: sha256Hex(file.text),
      byteLength: Buffer.byteLength(file.text),
      rowCount: parsed.length,
    }),
  ).toEqual({ ok: true, problems: [] });
}

/**
 * 001 §4: a text cell a spreadsheet would run. Numbers are written as numbers (an outgoing amount
 * stays -0.5, the SDK's writer's rule), and a number is never a formula.
 */
export function startsFormula(cell: string): boolean {
  return /^[=+\-@\t\r\n\0]/.test(cell) && !/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(cell);
}
