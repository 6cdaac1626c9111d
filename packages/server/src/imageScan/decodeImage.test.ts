import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, test } from "vitest";
import { decodeImage, ImageDecodeError, imageFormatOf } from "./decodeImage.ts";

const require = createRequire(import.meta.url);

// A 4×2 image: left half red, right half blue.
const width = 4;
const height = 2;
const pixels = new Uint8Array(width * height * 4);
for (let index = 0; index < width * height; index++) {
  const red = index % width < 2;
  pixels.set(red ? [255, 0, 0, 255] : [0, 0, 255, 255], index * 4);
}

function pixelAt(image: { width: number; data: Uint8ClampedArray }, x: number, y: number): number[] {
  return [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)];
}

describe("002 §5 image types read by the scan", () => {
  test("002 §5 png, jpeg and webp are decoded to their pixels", async () => {
    const png = new PNG({ width, height });
    png.data = Buffer.from(pixels);
    const fromPng = await decodeImage(PNG.sync.write(png));
    expect([fromPng.format, fromPng.width, fromPng.height]).toEqual(["png", width, height]);
    expect(pixelAt(fromPng, 0, 0)).toEqual([255, 0, 0]);

    const fromJpeg = await decodeImage(jpeg.encode({ data: Buffer.from(pixels), width, height }, 100).data);
    expect(fromJpeg.format).toBe("jpeg");
    expect(fromJpeg.data[(width - 1) * 4 + 2]).toBeGreaterThan(200);

    const encoder = (await import("@jsquash/webp/encode.js")) as unknown as {
      init: (options: { wasmBinary: Uint8Array }) => Promise<void>;
      default: (
        image: { width: number; height: number; data: Uint8ClampedArray },
        options: object,
      ) => Promise<ArrayBuffer>;
    };
    await encoder.init({
      wasmBinary: await readFile(require.resolve("@jsquash/webp/codec/enc/webp_enc.wasm")),
    });
    const webp = await encoder.default(
      { width, height, data: new Uint8ClampedArray(pixels) },
      { lossless: 1 },
    );
    const fromWebp = await decodeImage(new Uint8Array(webp));
    expect([fromWebp.format, fromWebp.width, fromWebp.height]).toEqual(["webp", width, height]);
    expect(pixelAt(fromWebp, 3, 1)).toEqual([0, 0, 255]);
  });

  test("002 §5 a heic file is recognised by its signature; other bytes are refused", async () => {
    const heicHeader = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0]);
    expect(imageFormatOf(heicHeader)).toBe("heic");
    expect(imageFormatOf(new TextEncoder().encode("GIF89a…"))).toBeNull();
    await expect(decodeImage(new TextEncoder().encode("%PDF-1.7"))).rejects.toBeInstanceOf(ImageDecodeError);
    // A truncated heic is refused as unreadable, not a crash.
    await expect(decodeImage(heicHeader)).rejects.toBeInstanceOf(ImageDecodeError);
  });
});
