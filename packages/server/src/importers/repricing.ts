import type { Queryable } from "../store/store.ts";

// Issue 43: prices and token decimals that arrive after the transfers re-price the transfers already
// stored, each in one set-based statement (never row by row), and the transactions built on them.
// The rollups are rebuilt after (runImport), so every figure built on the transfers follows.

/**
 * docs/RULES.md "USD of a transfer": amount × its UTC day's price, exact, rounded to the cent. The
 * unit is `1e-<decimals>` read as a numeric (exact); PostgreSQL 15's `10::numeric ^ -n` keeps too
 * few digits and answers 0 for a wei.
 */
export const transferUsdSql = (amount: string) =>
  `round(${amount} * p.usd::numeric * ('1e-' || s.decimals)::numeric, 2)::double precision`;

const utcDayOf = (alias: string) => `(${alias}.block_timestamp AT TIME ZONE 'UTC')::date`;

/**
 * An imported transfer is priced from imported prices only: the demo world's walk is invented and
 * never values real evidence. A demo transfer takes whichever price its day has.
 */
export const priceUsableSql = (transaction: string) =>
  `(p.origin = 'import' OR NOT EXISTS (SELECT 1 FROM import_movements m WHERE m.transaction_id = ${transaction}))`;

/** The temporary table of the (asset, day) prices an import wrote; repriceDays reads it. */
export const priceChangesCreate = `CREATE TEMP TABLE price_changes (asset_id integer NOT NULL, day date NOT NULL,
  PRIMARY KEY (asset_id, day)) ON COMMIT DROP`;

const repricedTransactionsCreate = `CREATE TEMP TABLE IF NOT EXISTS repriced_transactions
  (transaction_id bigint PRIMARY KEY) ON COMMIT DROP`;

/**
 * The transfers of the assets and days in price_changes (whose price just changed), re-priced at
 * their day's price. Answers how many transfers it wrote.
 */
export const repriceDaysSql = `WITH changed AS (
    UPDATE transfers t SET amount_usd = round(t.amount_raw * q.unit_usd, 2)::double precision
    FROM (
      -- One unit's USD in raw units, once per asset and day: amount × it is exact (numeric).
      SELECT d.asset_id, d.day, p.usd::numeric * ('1e-' || s.decimals)::numeric AS unit_usd, p.origin
      FROM price_changes d
      JOIN asset_prices p ON p.asset_id = d.asset_id AND p.day = d.day
      JOIN assets s ON s.id = d.asset_id
    ) q
    WHERE t.asset_id = q.asset_id AND ${utcDayOf("t")} = q.day
      AND (q.origin = 'import' OR NOT EXISTS (SELECT 1 FROM import_movements m WHERE m.transaction_id = t.transaction_id))
    RETURNING t.transaction_id
  ), marked AS (
    INSERT INTO repriced_transactions SELECT DISTINCT transaction_id FROM changed ON CONFLICT DO NOTHING
  )
  SELECT count(*)::int AS transfers FROM changed`;

/** Every transfer of the assets in $1 re-priced (their decimals changed): unknown where no usable price. */
const repriceAssetsSql = `WITH changed AS (
    UPDATE transfers t SET amount_usd = v.usd
    FROM (
      SELECT f.id, CASE WHEN p.usd IS NOT NULL AND ${priceUsableSql("f.transaction_id")}
        THEN ${transferUsdSql("f.amount_raw")} END AS usd
      FROM transfers f
      JOIN assets s ON s.id = f.asset_id
      LEFT JOIN asset_prices p ON p.asset_id = f.asset_id AND p.day = ${utcDayOf("f")}
      WHERE f.asset_id = ANY($1::int[])
    ) v
    WHERE t.id = v.id AND t.amount_usd IS DISTINCT FROM v.usd
    RETURNING t.transaction_id
  ), marked AS (
    INSERT INTO repriced_transactions SELECT DISTINCT transaction_id FROM changed ON CONFLICT DO NOTHING
  )
  SELECT count(*)::int AS transfers FROM changed`;

// A transaction's value is what its receivers got (as the importers write it); its fee is in the
// chain's coin at that day's price.
const transactionValueSql = `UPDATE transactions x SET value_usd = v.usd
  FROM (
    SELECT f.transaction_id, sum(f.amount_usd) FILTER (WHERE f.direction = 'incoming') AS usd
    FROM repriced_transactions r JOIN transfers f ON f.transaction_id = r.transaction_id
    GROUP BY f.transaction_id
  ) v
  WHERE x.id = v.transaction_id AND x.value_usd IS DISTINCT FROM v.usd`;

const transactionFeeSql = `UPDATE transactions x SET fee_usd = ${transferUsdSql("x.fee_raw")}
  FROM price_changes d
  JOIN assets s ON s.id = d.asset_id AND s.contract = 'native'
  JOIN asset_prices p ON p.asset_id = d.asset_id AND p.day = d.day
  WHERE x.chain = s.chain AND ${utcDayOf("x")} = d.day AND x.fee_raw > 0 AND ${priceUsableSql("x.id")}
    AND x.fee_usd IS DISTINCT FROM ${transferUsdSql("x.fee_raw")}`;

/**
 * Re-prices the transfers, values and fees of the (asset, day) pairs in price_changes. `timed`, when
 * given, hears how long each step took (the price benchmark).
 */
export async function repriceDays(
  tx: Queryable,
  timed?: (step: "transfers" | "transactions", ms: number) => void,
): Promise<number> {
  await tx.query(repricedTransactionsCreate);
  await tx.query("ANALYZE price_changes");
  let started = performance.now();
  const [row] = await tx.query<{ transfers: number }>(repriceDaysSql);
  timed?.("transfers", performance.now() - started);
  started = performance.now();
  await tx.query(transactionValueSql);
  await tx.query(transactionFeeSql);
  timed?.("transactions", performance.now() - started);
  await tx.query("DROP TABLE repriced_transactions");
  return row?.transfers ?? 0;
}

/** Re-prices every transfer of `assetIds` (their decimals changed), and the transactions' values. */
export async function repriceAssets(tx: Queryable, assetIds: readonly number[]): Promise<number> {
  if (assetIds.length === 0) return 0;
  await tx.query(repricedTransactionsCreate);
  const [row] = await tx.query<{ transfers: number }>(repriceAssetsSql, [assetIds]);
  await tx.query(transactionValueSql);
  await tx.query("DROP TABLE repriced_transactions");
  return row?.transfers ?? 0;
}
