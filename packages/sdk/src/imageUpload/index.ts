export {
  acceptedImageExtensions,
  acceptedImageTypes,
  imageInputAccept,
  isAcceptedImageFile,
} from "./imageFile.ts";
export type {
  ImageProcessingStep,
  ImageScanResponse,
  ImageUploadEvent,
  ImageUploadState,
} from "./imageProcessing.ts";
export {
  cameraSearchOpenDelayMs,
  imageProcessingStartDelayMs,
  imageProcessingStep,
  imageProcessingStepMs,
  imageProcessingSteps,
  imageScanResponseSchema,
  imageSearchAvailability,
  imageUploadStateSchema,
  imageUploadStates,
  nextImageUploadState,
} from "./imageProcessing.ts";
export type { ImageScanRead } from "./imageScanIdentifiers.ts";
export {
  identifierReadsInText,
  identifiersInText,
  imageScanReadings,
  imageScanReadLabel,
  imageScanReadSchema,
  imageScanSources,
} from "./imageScanIdentifiers.ts";
export { imageUploadMessages } from "./imageUploadMessages.ts";
