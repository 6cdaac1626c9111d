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

const u32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);

/** A JPEG's frame size, from its first SOF marker; null when the bytes end before one. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    at += 2 + u16(bytes, at + 2);
  }
  return null;
}

/** A HEIC's largest `ispe` (image spatial extent) box: the whole picture, not one of its tiles. */
function heicSize(bytes: Uint8Array): { width: number; height: number } | null {
  let best: { width: number; height: number } | null = null;
  for (let at = 4; at + 16 <= bytes.length; at++) {
    if (bytes[at] !== 0x69 || bytes[at + 1] !== 0x73 || bytes[at + 2] !== 0x70 || bytes[at + 3] !== 0x65)
      continue;
    const size = { width: u32(bytes, at + 8), height: u32(bytes, at + 12) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

/** A WEBP's canvas size from its first chunk (VP8, VP8L or VP8X); null when it is not there. */
function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8 ")
    return {
      width: (bytes[26]! | (bytes[27]! << 8)) & 0x3fff,
      height: (bytes[28]! | (bytes[29]! << 8)) & 0x3fff,
    };
  if (chunk === "VP8L") {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  return null;
}

/**
 * Issue 41: the size an image declares in its header, read before any pixel is decoded, so a tiny
 * file declaring a huge picture (a decompression bomb) is refused at once, without the memory its
 * pixels would take. Bytes whose header is cut short or missing are refused as not that format.
 */
export function declaredSize(format: ImageFormat, bytes: Uint8Array): { width: number; height: number } {
  const size =
    format === "png"
      ? bytes.length >= 24 && String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR"
        ? { width: u32(bytes, 16), height: u32(bytes, 20) }
        : null
      : format === "jpeg"
        ? jpegSize(bytes)
        : format === "webp"
          ? webpSize(bytes)
          : heicSize(bytes);
  if (!size) throw new ImageDecodeError(`The ${format} image is damaged or cut short: its size is missing`);
  return size;
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
  const declared = declaredSize(format, bytes);
  checkSize(declared.width, declared.height);
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
