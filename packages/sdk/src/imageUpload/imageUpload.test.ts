import { describe, expect, test } from "vitest";
import { imageInputAccept, isAcceptedImageFile } from "./imageFile.ts";
import {
  cameraSearchOpenDelayMs,
  type ImageUploadEvent,
  type ImageUploadState,
  imageProcessingStep,
  imageScanResponseSchema,
  imageSearchAvailability,
  nextImageUploadState,
} from "./imageProcessing.ts";

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
