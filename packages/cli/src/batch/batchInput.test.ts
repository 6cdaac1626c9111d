import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { CliError } from "../errors.ts";
import { type InputLine, readCsvColumn, readInputLines } from "./batchInput.ts";

/** A stream that hands out exactly these chunks (as bytes), the way a pipe splits its input. */
function chunked(...chunks: (string | Buffer)[]): Readable {
  return Readable.from(chunks.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk)));
}

async function all(chunks: AsyncIterable<InputLine[]>): Promise<InputLine[]> {
  const lines: InputLine[] = [];
  for await (const chunk of chunks) lines.push(...chunk);
  return lines;
}

describe("one identifier per line", () => {
  test("trims, skips blank lines, accepts CRLF and a byte-order mark, numbers lines from 1", async () => {
    const lines = await all(readInputLines(chunked("\uFEFF 1abc \r\n\r\n  \n0xdef\n", "last")));
    expect(lines).toEqual([
      { text: "1abc", line: 1 },
      { text: "0xdef", line: 4 },
      { text: "last", line: 5 },
    ]);
  });

  test("a line split across chunks, even inside a multi-byte character, comes out whole", async () => {
    const bytes = Buffer.from("café\nnaïve\n");
    const lines = await all(
      readInputLines(chunked(bytes.subarray(0, 4), bytes.subarray(4, 9), bytes.subarray(9))),
    );
    expect(lines.map((line) => line.text)).toEqual(["café", "naïve"]);
  });

  test("counts the bytes and inputs read, for the progress bar", async () => {
    const progress = { bytesRead: 0, inputsRead: 0 };
    await all(readInputLines(chunked("a\n\n", "bb\n"), progress));
    expect(progress).toEqual({ bytesRead: 6, inputsRead: 2 });
  });
});

describe("--column NAME of a CSV", () => {
  test("takes the named column, quoted cells included, and skips empty cells", async () => {
    const csv = 'name,wallet\r\n"Smith, Ana",1abc\r\nBob,\r\n"multi\nline",0xdef\r\n';
    const lines = await all(readCsvColumn(chunked(csv), "wallet"));
    expect(lines).toEqual([
      { text: "1abc", line: 2 },
      { text: "0xdef", line: 4 },
    ]);
  });

  test("finds the column ignoring case and blanks when there is no exact match", async () => {
    const lines = await all(readCsvColumn(chunked(" Wallet ,x\n1abc,y\n"), "wallet"));
    expect(lines.map((line) => line.text)).toEqual(["1abc"]);
  });

  test("a record split across chunks is parsed whole", async () => {
    const lines = await all(readCsvColumn(chunked("wallet\n1ab", "c\n0xd", "ef\n"), "wallet"));
    expect(lines.map((line) => line.text)).toEqual(["1abc", "0xdef"]);
  });

  test("a missing column is an error naming the columns there are", async () => {
    const reading = all(readCsvColumn(chunked("name,address\nx,y\n"), "wallet"));
    await expect(reading).rejects.toBeInstanceOf(CliError);
    await expect(all(readCsvColumn(chunked("name,address\nx,y\n"), "wallet"))).rejects.toMatchObject({
      message: 'no column "wallet" in the CSV header',
      hint: 'the header names "name", "address"',
    });
  });

  test("an empty file has no header row", async () => {
    await expect(all(readCsvColumn(chunked(""), "wallet"))).rejects.toThrow("no header row");
  });
});
