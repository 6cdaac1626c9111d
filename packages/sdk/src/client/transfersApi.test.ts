import { expect, test } from "vitest";
import type { TransferPageMeta } from "../transfers/requests.ts";
import { autoPageTransfers, type TransferPage, type UncheckedTransferPage } from "./transfersApi.ts";

const sort: TransferPageMeta["sort"] = { column: "timestamp", direction: "desc" };

/** A listing of `total` numbered rows served in pages, recording each request it gets. */
function listing(total: number) {
  const requests: { pageSize?: number; after?: string; jumpTo?: unknown }[] = [];
  const fetchPage = async (request: { pageSize?: number; after?: string; jumpTo?: unknown }) => {
    requests.push(request);
    const start = request.after ? Number(request.after) : 0;
    const size = request.pageSize ?? 30;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i);
    const next = start + size < total ? String(start + size) : null;
    const page: TransferPage<number> = {
      data,
      meta: { nextCursor: next, previousCursor: null, pageSize: size, sort },
    };
    return page;
  };
  return { requests, fetchPage };
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

test("auto-paging yields every row across pages along the next cursor, in order", async () => {
  const { requests, fetchPage } = listing(25);
  const rows = await collect(
    autoPageTransfers(fetchPage, { pageSize: 10 }, { limit: Number.POSITIVE_INFINITY }),
  );
  expect(rows).toEqual(Array.from({ length: 25 }, (_, i) => i));
  expect(requests.map((request) => request.after)).toEqual([undefined, "10", "20"]);
});

test("auto-paging stops at the limit and asks for no page it does not need", async () => {
  const { requests, fetchPage } = listing(100);
  expect(await collect(autoPageTransfers(fetchPage, {}, { limit: 5 }))).toEqual([0, 1, 2, 3, 4]);
  expect(requests).toHaveLength(1);
  expect(requests[0]?.pageSize).toBe(5);
});

test("auto-paging sends the jump-to with the first page only", async () => {
  const { requests, fetchPage } = listing(4);
  const jumpTo = { timestamp: "2020-01-01T00:00:00Z" };
  await collect(autoPageTransfers(fetchPage, { pageSize: 2, jumpTo }, { limit: 10 }));
  expect(requests.map((request) => request.jumpTo)).toEqual([jumpTo, undefined]);
});

test("auto-paging requires a limit of at least one", async () => {
  const { fetchPage } = listing(1);
  await expect(collect(autoPageTransfers(fetchPage, {}, { limit: 0 }))).rejects.toThrow(/limit/);
});

test("auto-paging asks for the next page before checking this page's rows, and a bad row stops it", async () => {
  const events: string[] = [];
  const fetchPage = async (request: { pageSize?: number; after?: string }) => {
    const start = request.after ? Number(request.after) : 0;
    events.push(`fetch ${start}`);
    const page: UncheckedTransferPage<number> = {
      meta: { nextCursor: start < 4 ? String(start + 2) : null, previousCursor: null, pageSize: 2, sort },
      size: 2,
      rows: () => {
        events.push(`check ${start}`);
        if (start === 4) throw new Error("row 4 is not a transfer row");
        return [start, start + 1];
      },
    };
    return page;
  };
  const rows: number[] = [];
  await expect(
    (async () => {
      for await (const row of autoPageTransfers(fetchPage, { pageSize: 2 }, { limit: 10 })) rows.push(row);
    })(),
  ).rejects.toThrow(/row 4/);
  expect(rows).toEqual([0, 1, 2, 3]);
  expect(events).toEqual(["fetch 0", "fetch 2", "check 0", "fetch 4", "check 2", "check 4"]);
});
