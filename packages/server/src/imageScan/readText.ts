import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { createWorker, OEM, PSM, type Word, type Worker } from "tesseract.js";
import { type TextAlphabet, textAlphabets } from "./textAlphabet.ts";

const require = createRequire(import.meta.url);

/**
 * The English LSTM model shipped by @tesseract.js-data/eng. tesseract.js reads a local `langPath` from
 * disk, and the core (WebAssembly) and worker script come from node_modules, so OCR needs no network.
 */
export const englishLanguageDirectory = join(
  dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

/** How tesseract lays out the page: sparse text finds scattered labels and values; a block reads lines in order. */
export type PageSegmentation = "sparse" | "block" | "auto";

const pageSegmentationModes: Record<PageSegmentation, PSM> = {
  sparse: PSM.SPARSE_TEXT,
  block: PSM.SINGLE_BLOCK,
  auto: PSM.AUTO,
};

// Each worker is a thread holding its own copy of the model: at most one per core, and never more than two,
// so four images read at once wait their turn instead of each loading a model (bounded memory).
const workerCount = Math.max(1, Math.min(2, availableParallelism()));

interface PooledWorker {
  worker: Promise<Worker>;
  busy: boolean;
}

let pool: PooledWorker[] | null = null;
const waiting: Array<(worker: PooledWorker) => void> = [];

async function createOcrWorker(): Promise<Worker> {
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
    preserve_interword_spaces: "1",
    // Screenshots carry no resolution; saying one keeps tesseract from guessing (and logging) it.
    user_defined_dpi: "300",
  });
  return created;
}

function workerPool(): PooledWorker[] {
  pool ??= Array.from({ length: workerCount }, () => {
    const pooled: PooledWorker = { worker: createOcrWorker(), busy: false };
    pooled.worker.catch(() => {
      // A worker that failed to start is made again on the next read.
      pooled.worker = createOcrWorker();
    });
    return pooled;
  });
  return pool;
}

function acquire(): Promise<PooledWorker> {
  const free = workerPool().find((pooled) => !pooled.busy);
  if (free !== undefined) {
    free.busy = true;
    return Promise.resolve(free);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(pooled: PooledWorker): void {
  const next = waiting.shift();
  if (next !== undefined) next(pooled);
  else pooled.busy = false;
}

/** A line of text the OCR read, and where it stands in the image it read (pixels). */
export interface TextLine {
  text: string;
  /**
   * How sure the OCR was of each character of `text` (0–100, the LSTM's probability of the glyph it
   * chose; spaces 100): a hash has no checksum to catch a misread glyph, only this.
   */
  confidences: number[];
  /** Where each character of `text` was read, left to right (pixels; spaces null). */
  glyphs: Array<{ left: number; right: number } | null>;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A line's words joined by single spaces, with each character's confidence. */
function lineGlyphs(words: readonly Word[]): Pick<TextLine, "text" | "confidences" | "glyphs"> {
  let text = "";
  const confidences: number[] = [];
  const boxes: TextLine["glyphs"] = [];
  for (const word of words) {
    const glyphs =
      word.symbols.length > 0
        ? word.symbols
        : [{ text: word.text, confidence: word.confidence, bbox: word.bbox }];
    if (text !== "") {
      text += " ";
      confidences.push(100);
      boxes.push(null);
    }
    for (const glyph of glyphs) {
      text += glyph.text;
      for (let index = 0; index < glyph.text.length; index++) {
        confidences.push(glyph.confidence);
        boxes.push({ left: glyph.bbox.x0, right: glyph.bbox.x1 });
      }
    }
  }
  return { text, confidences, glyphs: boxes };
}

/**
 * The lines of text of a png image (tesseract decodes it itself), in reading order. The workers
 * serve every scan in turn: a scan never pays for loading and compiling the model again.
 */
export async function readText(
  image: Uint8Array,
  layout: PageSegmentation = "sparse",
  alphabet: TextAlphabet = "any",
): Promise<TextLine[]> {
  const pooled = await acquire();
  try {
    const ocr = await pooled.worker;
    await ocr.setParameters({
      tessedit_pageseg_mode: pageSegmentationModes[layout],
      tessedit_char_whitelist: textAlphabets[alphabet],
    });
    const { data } = await ocr.recognize(
      Buffer.from(image.buffer, image.byteOffset, image.byteLength),
      {},
      { text: false, blocks: true },
    );
    return (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) =>
        paragraph.lines.map((line) => ({
          ...lineGlyphs(line.words),
          left: line.bbox.x0,
          top: line.bbox.y0,
          right: line.bbox.x1,
          bottom: line.bbox.y1,
        })),
      ),
    );
  } finally {
    release(pooled);
  }
}

/** Starts the OCR workers and loads their model now, in the background (the server does at start). */
export function startTextReader(): void {
  for (const pooled of workerPool()) pooled.worker.catch(() => undefined);
}

/** Ends the OCR workers (server shutdown, tests). */
export async function stopTextReader(): Promise<void> {
  const current = pool;
  pool = null;
  if (current === null) return;
  await Promise.all(current.map(async (pooled) => (await pooled.worker.catch(() => null))?.terminate()));
}
