export {
  acceptedImageExtensions,
  acceptedImageTypes,
  imageInputAccept,
  isAcceptedImageFile,
} from "./imageFile.ts";
export {
  CAMERA_SEARCH_OPEN_DELAY_MS,
  IMAGE_PROCESSING_START_DELAY_MS,
  IMAGE_PROCESSING_STEP_MS,
  imageProcessingStep,
  imageProcessingSteps,
  imageScanResponseSchema,
  imageSearchAvailability,
  imageUploadStateSchema,
  imageUploadStates,
  nextImageUploadState,
} from "./imageProcessing.ts";
export type {
  ImageProcessingStep,
  ImageScanResponse,
  ImageUploadEvent,
  ImageUploadState,
} from "./imageProcessing.ts";
export { imageUploadMessages } from "./imageUploadMessages.ts";
