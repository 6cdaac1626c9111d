import { createRequire } from "node:module";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/** An image's pixels, four bytes (RGBA) a pixel, row by row. */
export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export type ImageFormat = "png" | "jpeg" | "webp" | "heic";

/** Thrown for bytes that are none of the 002 §5 image types, or are damaged. */
export class ImageDecodeError extends Error {}

// Screenshots of a 5K display hold about this many pixels; a larger "image" is a decompression bomb.
export const maxImagePixels = 40_000_000;

const require = createRequire(import.meta.url);

/**
 * 002 §5: the format of the bytes, by their signature rather than the declared type (browsers leave
 * HEIC untyped and a renamed file lies).
 */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (
    bytes.length >= 12 &&
    ascii(4, 8) === "ftyp" &&
    /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(8, 12))
  )
    return "heic";
  return null;
}

function checkSize(width: number, height: number): void {
  if (width <= 0 || height <= 0 || width * height > maxImagePixels)
    throw new ImageDecodeError(`The image is ${width}×${height} pixels, more than can be read`);
}

type WebpDecode = (buffer: ArrayBuffer) => Promise<DecodedImage>;

// The webp decoder is WebAssembly, read from node_modules (never fetched) and compiled on the first webp.
let webpDecoder: Promise<WebpDecode> | null = null;

function loadWebpDecoder(): Promise<WebpDecode> {
  webpDecoder ??= (async () => {
    const { readFile } = await import("node:fs/promises");
    const module = (await import("@jsquash/webp/decode.js")) as unknown as {
      init: (options: { wasmBinary: Uint8Array }) => Promise<void>;
      default: WebpDecode;
    };
    await module.init({
      wasmBinary: await readFile(require.resolve("@jsquash/webp/codec/dec/webp_dec.wasm")),
    });
    return module.default;
  })();
  return webpDecoder;
}

/** The pixels of a png, jpeg, webp or heic image, read with no network and no native code. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage & { format: ImageFormat }> {
  const format = imageFormatOf(bytes);
  if (format === null) throw new ImageDecodeError("The file is not a JPG, PNG, HEIC or WEBP image");
  try {
    switch (format) {
      case "png": {
        const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        checkSize(png.width, png.height);
        return { format, width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
      }
      case "jpeg": {
        const image = jpeg.decode(bytes, {
          useTArray: true,
          formatAsRGBA: true,
          maxResolutionInMP: maxImagePixels / 1_000_000,
        });
        checkSize(image.width, image.height);
        return { format, width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
      }
      case "webp": {
        const decode = await loadWebpDecoder();
        const copy = bytes.slice().buffer;
        const image = await decode(copy);
        checkSize(image.width, image.height);
        return { format, width: image.width, height: image.height, data: image.data };
      }
      case "heic": {
        const { default: decodeHeic } = (await import("heic-decode")) as {
          default: (input: {
            buffer: Uint8Array;
          }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
        };
        const image = await decodeHeic({ buffer: bytes });
        checkSize(image.width, image.height);
        return { format, width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
      }
    }
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    throw new ImageDecodeError(`The ${format} image could not be read`);
  }
}
