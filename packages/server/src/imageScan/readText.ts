import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";

const require = createRequire(import.meta.url);

/**
 * The English LSTM model shipped by @tesseract.js-data/eng. tesseract.js reads a local `langPath` from
 * disk, and the core (WebAssembly) and worker script come from node_modules, so OCR needs no network.
 */
export const englishLanguageDirectory = join(
  dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

let worker: Promise<Worker> | null = null;

function ocrWorker(): Promise<Worker> {
  worker ??= (async () => {
    const created = await createWorker(
      "eng",
      OEM.LSTM_ONLY,
      {
        langPath: englishLanguageDirectory,
        gzip: true,
        // The model is read from node_modules every start; caching would write a copy into the cwd.
        cacheMethod: "none",
      },
      // Identifiers are not words: the dictionaries would turn "1e4b" into "led4b".
      { load_system_dawg: "0", load_freq_dawg: "0" },
    );
    await created.setParameters({
      tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      // Identifiers are letters, digits and the few signs URNs and CashAddr carry.
      tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:.-_/ ",
      preserve_interword_spaces: "1",
    });
    return created;
  })().catch((error: unknown) => {
    worker = null;
    throw error;
  });
  return worker;
}

/**
 * The text of an image (png or jpeg bytes; tesseract decodes them itself). One worker serves every
 * scan in turn: it holds the model (tens of MB) and compiling it again per image would cost seconds.
 */
export async function readText(image: Uint8Array): Promise<string> {
  const ocr = await ocrWorker();
  const { data } = await ocr.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  return data.text;
}

/** Starts the OCR worker and loads its model now, in the background (the server does at start). */
export function startTextReader(): void {
  ocrWorker().catch(() => undefined);
}

/** Ends the OCR worker (server shutdown, tests). */
export async function stopTextReader(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current).terminate();
}
