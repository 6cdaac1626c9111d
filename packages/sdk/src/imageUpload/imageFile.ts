import { ApiError } from "../client/errors.ts";
import { imageScanMaxBytes } from "../constants/limits.ts";
import { imageUploadMessages } from "./imageUploadMessages.ts";

// 002 §5: search by image accepts only these types and extensions.
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/heic", "image/webp"] as const;
export const acceptedImageExtensions = [".jpg", ".png", ".heic", ".webp"] as const;

/** The value of the file input's `accept` attribute. */
export const imageInputAccept = [...acceptedImageTypes, ...acceptedImageExtensions].join(",");

/**
 * 002 §5: whether a picked or dropped file may be uploaded. The type decides when the browser gives one;
 * when it gives none (browsers often leave HEIC untyped) the extension decides, ignoring case.
 */
export function isAcceptedImageFile(file: { type: string; name: string }): boolean {
  if (file.type !== "") return (acceptedImageTypes as readonly string[]).includes(file.type.toLowerCase());
  const name = file.name.toLowerCase();
  return acceptedImageExtensions.some((extension) => name.endsWith(extension));
}

/** Why a picked, dropped or pasted file is refused before any upload (002 §5), or null to send it. */
export function imageFileProblem(file: { type: string; name: string; size: number }): string | null {
  if (!isAcceptedImageFile(file)) return imageUploadMessages.invalidFileType;
  if (file.size > imageScanMaxBytes) return imageUploadMessages.tooLarge;
  return null;
}

/**
 * 002 §8 the upload-error text of a failed scan: the server's own words when it refused the image
 * (not an image it can decode, too many pixels; 415), too large (413), the AI preference (403),
 * otherwise the generic upload failure.
 */
export function imageScanErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return imageUploadMessages.uploadFailed;
  if (error.status === 413) return imageUploadMessages.tooLarge;
  if (error.status === 415 || error.status === 403) return error.message;
  return imageUploadMessages.uploadFailed;
}
