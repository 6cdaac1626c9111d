import { identifierReadsInText } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import type { TextLine } from "./readText.ts";
import {
  hexGlyphs,
  minUncheckedConfidence,
  nearSpelling,
  type PassRead,
  passSpelling,
  ReadVotes,
} from "./uncheckedReads.ts";

// The genesis block's coinbase transaction and its first address's hash as a lowercase 0x address.
const genesisTransaction = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
const segwitAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
// The 48th digit, an a, misread as 1 on every pass: still a valid-looking hash.
const misread = `${genesisTransaction.slice(0, 47)}1${genesisTransaction.slice(48)}`;

const sure = 99;
const unsure = minUncheckedConfidence - 25;

/** A line as the OCR gives it, every glyph at `confidence` but those listed in `doubts` (index: confidence). */
function lineOf(text: string, confidence = sure, doubts: Record<number, number> = {}): TextLine {
  const confidences = text.split("").map((_, index) => doubts[index] ?? confidence);
  const glyphs = text
    .split("")
    .map((glyph, index) => (glyph === " " ? null : { left: index * 10, right: index * 10 + 8 }));
  return { text, confidences, glyphs, left: 0, top: 0, right: text.length * 10, bottom: 10 };
}

/** What one pass read in its lines, as the scan counts it. */
function passOf(lines: TextLine[]): PassRead[] {
  return identifierReadsInText(lines.map((line) => line.text).join("\n"), "text").map((read) => ({
    ...read,
    confidences: read.checksummed ? null : (hexGlyphs(lines, read.identifier)?.confidences ?? null),
    // No image: only the OCR's confidences and the passes' agreement count here (glyphMatch.test.ts).
    glyphs: null,
  }));
}

describe("issue 42 reads without a checksum", () => {
  test("issue 42 a misread hash whose wrong digit was unsure on every pass is not returned", () => {
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(`Tx ${misread}`, sure, { 50: unsure })]));
    votes.add(passOf([lineOf(misread, sure, { 47: unsure - 10 })]));
    votes.add(passOf([lineOf(misread, sure, { 47: unsure })]));
    expect(votes.kept()).toEqual([]);
    expect(votes.unconfirmed()).toBe(true);
  });

  test("issue 42 a hash two passes read, each digit surely by one of them, is returned", () => {
    const votes = new ReadVotes();
    // Each pass doubts another digit: together every digit was read with confidence.
    votes.add(passOf([lineOf(`Tx ${genesisTransaction}`, sure, { 10: unsure })]));
    votes.add(passOf([lineOf(genesisTransaction, sure, { 40: unsure })]));
    expect(votes.kept()).toEqual([
      { identifier: genesisTransaction, source: "text", reading: "exact", checksummed: false },
    ]);
  });

  test("issue 42 a hash another pass read differently in a digit is not returned, nor is its rival", () => {
    // Two passes read the 48th digit as 1, surely; two others read it right: nothing says which is.
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(misread)]));
    votes.add(passOf([lineOf(misread)]));
    votes.add(passOf([lineOf(genesisTransaction)]));
    votes.add(passOf([lineOf(genesisTransaction)]));
    expect(votes.kept()).toEqual([]);
  });

  test("issue 42 a hash read surely by one pass only waits for a second", () => {
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(genesisTransaction)]));
    expect(votes.kept()).toEqual([]);
    expect(votes.unconfirmed()).toBe(true);
  });

  test("issue 42 a checksummed address needs neither confidence nor a second pass", () => {
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(`To ${segwitAddress}`, unsure)]));
    expect(votes.kept().map((read) => read.identifier)).toEqual([segwitAddress]);
  });

  test("issue 42 the digits of a wrapped hash are found across its lines, lookalikes read as digits", () => {
    // "l" stands for 1 and "O" for 0: the confidences are those of the glyphs that spell each digit.
    const first = "4a5e1e4baab89f3a32518a88c3lbc87f";
    const second = "6l8f76673e2cc77ab2127b7afdeda33b";
    const glyphs = hexGlyphs(
      [lineOf(`Hash ${first}`, sure, { [5 + 26]: unsure }), lineOf(second, 80)],
      genesisTransaction,
    );
    const confidences = glyphs?.confidences;
    expect(confidences).toHaveLength(64);
    expect(confidences!.slice(0, 26)).toEqual(Array(26).fill(sure));
    expect(confidences![26]).toBe(unsure);
    expect(confidences!.slice(32)).toEqual(Array(32).fill(80));
    // Each digit's box in its own line: the 27th digit is the 32nd glyph of the first line.
    expect(glyphs?.boxes[26]).toEqual({ left: 310, right: 318, top: 0, bottom: 10 });
    expect(glyphs?.boxes[32]).toEqual({ left: 0, right: 8, top: 0, bottom: 10 });
    expect(hexGlyphs([lineOf(first)], genesisTransaction)).toBeNull();
  });
});

describe("issue 42 a pass that spelled a hash but for one glyph", () => {
  const lost = `${genesisTransaction.slice(0, 30)}${genesisTransaction.slice(31)}`;
  const doubled = `${genesisTransaction.slice(0, 30)}0${genesisTransaction.slice(30)}`;

  test("issue 42 a glyph lost or one too many leaves only the digits about it unvouched", () => {
    // The 31st digit lost; a 0 read between the 30th and 31st: the rest of the digits agree.
    expect(nearSpelling(passSpelling([lineOf(`Tx ${lost} now`)]), genesisTransaction)).toEqual(
      new Set([29, 30, 31]),
    );
    expect(nearSpelling(passSpelling([lineOf(doubled)]), genesisTransaction)).toEqual(new Set([29, 30]));
  });

  test("issue 42 a spelling wrapped over lines, lookalikes unvouched, is found; another digit read is not", () => {
    // "l" for the 1 at the 27th digit: that digit is the lookalike's, not vouched for.
    const wrapped = [lineOf(genesisTransaction.slice(0, 26)), lineOf(`l${genesisTransaction.slice(27)}`)];
    expect(nearSpelling(passSpelling(wrapped), genesisTransaction)).toEqual(new Set([26]));
    expect(nearSpelling(passSpelling([lineOf(misread)]), genesisTransaction)).toBeNull();
    expect(nearSpelling(passSpelling([lineOf(lost.slice(0, 40))]), genesisTransaction)).toBeNull();
  });

  test("issue 42 a hash's worth of digits that run on into more hex vouch for no hash", () => {
    // A decoy: calldata whose first 64 digits another pass read as a hash. Its spelling runs on.
    const votes = new ReadVotes();
    votes.add(
      passOf([lineOf(`Tx ${genesisTransaction}`)]),
      passSpelling([lineOf(`Tx ${genesisTransaction}`)]),
    );
    votes.add([], passSpelling([lineOf(`${genesisTransaction}5e`)]));
    expect(nearSpelling(passSpelling([lineOf(`${genesisTransaction}5e`)]), genesisTransaction)).toBeNull();
    expect(nearSpelling(passSpelling([lineOf(`7${lost}`)]), genesisTransaction)).toBeNull();
    expect(votes.kept()).toEqual([]);
  });

  test("issue 42 a hash read by one pass, another spelling it with a glyph lost, needs the image to settle the rest", () => {
    // No image to compare the glyphs about the lost one with: the hash still waits.
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(genesisTransaction)]), passSpelling([lineOf(genesisTransaction)]));
    votes.add([], passSpelling([lineOf(lost)]));
    expect(votes.kept()).toEqual([]);
  });
});

describe("issue 42 reads held back for the store to settle", () => {
  test("issue 42 a held-back hash is offered with its rival readings and its unsure digits, least sure first", () => {
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(`Tx ${misread}`, sure, { 50: unsure })]));
    votes.add(passOf([lineOf(genesisTransaction, sure, { 10: unsure - 10 })]));
    expect(votes.kept()).toEqual([]);
    const groups = votes.heldBack();
    expect(groups).toHaveLength(2);
    expect(groups[0]!.map((spelling) => spelling.identifier)).toEqual([misread, genesisTransaction]);
    expect(groups[0]![0]!.doubtful[0]).toBe(47);
    expect(groups[1]![0]!.doubtful[0]).toBe(10);
  });

  test("issue 42 a hash the rules keep is not offered to the store", () => {
    const votes = new ReadVotes();
    votes.add(passOf([lineOf(`Tx ${genesisTransaction}`)]));
    votes.add(passOf([lineOf(genesisTransaction)]));
    expect(votes.heldBack()).toEqual([]);
  });
});
