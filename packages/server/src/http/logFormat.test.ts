import { expect, test } from "vitest";
import { formatLogLine, textLogStream } from "./logFormat.ts";

const at = Date.UTC(2026, 11, 3, 17, 2, 11);

test("issue 44 a request is one short line: time, method, URL, status and milliseconds", () => {
  const line = JSON.stringify({
    level: 30,
    time: at,
    reqId: "4f1c",
    req: { method: "GET", url: "/v1/search/autocomplete?query=bc1q", host: "127.0.0.1:7777" },
    res: { statusCode: 200 },
    responseTime: 4.38,
    msg: "request completed",
  });
  expect(formatLogLine(`${line}\n`)).toBe("17:02:11 GET /v1/search/autocomplete?query=bc1q 200 4 ms\n");
});

test("issue 44 a long URL is cut so the line stays short", () => {
  const url = `/v1/transfers?cursor=${"a".repeat(300)}`;
  const shown = formatLogLine(
    JSON.stringify({ level: 30, time: at, req: { method: "POST", url }, res: { statusCode: 201 } }),
  );
  expect(shown.length).toBeLessThan(130);
  expect(shown).toMatch(/^17:02:11 POST \/v1\/transfers\?cursor=a+… 201\n$/);
});

test("issue 44 warnings name their level; an error keeps its cause and stack for the operator", () => {
  expect(formatLogLine(JSON.stringify({ level: 40, time: at, msg: "slow import" }))).toBe(
    "17:02:11 warn slow import\n",
  );
  const error = formatLogLine(
    JSON.stringify({
      level: 50,
      time: at,
      msg: "request failed",
      req: { method: "POST", url: "/v1/imports/ofac" },
      err: { message: "disk full", stack: "Error: disk full\n    at write (store.ts:1:1)" },
    }),
  );
  expect(error).toBe(
    "17:02:11 error request failed (POST /v1/imports/ofac): disk full\n    at write (store.ts:1:1)\n",
  );
});

test("issue 44 a line that is not JSON passes through unchanged", () => {
  const written: string[] = [];
  textLogStream({ write: (text) => written.push(text) }).write("plain words");
  expect(written).toEqual(["plain words\n"]);
});
