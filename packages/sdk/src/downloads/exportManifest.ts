import { z } from "zod";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "../format/opaqueCursor.ts";
import { exportJobTypeSchema } from "./exportJobs.ts";

/**
 * What an export proves about itself (docs/API.md): the request, the rows written, which server
 * wrote it and when, and the SHA-256 of the file's bytes. Written beside the file as
 * `<file>.manifest.json`; `sleuth jobs verify` recomputes the hash and counts the rows.
 */
export const exportManifestSchema = z.object({
  jobType: exportJobTypeSchema,
  parameters: z.record(z.string(), z.unknown()),
  asyncJobUuid: z.uuid().nullable(),
  fileName: z.string(),
  rowCount: z.int().min(0),
  byteLength: z.int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  serverVersion: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;

/** The answer header carrying a direct download's manifest, opaque text as a cursor is (base64url of its JSON). */
export const exportManifestHeader = "x-sleuth-export-manifest";

export function manifestPathOf(file: string): string {
  return `${file}.manifest.json`;
}

export function encodeManifestHeader(manifest: ExportManifest): string {
  return encodeOpaqueCursor(manifest);
}

/** The manifest a header carries; throws when it is not one. */
export function decodeManifestHeader(value: string): ExportManifest {
  return exportManifestSchema.parse(decodeOpaqueCursor(value));
}

/** What a file's check found: ok, or each way it differs from its manifest. */
export function compareWithManifest(
  manifest: ExportManifest,
  found: { sha256: string; byteLength: number; rowCount: number },
): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  if (found.byteLength !== manifest.byteLength)
    problems.push(`size ${found.byteLength} bytes, the manifest says ${manifest.byteLength}`);
  if (found.sha256 !== manifest.sha256)
    problems.push(`SHA-256 ${found.sha256}, the manifest says ${manifest.sha256}`);
  if (found.rowCount !== manifest.rowCount)
    problems.push(`${found.rowCount} rows, the manifest says ${manifest.rowCount}`);
  return { ok: problems.length === 0, problems };
}

/**
 * Counts the records of an RFC 4180 CSV as its chunks arrive, without holding it: a CRLF outside
 * quotes ends a record (a doubled quote inside a quoted cell toggles twice, so stays inside).
 * `rows` leaves the header out.
 */
export class CsvRecordCounter {
  private inQuotes = false;
  private lineEnds = 0;
  private pendingCr = false;
  private sawText = false;

  push(chunk: string): void {
    for (let index = 0; index < chunk.length; index++) {
      const code = chunk.charCodeAt(index);
      if (code === 34) this.inQuotes = !this.inQuotes;
      else if (code === 10 && this.pendingCr && !this.inQuotes) this.lineEnds++;
      this.pendingCr = code === 13;
    }
    if (chunk.length > 0) this.sawText = true;
  }

  /** Records after the header; a file ends with CRLF (exportCsvText's lines). */
  get rows(): number {
    return this.sawText ? Math.max(0, this.lineEnds - 1) : 0;
  }
}
