import { expect, test } from "vitest";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";
import { type ImportJob, importsApi } from "./importsApi.ts";

/** A core that answers each poll with the next of `answers`: a job, or an error to throw. */
function polls(answers: Array<Partial<ImportJob> | ApiError>) {
  let asked = 0;
  const core = {
    async request() {
      const answer = answers[Math.min(asked++, answers.length - 1)];
      if (answer instanceof ApiError) throw answer;
      return { data: answer };
    },
  } as unknown as HttpCore;
  return { api: importsApi(core), asked: () => asked };
}

const busy = () =>
  new ApiError({ status: 503, code: "unavailable", message: "The server is busy", retryAfterMs: 1 });

test("waiting for a job polls again while the server is busy, and ends with the job", async () => {
  const { api, asked } = polls([
    new ApiError({ status: 0, code: "timeout", message: "no answer in time" }),
    busy(),
    busy(),
    { status: "succeeded" },
  ]);
  expect(await api.wait("job")).toEqual({ status: "succeeded" });
  expect(asked()).toBe(4);
});

test("waiting for a job stops at an error that is not the server being busy", async () => {
  const { api } = polls([new ApiError({ status: 404, code: "not_found", message: "no such job" })]);
  await expect(api.wait("job")).rejects.toMatchObject({ code: "not_found" });
});
