import { imageScanMaxBytes } from "../constants/limits.ts";

const maxMegabytes = imageScanMaxBytes / (1024 * 1024);

// 002 §5 and §8: texts of search by image. The spec gives only 'Ask admin to enable AI'; the other
// wordings are ours.
export const imageUploadMessages = {
  /** Under the chooser: what may be sent. */
  accepted: `JPG, PNG, HEIC or WEBP, up to ${maxMegabytes} MB. The image is read on this server only.`,
  aiDisabled: "Ask admin to enable AI",
  invalidFileType: "Only JPG, PNG, HEIC and WEBP images can be searched.",
  tooLarge: `This image is larger than ${maxMegabytes} MB. Send a smaller screenshot or photo.`,
  uploadFailed: "We could not upload that image. Please try again.",
  noIdentifiersFound: "No addresses or transactions were found in this image.",
  noCamera: "No camera is available on this device. Choose an image instead.",
  cameraDenied:
    "The browser was not allowed to use the camera. Allow it in the site settings, or choose an image.",
  cameraFailed: "The camera could not be started. Close other apps using it, or choose an image.",
} as const;
