import { z } from "zod";
import { imageScanReadSchema } from "./imageScanIdentifiers.ts";

// 002 §4: processing starts one second after the upload reaches 100%, then advances every 12.5 s.
export const imageProcessingStartDelayMs = 1000;
export const imageProcessingStepMs = 12_500;
// 002 §9: camera search in the popover opens after 200 ms.
export const cameraSearchOpenDelayMs = 200;

export const imageProcessingSteps = ["reviewing", "finding", "validating"] as const;
export type ImageProcessingStep = (typeof imageProcessingSteps)[number];

/** What the console shows at each step (our wording; 002 §4 names the steps). */
export const imageProcessingStepTexts = {
  uploaded: "Uploaded",
  reviewing: "Reviewing the image…",
  finding: "Finding identifiers…",
  validating: "Validating identifiers…",
} as const satisfies Record<ImageProcessingStep | "uploaded", string>;

/**
 * 002 §4: the processing sub-step shown `elapsedMs` after the upload reached 100%. Before the one-second
 * wait ends there is none ("uploaded"); the last step stays until the scan answers.
 */
export function imageProcessingStep(elapsedMs: number): ImageProcessingStep | "uploaded" {
  if (elapsedMs < imageProcessingStartDelayMs) return "uploaded";
  const index = Math.floor((elapsedMs - imageProcessingStartDelayMs) / imageProcessingStepMs);
  return imageProcessingSteps[Math.min(index, imageProcessingSteps.length - 1)]!;
}

/**
 * 002 §3 image scan response of POST /v1/triage/image-scan: the identifiers read from the image.
 * Issue 42 adds `meta.reads`, how each was read (text or QR code, exact or corrected); `data` stays
 * the 002 §3 list, and an answer without `meta` (an older server) is still valid.
 */
export const imageScanResponseSchema = z.object({
  data: z.array(z.string()),
  meta: z.object({ reads: z.array(imageScanReadSchema) }).optional(),
});
export type ImageScanResponse = z.infer<typeof imageScanResponseSchema>;

// 002 §4: the upload widget's states; "results" and "noResults" follow a finished scan.
export const imageUploadStates = [
  "idle",
  "hover",
  "drag",
  "uploading",
  "processing",
  "error",
  "results",
  "noResults",
] as const;
export const imageUploadStateSchema = z.enum(imageUploadStates);
export type ImageUploadState = z.infer<typeof imageUploadStateSchema>;

export type ImageUploadEvent =
  | { type: "pointerEnter" }
  | { type: "pointerLeave" }
  | { type: "dragEnter" }
  | { type: "dragLeave" }
  | { type: "fileAccepted" }
  | { type: "uploadComplete" }
  | { type: "scanned"; identifiers: readonly string[] }
  | { type: "failed" }
  | { type: "reset" };

/**
 * 002 §4: the upload widget's transitions. A rejected file never starts an upload (the caller shows the
 * invalid-file-type text), and hover or drag do not interrupt an upload in progress.
 */
export function nextImageUploadState(state: ImageUploadState, event: ImageUploadEvent): ImageUploadState {
  const busy = state === "uploading" || state === "processing";
  switch (event.type) {
    case "reset":
      return "idle";
    case "failed":
      return busy ? "error" : state;
    case "uploadComplete":
      return state === "uploading" ? "processing" : state;
    case "scanned":
      if (state !== "processing") return state;
      return event.identifiers.length > 0 ? "results" : "noResults";
    case "fileAccepted":
      return busy ? state : "uploading";
    case "pointerEnter":
      return state === "idle" ? "hover" : state;
    case "pointerLeave":
      return state === "hover" ? "idle" : state;
    case "dragEnter":
      return busy ? state : "drag";
    case "dragLeave":
      return state === "drag" ? "idle" : state;
  }
}

/**
 * 002 §6: search by image needs the organisation's AI preference and a per-feature AI flag that is not
 * false. Without the preference the control is shown with 'Ask admin to enable AI'; a false flag hides it.
 */
export function imageSearchAvailability(options: {
  aiPreferenceEnabled: boolean;
  aiFeatureFlag: boolean | undefined;
}): "available" | "askAdmin" | "hidden" {
  if (options.aiFeatureFlag === false) return "hidden";
  return options.aiPreferenceEnabled ? "available" : "askAdmin";
}
