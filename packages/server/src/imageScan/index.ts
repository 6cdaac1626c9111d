export type { DecodedImage, ImageFormat } from "./decodeImage.ts";
export { decodeImage, ImageDecodeError, imageFormatOf, maxImagePixels } from "./decodeImage.ts";
export { readQrCodes } from "./readQrCodes.ts";
export { englishLanguageDirectory, readText, startTextReader, stopTextReader } from "./readText.ts";
export { scanImage } from "./scanImage.ts";
