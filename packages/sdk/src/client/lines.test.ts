import { expect, test } from "vitest";
import { linesOf } from "./lines.ts";

async function collect(chunks: Uint8Array[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of linesOf(chunks)) lines.push(line);
  return lines;
}

const bytes = (text: string) => new TextEncoder().encode(text);

test("NDJSON lines come whole however the bytes are cut, multi-byte characters included", async () => {
  const text = bytes('{"meta":{}}\n{"a":"é 🚀 中文"}\n{"b":1}\n');
  const expected = ['{"meta":{}}', '{"a":"é 🚀 中文"}', '{"b":1}'];
  for (let cut = 0; cut <= text.length; cut++)
    for (let second = cut; second <= text.length; second += 7)
      expect(await collect([text.slice(0, cut), text.slice(cut, second), text.slice(second)])).toEqual(
        expected,
      );
  expect(await collect([...text].map((byte) => Uint8Array.of(byte)))).toEqual(expected);
});

test("a last line without its line end is a line; empty lines are none", async () => {
  expect(await collect([bytes('{"a":1}\n\n{"b":2}')])).toEqual(['{"a":1}', '{"b":2}']);
  expect(await collect([])).toEqual([]);
  expect(await collect([bytes(""), bytes("\n")])).toEqual([]);
});
