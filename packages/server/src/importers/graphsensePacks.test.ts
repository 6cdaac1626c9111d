import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseActorPack, parseTagPack } from "./graphsensePacks.ts";
import { ImportFormatError } from "./importErrors.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

test("000 §3 attribution tags: a TagPack's tags inherit its header; chains Sleuth does not model are skipped by line", () => {
  const { records, skipped } = parseTagPack(fixture("graphsense/packs/demo.yaml"));
  expect(records.map((record) => [record.chain, record.address])).toEqual([
    ["bitcoin", "1Archive1n2C579dMsAu3iC6tWzuQJz8dN"],
    ["bitcoin-cash", "bitcoincash:qrzeh0y2uv2rdmjmkfqcmd39h9yqjrqwmqzaztef9w"],
    ["ethereum", "0xfa8e3920daf271dab92be9b87d9998ddd94fef08"],
  ]);
  expect(records[0]).toEqual({
    line: 12,
    chain: "bitcoin",
    address: "1Archive1n2C579dMsAu3iC6tWzuQJz8dN",
    label: "Internet Archive",
    categoryKey: "organization",
    confidence: "service_data",
    source: "https://archive.org/donate/cryptocurrency",
    evidence: "A collection of tags commonly used for demonstrating GraphSense features",
    actor: "internet_archive",
    isClusterDefiner: true,
    createdAt: "2021-11-12T00:00:00.000Z",
  });
  expect(skipped).toEqual([
    { line: 18, reason: "XRP is not a chain Sleuth models" },
    { line: 20, reason: "ZEC is not a chain Sleuth models" },
  ]);
});

test("000 §3 attribution tags: the riskiest concept files the tag; terms outside the taxonomy are kept", () => {
  // Lazarus: category `user`, abuse `sanction`.
  expect(
    new Set(parseTagPack(fixture("graphsense/packs/lazarus.yaml")).records.map((r) => r.categoryKey)),
  ).toEqual(new Set(["sanction"]));
  const blacklist = parseTagPack(fixture("graphsense/packs/usdt_blacklist.yaml")).records;
  expect(blacklist).toHaveLength(20);
  expect(blacklist[0]).toMatchObject({
    categoryKey: "black_list",
    confidence: "ledger_immanent",
    label: "USDT_blacklisted",
  });
});

test("000 §3 entities: ActorPack actors become entities keyed by their id", () => {
  const { records, skipped } = parseActorPack(fixture("graphsense/actors/graphsense.actorpack.yaml"));
  expect(skipped).toEqual([]);
  expect(records).toHaveLength(126);
  expect(records.find((record) => record.slug === "tornado")).toMatchObject({
    name: "Tornado Cash",
    // `organization` says what kind of actor; `mixing_service` what it does.
    categoryKey: "mixing_service",
    website: "https://tornado.cash",
    description: "Also known as tornadocash.",
    jurisdiction: null,
  });
  expect(records.find((record) => record.slug === "lazarusgroup")?.categoryKey).toBe("sanction");
  expect(records.find((record) => record.slug === "poloniex")).toMatchObject({
    categoryKey: "exchange",
    jurisdiction: "SC",
  });
});

test("importers: a file that is not a pack is refused whole, with the line of the problem", () => {
  expect(() => parseTagPack("title: x\ntags: [\n")).toThrow(ImportFormatError);
  expect(() => parseTagPack("title: no tags here\n")).toThrow(/needs a `tags` list/);
  expect(() => parseActorPack("- just\n- a list\n")).toThrow(/needs an `actors` list/);
});
