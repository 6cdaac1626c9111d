import { expect, test } from "vitest";
import { linesOf } from "./lines.ts";

async function collect(chunks: string[]): Promise<string[]> {
  async function* pieces() {
    yield* chunks;
  }
  const lines: string[] = [];
  for await (const line of linesOf(pieces())) lines.push(line);
  return lines;
}

test("NDJSON lines come whole however the text is cut", async () => {
  const text = '{"meta":{}}\n{"a":"é 🚀"}\n{"b":1}\n';
  const expected = ['{"meta":{}}', '{"a":"é 🚀"}', '{"b":1}'];
  for (let cut = 0; cut <= text.length; cut++)
    expect(await collect([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
  expect(await collect([...text])).toEqual(expected);
  expect(await collect([text])).toEqual(expected);
});

test("a last line without its line end is a line; empty lines are none", async () => {
  expect(await collect(['{"a":1}\n\n{"b":2}'])).toEqual(['{"a":1}', '{"b":2}']);
  expect(await collect([])).toEqual([]);
  expect(await collect(["", "\n"])).toEqual([]);
});
