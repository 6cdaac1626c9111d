import type { z } from "zod";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";

export interface UploadOptions<S extends z.ZodType> {
  schema: S;
  signal?: AbortSignal;
  /** Called as the body leaves, with the fraction sent (0..1); 002 §4 upload progress. */
  onProgress?: (fraction: number) => void;
}

interface RawAnswer {
  status: number;
  body: string;
  requestId: string | null;
}

// The SDK is typed without the DOM library; this is the part of XMLHttpRequest an upload uses.
interface UploadXhr {
  open(method: string, url: string): void;
  withCredentials: boolean;
  setRequestHeader(name: string, value: string): void;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: (() => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  status: number;
  responseText: string;
  getResponseHeader(name: string): string | null;
  abort(): void;
  send(body: FormData): void;
}

const Xhr = (globalThis as { XMLHttpRequest?: new () => UploadXhr }).XMLHttpRequest;

// Browsers report upload progress only to XMLHttpRequest; fetch reports none.
function sendWithXhr(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  options: UploadOptions<z.ZodType>,
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    if (Xhr === undefined) throw new Error("XMLHttpRequest is not available");
    const xhr = new Xhr();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: xhr.responseText,
        requestId: xhr.getResponseHeader("x-request-id"),
      });
    xhr.onerror = () => reject(new Error("The upload failed"));
    xhr.onabort = () => reject(options.signal?.reason ?? new Error("The upload was aborted"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

// Node (CLI, tests) has no upload progress to report: the body is in memory and leaves at once.
async function sendWithFetch(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  options: UploadOptions<z.ZodType>,
): Promise<RawAnswer> {
  const response = await fetch(url, { method: "POST", headers, body: form, signal: options.signal });
  options.onProgress?.(1);
  return {
    status: response.status,
    body: await response.text(),
    requestId: response.headers.get("x-request-id"),
  };
}

/**
 * A multipart POST (002 §7 image scan) with the same credentials, error envelope and answer schema as
 * every other call. It is never retried: an upload is large and the user sees its progress.
 */
export async function uploadForm<S extends z.ZodType>(
  core: HttpCore,
  path: string,
  form: FormData,
  options: UploadOptions<S>,
): Promise<z.infer<S>> {
  const headers = { accept: "application/json", ...core.callerHeaders() };
  const send = Xhr === undefined ? sendWithFetch : sendWithXhr;
  let answer: RawAnswer;
  try {
    answer = await send(core.url(path), headers, form, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: "network_error",
      message: error instanceof Error ? error.message : String(error),
    });
  }
  if (answer.status < 200 || answer.status >= 300)
    throw ApiError.fromResponse(answer.status, answer.body, answer.requestId);
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    throw new ApiError({
      status: answer.status,
      code: "invalid_response",
      message: "The answer was not JSON",
    });
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    throw new ApiError({
      status: answer.status,
      code: "invalid_response",
      message: `Unexpected answer from POST ${path}`,
      requestId: answer.requestId,
      details: parsed.error.issues,
    });
  return parsed.data;
}
