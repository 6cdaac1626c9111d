import type { Store } from "@sleuth/server";

// An awkward transfer world (issue 29, issue 27): one subject address owned by one entity, 300
// transfers made to be awkward in every column that can vary, for the tests that hold the store's
// own CSV and JSON texts to the JavaScript rows (tests/server/exportCsvText.test.ts,
// tests/server/transferPageText.test.ts).

/** Texts a spreadsheet, a CSV reader or a JSON writer trips on (PostgreSQL text holds no NUL). */
export const awkward = [
  '=HYPERLINK("http://x")',
  "+1",
  "-2",
  "-2.5",
  "-2.",
  "-1+2",
  "@SUM(A1)",
  "\tTab",
  "\rCR",
  "\nLF",
  'say "hi"',
  "a,b",
  "line\r\nbreak",
  " lead",
  "trail ",
  "\ufeffBOM",
  "ünïcødé 🚀 中文",
  "",
  "-",
  "plain",
  "a\x1fb",
  "a\x1eb",
];

/** USD amounts across every spelling Number#toString has (papaparse writes numbers so). */
export const usdAmounts = [
  null,
  0,
  -0,
  1e-7,
  1.5e-7,
  1e-6,
  0.000001234,
  0.1 + 0.2,
  123.456,
  1e15,
  123456789012345680000,
  1e21,
  1.2345e25,
  5e-324,
  Number.MAX_VALUE,
  -3.5,
  2 ** 53 + 2,
];

/** A small deterministic generator (a test's rows are the same on every run). */
export function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

/** An awkward world: one subject address owned by one entity, its transfers in every shape. */
export async function insertAwkwardTransfers(store: Store): Promise<{ address: string; entitySlug: string }> {
  const random = generator(29);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  await store.query(
    `INSERT INTO chains (id, name, symbol, family, has_op_return)
     VALUES ('ethereum', 'Ethereum', 'ETH', 'evm', false) ON CONFLICT (id) DO NOTHING`,
  );
  const categoryIds: number[] = [];
  for (const [index, name] of awkward.entries()) {
    categoryIds.push(990_000 + index);
    await store.query("INSERT INTO categories (id, key, name, origin) VALUES ($1, $2, $3, 'sleuth')", [
      990_000 + index,
      `csv-awkward-${index}`,
      name,
    ]);
  }
  const entityIds: number[] = [];
  for (const [index, name] of awkward.entries()) {
    const [row] = await store.query<{ id: number }>(
      `INSERT INTO entities (slug, name, category_id, source) VALUES ($1, $2, $3, 'demo') RETURNING id`,
      [`csv-awkward-${index}`, name, categoryIds[0]],
    );
    entityIds.push(Number(row?.id));
  }
  const owner = entityIds[entityIds.length - 2] as number;
  // Contracts are written into the asset's URN as they are stored, so they are awkward too.
  const assetIds: number[] = [];
  for (const [index, symbol] of awkward.entries()) {
    const contract = index === 0 ? "native" : index % 3 === 0 ? `0x${hex(index, 40)}` : `c${awkward[index]}`;
    const [row] = await store.query<{ id: number }>(
      `INSERT INTO assets (chain, contract, symbol, name, decimals) VALUES ('ethereum', $1, $2, 'x', $3)
       RETURNING id`,
      [contract, symbol, [0, 6, 18, 36, 8][index % 5]],
    );
    assetIds.push(Number(row?.id));
  }
  const address = `0x${"ab".repeat(20)}`;
  const [subject] = await store.query<{ id: number }>(
    `INSERT INTO addresses (chain, address, address_type, entity_id)
     VALUES ('ethereum', $1, 'externally_owned_account', $2) RETURNING id`,
    [address, owner],
  );
  const counterparties: number[] = [];
  for (let index = 0; index < 12; index++) {
    const [row] = await store.query<{ id: number }>(
      `INSERT INTO addresses (chain, address, address_type)
       VALUES ('ethereum', $1, 'externally_owned_account') RETURNING id`,
      [`0x${hex(0xc0ffee00 + index, 40)}`],
    );
    const id = Number(row?.id);
    counterparties.push(id);
    // None, one or several categories each, in a scrambled order (the row joins them by id).
    const count = index % 4;
    for (let n = 0; n < count; n++) {
      await store.query(
        "INSERT INTO address_categories (address_id, category_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        [id, categoryIds[(index * 7 + n * 5) % categoryIds.length]],
      );
    }
  }
  const rows = 300;
  for (let index = 0; index < rows; index++) {
    // Runs of rows share a timestamp, so pages cut between rows of one instant.
    const micros = Math.floor(index / 3) * 1_234_567 + (index % 7 === 0 ? 999_999 : 1);
    const [transaction] = await store.query<{ id: number }>(
      `INSERT INTO transactions (chain, hash, block_number, block_timestamp)
       VALUES ('ethereum', $1, $2, timestamptz '2024-02-29 23:00:00+00' + $3 * interval '1 microsecond')
       RETURNING id`,
      [`0x${hex(index + 1, 64)}`, index, micros],
    );
    const counterparty = index % 11 === 5 ? null : pick(counterparties);
    const randomUsd = (random() - 0.5) * 10 ** Math.floor(random() * 40 - 12);
    await store.query(
      `INSERT INTO transfers (transaction_id, block_timestamp, address_id, counterparty_id, entity_id,
         counterparty_entity_id, asset_id, direction, amount_raw, amount_usd, balance_raw)
       SELECT x.id, x.block_timestamp, $2, $3, $4, $5, $6, $7, $8::numeric, $9::float8, $10::numeric
       FROM transactions x WHERE x.id = $1`,
      [
        transaction?.id,
        subject?.id,
        counterparty,
        owner,
        counterparty === null || index % 4 === 1 ? null : pick(entityIds),
        pick(assetIds),
        random() < 0.5 ? "outgoing" : "incoming",
        pick(["0", "1", "10", "1000000", "123456789012345678901234567890", "9".repeat(78), `${index}00`]),
        index < usdAmounts.length ? usdAmounts[index] : index % 5 === 0 ? null : randomUsd,
        pick(["0", "-1", "-123456789012345678", "5", "9".repeat(78), `-${"9".repeat(78)}`, `${index}`]),
      ],
    );
  }
  await store.query("ANALYZE transfers");
  return { address, entitySlug: "csv-awkward-20" };
}
