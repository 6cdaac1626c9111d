import { z } from "zod";
import type { HttpCore } from "./httpCore.ts";

// docs/IMPORTERS.md: `POST /v1/imports/{format}` loads one file of public reference data.

export const importFormats = [
  "graphsense-tagpack",
  "graphsense-actorpack",
  "ethereum-etl",
  "bitcoin-etl",
  "ofac-sdn",
  "address-labels",
  "cryptoscamdb",
  "token-list",
  "prices",
] as const;
export const importFormatSchema = z.enum(importFormats);
export type ImportFormat = z.infer<typeof importFormatSchema>;

export const importResultSchema = z.object({
  format: importFormatSchema,
  /** Records newly written. */
  inserted: z.number().int().nonnegative(),
  /** Records the store already held (a repeated import answers only these). */
  unchanged: z.number().int().nonnegative(),
  /** The first records left out (at most 1,000), each with the line it starts on and why. */
  skipped: z.array(z.object({ line: z.number().int().nonnegative(), reason: z.string() })),
  skippedCount: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export interface ImportRunOptions {
  /** ethereum-etl: the EVM chain (default ethereum); bitcoin-etl: the UTXO chain (default bitcoin). */
  chain?: string;
  /**
   * ofac-sdn: the asset of a one-address-per-line list (XBT, ETH, USDT, …); prices: the asset of a
   * one-asset price file (a symbol or an asset URN; default: from the file name in `source`).
   */
  asset?: string;
  /** address-labels: the tags' source when the file has no `source` column; prices: the file's name. */
  source?: string;
  signal?: AbortSignal;
}

/** A file's content, or a stream of it (a Node file stream, a web stream's chunks). */
export type ImportBody = string | AsyncIterable<string | Uint8Array>;

async function textOf(body: ImportBody): Promise<string> {
  if (typeof body === "string") return body;
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of body)
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Imports (admin of the current organization: imports are reference data every organization sees). */
export function importsApi(core: HttpCore) {
  return {
    /**
     * Imports one file. The transport sends JSON bodies only, so a stream is read to its end and
     * the file travels as one JSON string, which the server accepts beside raw CSV, JSON lines and
     * YAML bodies. Not retried: an import may take long, and a repeat would only find it done.
     */
    run: async (
      format: ImportFormat,
      body: ImportBody,
      options: ImportRunOptions = {},
    ): Promise<ImportResult> => {
      const content = await textOf(body);
      const { signal, ...query } = options;
      return (
        await core.request("POST", `/v1/imports/${encodeURIComponent(format)}`, {
          query,
          body: content,
          schema: importResultSchema,
          signal,
        })
      ).data;
    },
  };
}
