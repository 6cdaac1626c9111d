import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { CliError } from "../errors.ts";
import { readConfigFile, readDemoFile, updateConfigFile, writeConfigFile } from "./file.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "sleuth-config-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("a missing config file reads as empty", async () => {
  expect(await readConfigFile(join(dir, "none.json"))).toEqual({});
});

test("the config file is written with mode 0600 in a 0700 directory, since it holds a token", async () => {
  const path = join(dir, "sleuth", "config.json");
  await writeConfigFile(path, { apiUrl: "http://127.0.0.1:7777", token: "secret" });
  expect((await stat(path)).mode & 0o777).toBe(0o600);
  expect((await stat(join(dir, "sleuth"))).mode & 0o777).toBe(0o700);
  expect(await readConfigFile(path)).toEqual({ apiUrl: "http://127.0.0.1:7777", token: "secret" });
});

test("an update removes keys set to undefined and keeps keys it does not know", async () => {
  const path = join(dir, "config.json");
  await writeFile(path, JSON.stringify({ apiUrl: "http://a.test", token: "t", tokenId: 3, futureKey: [1] }));
  await updateConfigFile(path, { token: undefined, tokenId: undefined });
  expect(JSON.parse(await readFile(path, "utf8"))).toEqual({ apiUrl: "http://a.test", futureKey: [1] });
});

test("a broken config file is an error that names the file", async () => {
  const path = join(dir, "config.json");
  await writeFile(path, "{ not json");
  await expect(readConfigFile(path)).rejects.toThrow(CliError);
  await expect(readConfigFile(path)).rejects.toThrow(path);
  await writeFile(path, JSON.stringify({ organizationUuid: "not-a-uuid" }));
  await expect(readConfigFile(path)).rejects.toThrow(/organizationUuid/);
});

test("a missing or broken demo file is simply not used", async () => {
  expect(await readDemoFile(join(dir, "cli.json"))).toBeNull();
  await writeFile(join(dir, "cli.json"), "garbage");
  expect(await readDemoFile(join(dir, "cli.json"))).toBeNull();
  await writeFile(join(dir, "cli.json"), JSON.stringify({ apiUrl: "http://127.0.0.1:7777", token: "demo" }));
  expect(await readDemoFile(join(dir, "cli.json"))).toEqual({
    apiUrl: "http://127.0.0.1:7777",
    token: "demo",
  });
});
