import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import {
  CsvRecordCounter,
  compareWithManifest,
  decodeManifestHeader,
  type ExportManifest,
  exportManifestHeader,
  exportManifestSchema,
  manifestPathOf,
} from "@sleuth/sdk";
import { writeFileAtomically } from "@sleuth/sdk/node";
import { CliError, exitCodes } from "../errors.ts";

/** The file and its manifest beside it, each written atomically; the CSV first, so a manifest always has its file. */
export async function saveExport(
  path: string,
  csv: string | AsyncIterable<Uint8Array>,
  manifest: ExportManifest,
) {
  await writeFileAtomically(path, csv);
  await writeFileAtomically(manifestPathOf(path), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Fetches a job's short-lived download URL (no credentials: the URL is one) into `path` and its manifest. */
export async function downloadResult(url: string, path: string): Promise<ExportManifest> {
  const response = await fetch(url);
  if (response.status !== 200 || !response.body) {
    throw new CliError(`the download answered ${response.status}`, {
      hint: "a download URL lasts a few minutes; `sleuth jobs download <uuid>` asks for a new one",
    });
  }
  const header = response.headers.get(exportManifestHeader);
  if (!header) throw new CliError("the download came without its manifest");
  const manifest = decodeManifestHeader(header);
  await saveExport(path, response.body as AsyncIterable<Uint8Array>, manifest);
  return manifest;
}

/** Reads a file's bytes once: its SHA-256, size and CSV records. */
export async function measureFile(
  path: string,
): Promise<{ sha256: string; byteLength: number; rowCount: number }> {
  const hash = createHash("sha256");
  const counter = new CsvRecordCounter();
  const decoder = new StringDecoder("utf8");
  let byteLength = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    byteLength += bytes.length;
    counter.push(decoder.write(bytes));
  }
  counter.push(decoder.end());
  return { sha256: hash.digest("hex"), byteLength, rowCount: counter.rows };
}

/** `sleuth jobs verify`: the file against `<file>.manifest.json`; exit 5 when they differ. */
export async function verifyExport(path: string): Promise<{ manifest: ExportManifest; problems: string[] }> {
  let manifestText: string;
  try {
    manifestText = await readFile(manifestPathOf(path), "utf8");
  } catch {
    throw new CliError(`no manifest beside ${path} (looked for ${manifestPathOf(path)})`, {
      exitCode: exitCodes.verifyFailed,
    });
  }
  const manifest = exportManifestSchema.parse(JSON.parse(manifestText));
  const found = await measureFile(path);
  return { manifest, problems: compareWithManifest(manifest, found).problems };
}
