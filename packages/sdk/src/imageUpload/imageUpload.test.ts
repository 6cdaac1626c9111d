import { describe, expect, test } from "vitest";
import { ApiError } from "../client/errors.ts";
import { imageScanMaxBytes } from "../constants/limits.ts";
import {
  imageFileProblem,
  imageInputAccept,
  imageScanErrorMessage,
  isAcceptedImageFile,
} from "./imageFile.ts";
import {
  cameraSearchOpenDelayMs,
  type ImageUploadEvent,
  type ImageUploadState,
  imageProcessingStep,
  imageScanResponseSchema,
  imageSearchAvailability,
  nextImageUploadState,
} from "./imageProcessing.ts";
import { imageUploadMessages } from "./imageUploadMessages.ts";

describe("002 §5 image upload file types", () => {
  test("002 §5 image upload accepts jpeg, png, heic and webp only", () => {
    for (const type of ["image/jpeg", "image/png", "image/heic", "image/webp"]) {
      expect(isAcceptedImageFile({ type, name: "shot" })).toBe(true);
    }
    expect(isAcceptedImageFile({ type: "image/gif", name: "shot.png" })).toBe(false);
    expect(isAcceptedImageFile({ type: "application/pdf", name: "scan.pdf" })).toBe(false);
  });

  test("002 §5 image upload falls back to the extension when the browser gives no type", () => {
    expect(isAcceptedImageFile({ type: "", name: "IMG_0001.HEIC" })).toBe(true);
    expect(isAcceptedImageFile({ type: "", name: "photo.jpg" })).toBe(true);
    expect(isAcceptedImageFile({ type: "", name: "photo.bmp" })).toBe(false);
    expect(imageInputAccept).toBe("image/jpeg,image/png,image/heic,image/webp,.jpg,.png,.heic,.webp");
  });
});

describe("002 §5/§8 refused images and upload errors", () => {
  test("002 §5 a file of another type or larger than the scan takes is refused before upload", () => {
    expect(imageFileProblem({ type: "image/png", name: "a.png", size: imageScanMaxBytes })).toBeNull();
    expect(imageFileProblem({ type: "image/png", name: "a.png", size: imageScanMaxBytes + 1 })).toBe(
      imageUploadMessages.tooLarge,
    );
    expect(imageFileProblem({ type: "image/gif", name: "a.gif", size: 10 })).toBe(
      imageUploadMessages.invalidFileType,
    );
  });

  test("002 §8 a refused scan says why: too large, the server's reason, the AI preference, else a retry", () => {
    const refused = (status: number, message: string) =>
      imageScanErrorMessage(new ApiError({ status, code: "x", message }));
    expect(refused(413, "Payload Too Large")).toBe(imageUploadMessages.tooLarge);
    expect(refused(415, "Only JPG… The file is not an image.")).toBe("Only JPG… The file is not an image.");
    expect(refused(403, imageUploadMessages.aiDisabled)).toBe(imageUploadMessages.aiDisabled);
    expect(refused(500, "boom")).toBe(imageUploadMessages.uploadFailed);
    expect(imageScanErrorMessage(new TypeError("fetch failed"))).toBe(imageUploadMessages.uploadFailed);
  });
});

describe("002 §4 image processing steps", () => {
  test("002 §4 processing starts 1 s after 100% and advances every 12.5 s", () => {
    expect(imageProcessingStep(0)).toBe("uploaded");
    expect(imageProcessingStep(999)).toBe("uploaded");
    expect(imageProcessingStep(1000)).toBe("reviewing");
    expect(imageProcessingStep(13_499)).toBe("reviewing");
    expect(imageProcessingStep(13_500)).toBe("finding");
    expect(imageProcessingStep(26_000)).toBe("validating");
    expect(imageProcessingStep(600_000)).toBe("validating");
  });

  test("002 §9 camera search opens after 200 ms", () => {
    expect(cameraSearchOpenDelayMs).toBe(200);
  });

  test("002 §4 upload goes from drag to uploading to processing to results or no results", () => {
    const run = (events: ImageUploadEvent[]) =>
      events.reduce<ImageUploadState>((state, event) => nextImageUploadState(state, event), "idle");
    const upload: ImageUploadEvent[] = [
      { type: "dragEnter" },
      { type: "fileAccepted" },
      { type: "uploadComplete" },
    ];
    expect(run(upload)).toBe("processing");
    expect(run([...upload, { type: "scanned", identifiers: ["0xabc"] }])).toBe("results");
    expect(run([...upload, { type: "scanned", identifiers: [] }])).toBe("noResults");
    expect(run([...upload, { type: "failed" }])).toBe("error");
    expect(run([...upload, { type: "dragEnter" }])).toBe("processing");
    expect(run([{ type: "pointerEnter" }])).toBe("hover");
    expect(run([{ type: "pointerEnter" }, { type: "pointerLeave" }])).toBe("idle");
    expect(run([...upload, { type: "failed" }, { type: "reset" }])).toBe("idle");
  });

  test("002 §3 image scan response is a list of identifiers", () => {
    expect(imageScanResponseSchema.parse({ data: ["0xabc", "bc1q"] }).data).toHaveLength(2);
    expect(() => imageScanResponseSchema.parse({ data: [1] })).toThrow();
  });

  test("002 §6 image search needs the AI preference and a flag that is not false", () => {
    expect(imageSearchAvailability({ aiPreferenceEnabled: true, aiFeatureFlag: undefined })).toBe(
      "available",
    );
    expect(imageSearchAvailability({ aiPreferenceEnabled: false, aiFeatureFlag: true })).toBe("askAdmin");
    expect(imageSearchAvailability({ aiPreferenceEnabled: true, aiFeatureFlag: false })).toBe("hidden");
  });
});
