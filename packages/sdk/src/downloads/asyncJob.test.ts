import { expect, test } from "vitest";
import { type AsyncJob, asyncJobSchema, pendingDownloadCount } from "./asyncJob.ts";

const job = (overrides: Partial<AsyncJob>): AsyncJob =>
  asyncJobSchema.parse({
    asyncJobUuid: "7d9a4c1e-2b3f-4a5d-8e6f-9a0b1c2d3e4f",
    jobType: "ADDRESS_TRANSFERS_CSV",
    parameters: { addressChainUrn: "x" },
    resultDownloadedAt: null,
    resultExpiresAt: null,
    ...overrides,
  });

test("001 §7 the notification count is the ready results not yet downloaded", () => {
  const now = new Date("2024-05-01T08:00:00Z");
  const jobs = [
    job({}),
    job({ resultExpiresAt: "2024-05-02T08:00:00Z" }),
    job({ resultExpiresAt: "2024-05-02T08:00:00Z", resultDownloadedAt: "2024-05-01T07:00:00Z" }),
    job({ resultExpiresAt: "2024-04-30T08:00:00Z" }),
  ];
  expect(pendingDownloadCount(jobs, now)).toBe(1);
});
