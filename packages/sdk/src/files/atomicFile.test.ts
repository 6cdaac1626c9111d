import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { writeFileAtomically } from "./atomicFile.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), "sleuth-atomic-"));
  folders.push(path);
  return path;
}

test("001 §8 a file is written whole, from text or from chunks, with the mode asked for", async () => {
  const dir = folder();
  await writeFileAtomically(join(dir, "a.csv"), "a,b\n");
  async function* chunks() {
    yield new TextEncoder().encode("head\n");
    yield [new TextEncoder().encode("one\n"), new TextEncoder().encode("two\n")];
  }
  await writeFileAtomically(join(dir, "b.csv"), chunks(), { mode: 0o600 });
  expect(readFileSync(join(dir, "a.csv"), "utf8")).toBe("a,b\n");
  expect(readFileSync(join(dir, "b.csv"), "utf8")).toBe("head\none\ntwo\n");
  expect(statSync(join(dir, "b.csv")).mode & 0o777).toBe(0o600);
  expect(readdirSync(dir).sort()).toEqual(["a.csv", "b.csv"]);
});

test("001 §8 a write that fails half-way leaves the earlier file as it was and no partial file", async () => {
  const dir = folder();
  const path = join(dir, "c.csv");
  await writeFileAtomically(path, "before\n");
  async function* failing() {
    yield new TextEncoder().encode("half");
    throw new Error("the source broke");
  }
  await expect(writeFileAtomically(path, failing())).rejects.toThrow("the source broke");
  expect(readFileSync(path, "utf8")).toBe("before\n");
  expect(readdirSync(dir)).toEqual(["c.csv"]);
});
