import { describe, expect, test } from "vitest";
import {
  type CandidateGroup,
  confirmedByStore,
  heldBackCandidates,
  type KnownIdentifiers,
  maxGroupCandidates,
  maxScanCandidates,
  nearTokenCandidates,
  nearTokenGroups,
  type StoreCandidate,
} from "./storeConfirmation.ts";

// The genesis block's coinbase transaction, an Ethereum transaction of ethereum-etl's sample, and
// the Ethereum Foundation's address (canonical lowercase, and its EIP-55 spelling).
const genesisTransaction = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
const ethereumTransaction = "0xec7cc4df1ff542793053335700f18d59c3f870e1e4820a42d558c76db832bd14";
const ethereumAddress = "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae";
const checksummedAddress = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";

/** A store holding `held`, counting the questions asked of it. */
function storeHolding(held: readonly string[]): { known: KnownIdentifiers; asked: StoreCandidate[][] } {
  const asked: StoreCandidate[][] = [];
  return {
    asked,
    known: async (candidates) => {
      asked.push([...candidates]);
      return new Set(candidates.map((candidate) => candidate.identifier).filter((id) => held.includes(id)));
    },
  };
}

const identifiers = (group: readonly StoreCandidate[]) => group.map((candidate) => candidate.identifier);

describe("issue 42 the readings a doubtful read may stand for", () => {
  test("issue 42 a held-back hash stands for itself, its rivals, its unsure digits and repeated misreads changed", () => {
    const misread = `${genesisTransaction.slice(0, 47)}1${genesisTransaction.slice(48)}`;
    const one = heldBackCandidates([{ identifier: misread, doubtful: [47] }]);
    expect(identifiers(one)[0]).toBe(misread);
    expect(identifiers(one)).toContain(genesisTransaction);
    expect(one.every((candidate) => candidate.kind === "transaction")).toBe(true);
    expect(one.length).toBeLessThanOrEqual(maxGroupCandidates);
    // Two digits changed to any digit: only where both are unsure.
    const twice = `${misread.slice(0, 3)}c${misread.slice(4, 47)}a${misread.slice(48)}`;
    expect(identifiers(heldBackCandidates([{ identifier: misread, doubtful: [47, 3] }]))).toContain(twice);
    expect(identifiers(one)).not.toContain(twice);
    // Two 4s read surely as d: undone wherever they stand.
    const fours = [...genesisTransaction].flatMap((digit, index) => (digit === "4" ? [index] : []));
    const asD = [...genesisTransaction]
      .map((digit, index) => (fours.slice(0, 2).includes(index) ? "d" : digit))
      .join("");
    expect(identifiers(heldBackCandidates([{ identifier: asD, doubtful: [] }]))).toContain(
      genesisTransaction,
    );
    const rivals = heldBackCandidates([
      { identifier: misread, doubtful: [] },
      { identifier: genesisTransaction, doubtful: [] },
    ]);
    expect(identifiers(rivals).slice(0, 2)).toEqual([misread, genesisTransaction]);
  });

  test("issue 42 a hash one glyph short or long stands for each glyph put back or dropped", () => {
    const short = ethereumTransaction.slice(0, 30) + ethereumTransaction.slice(31);
    const shortReadings = nearTokenCandidates(short);
    expect(identifiers(shortReadings)).toContain(ethereumTransaction);
    expect(shortReadings.length).toBeLessThanOrEqual(64 * 16);
    const long = `${genesisTransaction.slice(0, 20)}7${genesisTransaction.slice(20)}`;
    expect(identifiers(nearTokenCandidates(long))).toContain(genesisTransaction);
    // OCR's lookalikes count as their digits; the 0x read as Ox too.
    expect(identifiers(nearTokenCandidates(`Ox${short.slice(2).replace(/1/g, "l")}`))).toContain(
      ethereumTransaction,
    );
    const shortAddress = ethereumAddress.slice(0, 12) + ethereumAddress.slice(13);
    expect(nearTokenCandidates(shortAddress)).toContainEqual({
      identifier: ethereumAddress,
      kind: "address",
    });
  });

  test("issue 42 a hash of the right length holding a B for an 8, another digit misread, stands for its hash", () => {
    const eight = ethereumTransaction.indexOf("8");
    const read = `${ethereumTransaction.slice(0, eight)}B${ethereumTransaction.slice(eight + 1, 40)}d${ethereumTransaction.slice(41)}`;
    expect(read).toHaveLength(ethereumTransaction.length);
    expect(identifiers(nearTokenCandidates(read))).toContain(ethereumTransaction);
  });

  test("issue 42 an EIP-55 address whose capitals fail stands for its lowercase spelling, a digit changed at most", () => {
    const misread = `${checksummedAddress.slice(0, 20)}b${checksummedAddress.slice(21)}`;
    const readings = nearTokenCandidates(misread);
    expect(identifiers(readings)).toContain(ethereumAddress);
    expect(readings).toHaveLength(1 + 40 * 15);
    // A lowercase address of the right length is no doubtful token: the scan reads it.
    expect(nearTokenCandidates(ethereumAddress)).toEqual([]);
    expect(nearTokenCandidates("not-hex-at-all-but-long-enough-to-look")).toEqual([]);
  });

  test("issue 42 the tokens of passes' texts that are a glyph off give their readings, once each", () => {
    const short = ethereumTransaction.slice(0, 30) + ethereumTransaction.slice(31);
    const groups = nearTokenGroups([`Transaction hash ${short}`, short, "Amount 1.25 ETH"]);
    expect(groups).toHaveLength(1);
    expect(identifiers(groups[0]!)).toContain(ethereumTransaction);
  });
});

describe("issue 42 the store settles a read only when it holds exactly one of its readings", () => {
  const group = (...ids: string[]): CandidateGroup =>
    ids.map((identifier) => ({ identifier, kind: "transaction" }));
  const misread = `${genesisTransaction.slice(0, 47)}1${genesisTransaction.slice(48)}`;

  test("issue 42 one reading held: it is returned as confirmed, the store asked once", async () => {
    const store = storeHolding([genesisTransaction]);
    const confirmed = await confirmedByStore([group(misread, genesisTransaction)], [], store.known);
    expect(confirmed).toEqual([
      { identifier: genesisTransaction, source: "text", reading: "confirmed", checksummed: false },
    ]);
    expect(store.asked).toHaveLength(1);
  });

  test("issue 42 two readings held, or none, return nothing: never a guess", async () => {
    const both = storeHolding([genesisTransaction, misread]);
    expect(await confirmedByStore([group(misread, genesisTransaction)], [], both.known)).toEqual([]);
    const neither = storeHolding([ethereumTransaction]);
    expect(await confirmedByStore([group(misread, genesisTransaction)], [], neither.known)).toEqual([]);
  });

  test("issue 42 a read whose printed identifier was already found is not asked about", async () => {
    const store = storeHolding([misread]);
    expect(
      await confirmedByStore([group(genesisTransaction, misread)], [genesisTransaction], store.known),
    ).toEqual([]);
    expect(store.asked).toEqual([]);
  });

  test("issue 42 the readings of one scan are bounded: groups past the bound are not asked about", async () => {
    const store = storeHolding([genesisTransaction]);
    const filler = group(
      ...Array.from({ length: maxScanCandidates }, (_, index) => index.toString(16).padStart(64, "0")),
    );
    expect(await confirmedByStore([filler, group(misread, genesisTransaction)], [], store.known)).toEqual([]);
    expect(store.asked[0]).toHaveLength(maxScanCandidates);
  });
});
