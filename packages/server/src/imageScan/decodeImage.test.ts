import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { crc32, deflateSync } from "node:zlib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, test } from "vitest";
import { declaredSize, decodeImage, ImageDecodeError, imageFormatOf } from "./decodeImage.ts";

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

/** A PNG chunk: length, type, data and its CRC. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = Buffer.concat([Buffer.from(type, "ascii"), Buffer.from(data)]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

describe("issue 41 images refused from their header", () => {
  test("issue 41 a tiny PNG declaring 30,000 × 30,000 pixels is refused before decoding", async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(30_000, 0);
    header.writeUInt32BE(30_000, 4);
    header.set([8, 6, 0, 0, 0], 8);
    // A few hundred bytes of deflated zeros: the pixels would inflate to 3.6 GB.
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(Buffer.alloc(1_000_000))),
      pngChunk("IEND", new Uint8Array()),
    ]);
    expect(bomb.length).toBeLessThan(5_000);
    const before = process.memoryUsage().rss;
    await expect(decodeImage(bomb)).rejects.toThrow("The image is 30000×30000 pixels, more than can be read");
    // Refused from the header: nothing near the picture's gigabytes was allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  test("issue 41 a truncated JPEG and a HEIC that is not one are refused as damaged", async () => {
    const whole = jpeg.encode({ data: Buffer.from(pixels), width, height }, 90).data;
    // Cut before the frame header: no size to read.
    const sof = whole.findIndex((byte, index) => byte === 0xff && whole[index + 1] === 0xc0);
    await expect(decodeImage(whole.subarray(0, sof))).rejects.toThrow(/damaged or cut short/);
    // Cut after it: the size is there, the pixels are not.
    await expect(decodeImage(whole.subarray(0, sof + 40))).rejects.toBeInstanceOf(ImageDecodeError);
    const fakeHeic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypheic", "ascii"),
      Buffer.alloc(12),
      Buffer.from("not a picture at all, just text pretending to be one"),
    ]);
    await expect(decodeImage(fakeHeic)).rejects.toThrow(/heic image is damaged or cut short/);
  });

  test("issue 41 the declared size of real PNG and JPEG headers is read", () => {
    const png = new PNG({ width, height });
    png.data = Buffer.from(pixels);
    expect(declaredSize("png", PNG.sync.write(png))).toEqual({ width, height });
    const jpg = jpeg.encode({ data: Buffer.from(pixels), width, height }, 90).data;
    expect(declaredSize("jpeg", jpg)).toEqual({ width, height });
  });
});
