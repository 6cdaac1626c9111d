import { PassThrough } from "node:stream";
import { Text } from "ink";
import React from "react";
import { expect, test } from "vitest";
import type { OutputStream } from "../io.ts";
import { startInkLine } from "./inkLine.ts";

const h = React.createElement;

test("issue 45 a progress line draws its empty state, redraws each value and ends on stop", async () => {
  const stderr: OutputStream & PassThrough = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let written = "";
  stderr.on("data", (chunk: Buffer) => {
    written += chunk.toString("utf8");
  });
  const line = startInkLine<number>(stderr, (rows) =>
    h(Text, null, rows === null ? "starting…" : `${rows} rows`),
  );
  line.update(7);
  await line.stop();
  expect(written).toContain("starting…");
  expect(written).toContain("7 rows");
});
