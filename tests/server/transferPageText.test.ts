import { addressChainUrn, entityUrn, type TransferRow } from "@sleuth/sdk";
import { addressScope, entityScope, listTransfers, type TransferScope } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertAwkwardTransfers } from "../helpers/awkwardTransfers.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 27: a transfer page's rows are written as JSON text (listTransferText) and handed to the
// socket inside the `{data, meta}` envelope, or line by line on our NDJSON route. These tests hold
// the answers' bytes to what the route wrote before — fastify's
// JSON.stringify of transferRowOf's 001 §3 rows — over rows made to be awkward in every column
// (quotes, control characters, unicode, the page statement's separators, empty and missing values,
// tiny and huge amounts, every USD spelling), on both stores, over HTTP.

interface Answer {
  status: number;
  type: string;
  text: string;
}

interface Envelope {
  data: TransferRow[];
  meta: { nextCursor: string | null; previousCursor: string | null; pageSize: number };
}

describe.each(storeKinds)("transfer pages as the store writes them on %s (issue 27)", (kind) => {
  let server: TestServer;
  let headers: Record<string, string>;
  let subjects: { name: string; path: string; ndjson: string; body: Record<string, unknown> }[];
  let scopes: TransferScope[];
  const viewer = { organizationId: 1, userId: 1 };

  const post = async (path: string, body: unknown): Promise<Answer> => {
    const response = await server.fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      text: await response.text(),
    };
  };

  /** Every page of a listing along `meta.nextCursor`, as the JSON route answers them. */
  const walk = async (path: string, body: Record<string, unknown>): Promise<Envelope[]> => {
    const pages: Envelope[] = [];
    let after: string | undefined;
    do {
      // The jump-to only places the first page; later pages follow the cursor.
      const answer = await post(path, after ? { ...body, jumpTo: undefined, after } : body);
      expect(answer.status, answer.text).toBe(200);
      const page = JSON.parse(answer.text) as Envelope;
      pages.push(page);
      after = page.meta.nextCursor ?? undefined;
    } while (after);
    return pages;
  };
  const rowsOf = (pages: Envelope[]) => pages.flatMap((page) => page.data);

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    const world = await insertAwkwardTransfers(server.store);
    headers = {
      authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
      "x-sleuth-organization": server.demo.organization.uuid,
      "content-type": "application/json",
    };
    const address = addressChainUrn("ethereum", world.address);
    const entity = entityUrn(world.entitySlug);
    subjects = [
      {
        name: "address",
        path: "/trm-insights/v8/address/transfers",
        ndjson: "/v1/transfer-rows/address",
        body: { addressChainUrn: address },
      },
      {
        name: "entity",
        path: "/trm-insights/v7/flows/entity/transfers",
        ndjson: "/v1/transfer-rows/entity",
        body: { entityUrn: entity },
      },
    ];
    scopes = [await addressScope(server.store, address), await entityScope(server.store, entity)];
  });
  afterAll(async () => {
    await server?.close();
  });

  test("001 §3 a 1000-row page's bytes are JSON.stringify of transferRowOf's rows, awkward rows included", async () => {
    for (const [index, subject] of subjects.entries()) {
      const answer = await post(subject.path, { ...subject.body, pageSize: 1000 });
      expect(answer.status).toBe(200);
      expect(answer.type).toBe("application/json; charset=utf-8");
      // The rows as the route made them before: objects from the store's rows, then JSON.stringify.
      const objects = await listTransfers(
        server.store,
        scopes[index] as TransferScope,
        { pageSize: 1000, filters: {}, sort: { column: "timestamp", direction: "desc" } },
        viewer,
      );
      expect(objects.data).toHaveLength(300);
      expect(answer.text).toBe(JSON.stringify({ data: objects.data, meta: objects.meta }));
      // And the rows of 30-row pages (read as objects), joined, are that page's rows.
      const small = rowsOf(await walk(subject.path, { ...subject.body, pageSize: 30 }));
      expect(JSON.stringify(small)).toBe(JSON.stringify(objects.data));
      // Awkward texts come through escaped as JSON.stringify escapes them.
      expect(answer.text).toContain(String.raw`"a\u001fb"`);
      expect(answer.text).toContain(String.raw`"line\r\nbreak"`);
    }
  });

  test("001 §4 pages of 101 along the cursor both ways, ties cut anywhere: the rows of pages of 30", async () => {
    for (const subject of subjects) {
      const expected = rowsOf(await walk(subject.path, { ...subject.body, pageSize: 30 }));
      const pages = await walk(subject.path, { ...subject.body, pageSize: 101 });
      expect(pages.map((page) => page.data.length)).toEqual([101, 101, 98]);
      expect(rowsOf(pages)).toEqual(expected);
      // From the last page back along previousCursor, the newer rows come back in order.
      const last = pages.at(-1) as Envelope;
      const back = await post(subject.path, {
        ...subject.body,
        pageSize: 150,
        after: last.meta.previousCursor,
      });
      const previous = JSON.parse(back.text) as Envelope;
      expect(previous.data).toEqual(expected.slice(202 - 150, 202));
      expect(previous.meta.previousCursor).not.toBeNull();
    }
  });

  test("001 §5 sorted by USD amount, pages of 120 along the cursor hold the rows of pages of 30", async () => {
    for (const subject of subjects) {
      for (const direction of ["desc", "asc"]) {
        const body = { ...subject.body, sort: { column: "usdAmount", direction } };
        const expected = rowsOf(await walk(subject.path, { ...body, pageSize: 30 }));
        const pages = await walk(subject.path, { ...body, pageSize: 120 });
        expect(pages).toHaveLength(3);
        expect(rowsOf(pages)).toEqual(expected);
      }
    }
  });

  test("001 §4 a jump-to page of 150 starts where pages of 30 jumped to start, a newer page above it", async () => {
    for (const subject of subjects) {
      const all = rowsOf(await walk(subject.path, { ...subject.body, pageSize: 30 }));
      const target = all[170] as TransferRow;
      const jumpTo = { transactionUrn: target.transactionUrn };
      const small = rowsOf(await walk(subject.path, { ...subject.body, pageSize: 30, jumpTo }));
      const answer = await post(subject.path, { ...subject.body, pageSize: 150, jumpTo });
      const page = JSON.parse(answer.text) as Envelope;
      expect(page.data).toEqual(small.slice(0, 150));
      expect(page.data[0]?.transactionUrn).toBe(target.transactionUrn);
      expect(page.meta.previousCursor).not.toBeNull();
    }
  });

  test("001 §3 our NDJSON route: every page along the cursor in one answer, each meta line then its rows as the JSON route writes them", async () => {
    for (const subject of subjects) {
      for (const body of [
        { ...subject.body, pageSize: 30 },
        { ...subject.body, pageSize: 101, sort: { column: "usdAmount", direction: "asc" } },
        { ...subject.body, pageSize: 1000 },
      ]) {
        const pages = await walk(subject.path, body);
        const answer = await post(subject.ndjson, body);
        expect(answer.status).toBe(200);
        expect(answer.type).toBe("application/x-ndjson; charset=utf-8");
        expect(answer.text).toBe(
          pages
            .map((page) =>
              [JSON.stringify({ meta: page.meta }), ...page.data.map((row) => JSON.stringify(row))]
                .map((line) => `${line}\n`)
                .join(""),
            )
            .join(""),
        );
      }
      // A jump-to places the first page only; the pages after it follow the cursor.
      const all = await walk(subject.path, { ...subject.body, pageSize: 30 });
      const jumpTo = { transactionUrn: rowsOf(all)[170]?.transactionUrn };
      const jumped = await walk(subject.path, { ...subject.body, pageSize: 50, jumpTo });
      const answer = await post(subject.ndjson, { ...subject.body, pageSize: 50, jumpTo });
      const lines = answer.text.trimEnd().split("\n");
      expect(lines.filter((line) => line.startsWith('{"meta":'))).toEqual(
        jumped.map((page) => JSON.stringify({ meta: page.meta })),
      );
      expect(lines.filter((line) => !line.startsWith('{"meta":'))).toEqual(
        rowsOf(jumped).map((row) => JSON.stringify(row)),
      );
    }
  });

  test("000 §8 our NDJSON route answers a bad body with the JSON error envelope, an empty listing with its meta alone", async () => {
    const bad = await post("/v1/transfer-rows/address", { addressChainUrn: "nope", pageSize: 1000 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: { code: "bad_request" } });
    const empty = await post("/v1/transfer-rows/address", {
      ...subjects[0]?.body,
      pageSize: 1000,
      filters: { timestamp: { gte: "2001-01-01T00:00:00.000Z", lte: "2001-01-02T00:00:00.000Z" } },
    });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(
      `${JSON.stringify({ meta: { nextCursor: null, previousCursor: null, pageSize: 1000, sort: { column: "timestamp", direction: "desc" } } })}\n`,
    );
  });
});
