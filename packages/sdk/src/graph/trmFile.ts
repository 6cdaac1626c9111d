import { z } from "zod";
import { graphDocumentSchema } from "./graphDocument.ts";

// 002 §7: POST /graphs/{graphId}/export answers a file saved as a .trm download. Its format is ours
// (docs/API.md "The .trm file"): a versioned JSON document holding the graph as it was saved, so
// importing it gives the same graph. A reader refuses a version it does not know.

export const trmFileFormat = "sleuth-graph";
export const trmFileVersion = 1;
export const trmFileExtension = ".trm";
export const trmMediaType = "application/vnd.sleuth.graph+json";

export const trmFileSchema = z.object({
  format: z.literal(trmFileFormat),
  version: z.literal(trmFileVersion),
  exportedAt: z.iso.datetime({ offset: true }),
  /** The graph's name (null when unnamed) and its id where it was exported from. */
  name: z.string().nullable(),
  graphId: z.uuid().nullable(),
  /** With includeOrgNames: the organization the graph belongs to and who saved it. */
  organization: z.object({ name: z.string() }).nullable(),
  graph: graphDocumentSchema,
});
export type TrmFile = z.infer<typeof trmFileSchema>;

/** Reads a .trm file's text; throws an Error naming the problem when it is not one. */
export function parseTrmFile(text: string): TrmFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("This is not a .trm graph file: it is not JSON.");
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== trmFileFormat) throw new Error("This is not a .trm graph file.");
  if (head.data.version !== trmFileVersion)
    throw new Error(
      `This .trm file is version ${head.data.version}; this Sleuth reads version ${trmFileVersion}.`,
    );
  const parsed = trmFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`This .trm file is damaged: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
}

/** The .trm file name of a graph: the CSV rule of 002 §9 with the .trm extension. */
export function trmFileName(csvFileName: string): string {
  return csvFileName.replace(/\.csv$/, trmFileExtension);
}

/** 002 §7 export query: includeOrgNames adds the organization's name to the file. */
export const graphExportQuerySchema = z.object({
  includeOrgNames: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .transform((value) => value === true || value === "true" || value === "1")
    .default(false),
});
