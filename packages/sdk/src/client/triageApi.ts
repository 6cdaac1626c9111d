import { imageScanResponseSchema } from "../imageUpload/index.ts";
import type { HttpCore } from "./client.ts";
import { uploadForm } from "./uploadRequest.ts";

export interface ImageScanOptions {
  signal?: AbortSignal;
  /** 002 §4: the fraction of the image sent, 0..1. */
  onProgress?: (fraction: number) => void;
}

/** Triage calls (002 §7). */
export function triageApi(core: HttpCore) {
  return {
    /**
     * 002 §7 `POST /v1/triage/image-scan`: the valid addresses and transaction hashes the server reads
     * in an image (OCR and QR codes), in reading order.
     */
    async scanImage(image: Blob, fileName: string, options: ImageScanOptions = {}): Promise<string[]> {
      const form = new FormData();
      form.append("file", image, fileName);
      const answer = await uploadForm(core, "/v1/triage/image-scan", form, {
        schema: imageScanResponseSchema,
        ...options,
      });
      return answer.data;
    },
  };
}
