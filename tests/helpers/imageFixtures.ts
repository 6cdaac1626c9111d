import { createRequire } from "node:module";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import * as PImage from "pureimage";
import QRCode from "qrcode";

// Images the image-scan tests make themselves (002 §4 search by image): text drawn with a real
// TrueType font (DejaVu, from npm) by a pure-JS canvas, and QR codes drawn module by module.

const require = createRequire(import.meta.url);
const fontFiles = {
  "DejaVu Sans": require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  "DejaVu Sans Mono": require.resolve("dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf"),
} as const;
let fontsLoaded = false;

function loadFonts(): void {
  if (fontsLoaded) return;
  for (const [family, file] of Object.entries(fontFiles)) PImage.registerFont(file, family).loadSync();
  fontsLoaded = true;
}

export interface ImageText {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** Hashes are printed monospaced on explorers and in terminals. */
  mono?: boolean;
}

export interface ImageQr {
  payload: string;
  x: number;
  y: number;
  /** Pixels a module. */
  scale?: number;
}

export interface ImageSpec {
  width: number;
  height: number;
  texts?: ImageText[];
  qrCodes?: ImageQr[];
  /** Photo-like noise: each channel moved by up to this much, with a slight blur first. */
  noise?: number;
  background?: string;
  foreground?: string;
}

type Bitmap = ReturnType<typeof PImage.make>;

function drawQr(bitmap: Bitmap, { payload, x, y, scale = 4 }: ImageQr): void {
  const code = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const size = code.modules.size;
  const context = bitmap.getContext("2d");
  context.fillStyle = "#ffffff";
  // The quiet zone of four modules a QR reader needs around the code.
  context.fillRect(x - 4 * scale, y - 4 * scale, (size + 8) * scale, (size + 8) * scale);
  context.fillStyle = "#000000";
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++)
      if (code.modules.get(row, column)) context.fillRect(x + column * scale, y + row * scale, scale, scale);
}

/** Seeded so every run draws the same noise. */
function noiseSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function addNoise(data: Uint8Array, width: number, height: number, amount: number): void {
  const source = Uint8Array.from(data);
  const random = noiseSource(7);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      for (let channel = 0; channel < 3; channel++) {
        const at = (y * width + x) * 4 + channel;
        const blurred =
          (source[at]! * 4 +
            source[at - 4]! +
            source[at + 4]! +
            source[at - width * 4]! +
            source[at + width * 4]!) /
          8;
        data[at] = Math.max(0, Math.min(255, Math.round(blurred + (random() - 0.5) * 2 * amount)));
      }
    }
  }
}

function drawRgba(spec: ImageSpec): Uint8Array {
  loadFonts();
  const bitmap = PImage.make(spec.width, spec.height);
  const context = bitmap.getContext("2d");
  context.fillStyle = spec.background ?? "#ffffff";
  context.fillRect(0, 0, spec.width, spec.height);
  context.fillStyle = spec.foreground ?? "#111111";
  for (const text of spec.texts ?? []) {
    context.font = `${text.size ?? 22}px '${text.mono ? "DejaVu Sans Mono" : "DejaVu Sans"}'`;
    context.fillText(text.text, text.x, text.y);
  }
  for (const qr of spec.qrCodes ?? []) drawQr(bitmap, qr);
  const data = Uint8Array.from(bitmap.data);
  if (spec.noise) addNoise(data, spec.width, spec.height, spec.noise);
  return data;
}

/** A PNG of the spec. */
export function drawPng(spec: ImageSpec): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width: spec.width, height: spec.height });
  png.data = Buffer.from(drawRgba(spec));
  return new Uint8Array(PNG.sync.write(png));
}

/** A JPEG of the spec (a phone photo or a re-saved screenshot). */
export function drawJpeg(spec: ImageSpec, quality = 85): Uint8Array<ArrayBuffer> {
  const image = { data: Buffer.from(drawRgba(spec)), width: spec.width, height: spec.height };
  return new Uint8Array(jpeg.encode(image, quality).data);
}

/**
 * A one-frame YUV4MPEG2 video of the spec (4:2:0, BT.601 studio range), for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`), which loops it: the camera then sees this picture. Width and
 * height must be even.
 */
export function drawY4m(spec: ImageSpec): Uint8Array<ArrayBuffer> {
  const { width, height } = spec;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error("a 4:2:0 frame needs an even width and height");
  const rgba = drawRgba(spec);
  const header = new TextEncoder().encode(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const lumaSize = width * height;
  const chromaSize = lumaSize / 4;
  const out = new Uint8Array(header.length + lumaSize + 2 * chromaSize);
  out.set(header);
  const luma = header.length;
  const blue = luma + lumaSize;
  const red = blue + chromaSize;
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      out[luma + y * width + x] = clamp(
        16 + (65.481 * rgba[at]! + 128.553 * rgba[at + 1]! + 24.966 * rgba[at + 2]!) / 255,
      );
    }
  // Chroma from each 2×2 block's mean colour.
  for (let y = 0; y < height / 2; y++)
    for (let x = 0; x < width / 2; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const at = ((2 * y + dy) * width + 2 * x + dx) * 4;
        r += rgba[at]! / 4;
        g += rgba[at + 1]! / 4;
        b += rgba[at + 2]! / 4;
      }
      out[blue + y * (width / 2) + x] = clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      out[red + y * (width / 2) + x] = clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  return out;
}
