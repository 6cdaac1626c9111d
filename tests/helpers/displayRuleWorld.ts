import type { SleuthClient } from "@sleuth/sdk";

// A small crafted world for the 000 §9 / 001 §9 display rules, which the demo world never reaches:
// a wallet worth over a trillion dollars, a balance part of which has no price (estimated), an
// address with more attribution tags than one show-more page (names longer than 20 characters), one
// tagged address per risk label, and a share of volume below 0.1 %. It is written as the public
// formats an investigator imports (ethereum-etl JSON lines, a GraphSense TagPack, a daily price CSV)
// and loaded through the server's own import route, so every figure on screen is the store's.

const hex40 = (digit: string, tail: string) => `0x${digit.repeat(40 - tail.length)}${tail}`;

/** The crafted addresses (lower-case hex, so no EIP-55 checksum is involved). */
export const displayRuleAddresses = {
  /** Funds every other address; untagged. */
  funder: hex40("f", "01"),
  /** Receives a billion ETH: at the imported price, well over 1e12 USD. Carries 13 long tags. */
  whale: hex40("a", "01"),
  /** Holds priced ETH and an unknown token without a price: an estimated balance. */
  estimated: hex40("e", "01"),
  /** Tagged ransomware (High); sends `estimated` a sliver of ETH, under 0.1 % of its volume. */
  high: hex40("b", "01"),
  /** Tagged gambling (Medium); sends `estimated` half an ETH. */
  medium: hex40("c", "01"),
  /** Tagged atm (Low). */
  low: hex40("d", "01"),
  /** Paid once on 2009-01-05, two days after 001 §9's earliest date: its charts stop at that date. */
  pioneer: hex40("5", "01"),
  /** An unknown token's contract (no token list names it, so it has no price). */
  token: hex40("7", "01"),
} as const;

/** The day of every transfer, and the one imported ETH price. */
export const displayRuleDay = "2024-03-01";
export const displayRuleEthUsd = 3000;
const blockTimestamp = Date.parse(`${displayRuleDay}T12:00:00Z`) / 1000;
const blockNumber = 19_340_000;
const blockHash = `0x${"9".repeat(62)}01`;

/** Names of the whale's tags: each actor's label, all longer than the 20 characters a tag shows. */
export const whaleTagNames = Array.from(
  { length: 13 },
  (_, index) => `Sovereign Reserve Custodian No. ${String(index + 1).padStart(2, "0")}`,
);

const wei = (ether: string) => {
  const [whole = "0", fraction = ""] = ether.split(".");
  return (BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, "0"))).toString();
};

/** The pioneer's one transfer: 001 §9's earliest date (2009-01-03) plus two days. */
export const pioneerDay = "2009-01-05";

function transaction(
  index: number,
  from: string,
  to: string,
  value: string,
  block = { timestamp: blockTimestamp, number: blockNumber, hash: blockHash },
): string {
  return JSON.stringify({
    type: "transaction",
    hash: `0x${(index + 1).toString(16).padStart(64, "0")}`,
    nonce: index,
    transaction_index: index,
    from_address: from,
    to_address: to,
    value,
    gas: 21000,
    gas_price: 20000000000,
    input: "0x",
    block_timestamp: block.timestamp,
    block_number: block.number,
    block_hash: block.hash,
    receipt_gas_used: 21000,
    receipt_effective_gas_price: 20000000000,
    receipt_status: 1,
    receipt_contract_address: null,
  });
}

/** The chain data: ethereum-etl JSON lines (transactions and one token transfer). */
export function displayRuleChainFile(): string {
  const a = displayRuleAddresses;
  const lines = [
    transaction(0, a.funder, a.whale, wei("1000000000")),
    transaction(1, a.funder, a.estimated, wei("1.123456789")),
    transaction(2, a.high, a.estimated, wei("0.0001")),
    transaction(3, a.medium, a.estimated, wei("0.5")),
    transaction(4, a.funder, a.low, wei("2")),
    transaction(5, a.funder, a.pioneer, wei("1"), {
      timestamp: Date.parse(`${pioneerDay}T12:00:00Z`) / 1000,
      number: 100,
      hash: `0x${"8".repeat(62)}01`,
    }),
    JSON.stringify({
      type: "token_transfer",
      token_address: a.token,
      from_address: a.funder,
      to_address: a.estimated,
      value: "5000",
      transaction_hash: `0x${"6".repeat(64)}`,
      log_index: 0,
      block_number: blockNumber,
      block_timestamp: blockTimestamp,
      block_hash: blockHash,
    }),
  ];
  return `${lines.join("\n")}\n`;
}

/** The attribution: a GraphSense TagPack (the whale's 13 actors, one tag per risk label). */
export function displayRuleTagPack(): string {
  const a = displayRuleAddresses;
  const tag = (address: string, label: string, actor: string, field: string) =>
    [`- address: '${address}'`, `  label: ${label}`, `  actor: ${actor}`, `  ${field}`].join("\n");
  return [
    "title: Display rules TagPack",
    "creator: Sleuth tests",
    "description: Crafted tags for the display-rule browser test",
    "confidence: service_data",
    "is_cluster_definer: false",
    "currency: ETH",
    "lastmod: 2024-03-01",
    "source: https://sleuth.example/display-rules",
    "tags:",
    ...whaleTagNames.map((name, index) =>
      tag(a.whale, name, `sovereign_custodian_${index + 1}`, "abuse: sanction"),
    ),
    tag(a.high, "Ransomware Collector", "ransomware_collector", "abuse: ransomware"),
    tag(a.medium, "Dice Gambling House", "dice_gambling_house", "category: gambling"),
    tag(a.low, "Corner Street ATM", "corner_street_atm", "category: atm"),
    "",
  ].join("\n");
}

/** One ETH price for the day of the transfers (the plain `date,asset,price_usd` layout). */
export function displayRulePrices(): string {
  return `date,asset,price_usd\n${displayRuleDay},ETH,${displayRuleEthUsd}\n`;
}

/**
 * Imports the crafted world through the server's import route (tags, then chain data, then prices);
 * a record the importer skipped would leave a rule untested, so it throws with the reasons.
 */
export async function importDisplayRuleWorld(client: SleuthClient): Promise<void> {
  const answers = [
    await client.imports.run("graphsense-tagpack", displayRuleTagPack(), { source: "display-rules.yaml" }),
    await client.imports.run("ethereum-etl", displayRuleChainFile(), { source: "display-rules.jsonl" }),
    await client.imports.run("prices", displayRulePrices(), { source: "display-rules-prices.csv" }),
  ];
  const skipped = answers.flatMap((answer) =>
    answer.skipped.map((record) => `${answer.format}: ${record.reason}`),
  );
  if (skipped.length > 0) throw new Error(`The crafted world lost records: ${skipped.join("; ")}`);
}
