import { type ChainId, nativeAssetId } from "@sleuth/sdk";
import { addedTransfersCreate, addedTransfersTable, withinIndexed } from "../rollups/rollupKeys.ts";
import type { Queryable } from "../store/store.ts";
import { type AddressActivity, upsertAddresses } from "./addressRows.ts";
import type { SkippedRecord } from "./importErrors.ts";
import type { AddressFact, AssetRecord, LedgerRecord } from "./ledgerRecords.ts";
import { transferUsdSql } from "./repricing.ts";

export interface BatchOutcome {
  inserted: number;
  unchanged: number;
  skipped: SkippedRecord[];
}

interface KnownTransaction {
  id: number;
  timestamp: string;
}

interface TransferRow {
  transactionId: number;
  timestamp: string;
  addressId: number;
  counterpartyId: number | null;
  assetId: number;
  direction: "incoming" | "outgoing";
  amount: bigint;
}

function shortContract(contract: string): string {
  return `${contract.slice(0, 6)}…${contract.slice(-4)}`;
}

function isoOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/**
 * Writes transactions and their transfers for one chain inside an import's transaction, batch by
 * batch. Every write is keyed (transaction hash, movement key, address), so a repeated import
 * writes nothing. `finish` then recomputes the running balances and USD totals of what it touched.
 */
export class LedgerWriter {
  readonly #tx: Queryable;
  readonly #chain: ChainId;
  readonly #addressIds = new Map<string, { id: number; certain: boolean }>();
  readonly #assetIds = new Map<string, number>();
  readonly #touchedAddresses = new Set<number>();
  readonly #touchedTransactions = new Set<number>();
  /** Addresses whose whole history's running balances are recomputed (touchAddresses). */
  readonly #recountedAddresses = new Set<number>();
  /**
   * Address and asset pairs that got a transfer older than one they already had: their running
   * balances are recomputed from that transfer's time on (`finish`). Keyed `address:asset`.
   */
  readonly #latePairs = new Map<string, { addressId: number; assetId: number; since: string }>();
  /** Whether the table of the transfers this unit inserted exists yet (rollupKeys.ts). */
  #recordsAdded = false;
  /** Assets already stored whose symbol, name or decimals an import changed: their transfers re-price. */
  readonly changedAssetIds = new Set<number>();

  /**
   * Addresses whose transfers this writer inserted or whose transfers someone else removed
   * (touchAddresses): the read model follows them (settleWrites).
   */
  get touchedAddressIds(): ReadonlySet<number> {
    return this.#touchedAddresses;
  }

  /**
   * The touched addresses whose only change is the transfers this writer inserted, each recorded in
   * the added-transfers table: the read model adds those rows to their sums (settleWrites'
   * addedAddressIds) rather than summing their history again.
   */
  get addedAddressIds(): ReadonlySet<number> {
    return new Set([...this.#touchedAddresses].filter((id) => !this.#recountedAddresses.has(id)));
  }

  /** The touched addresses whose transfers someone else removed: their sums are summed again. */
  get recountedAddressIds(): ReadonlySet<number> {
    return this.#recountedAddresses;
  }

  constructor(tx: Queryable, chain: ChainId) {
    this.#tx = tx;
    this.#chain = chain;
  }

  /** Token metadata: a new asset is inserted, a known one takes the export's symbol, name and decimals. */
  async writeAssets(records: readonly AssetRecord[]): Promise<BatchOutcome> {
    const byContract = new Map(records.map((record) => [`${record.chain}:${record.contract}`, record]));
    const rows = [...byContract.values()];
    if (rows.length === 0) return { inserted: 0, unchanged: 0, skipped: [] };
    const written = await this.#tx.query<{ id: number; contract: string; chain: string; inserted: boolean }>(
      `INSERT INTO assets (chain, contract, symbol, name, decimals)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::smallint[])
       ON CONFLICT (chain, contract) DO UPDATE
         SET symbol = EXCLUDED.symbol, name = EXCLUDED.name, decimals = EXCLUDED.decimals
         WHERE (assets.symbol, assets.name, assets.decimals) IS DISTINCT FROM (EXCLUDED.symbol, EXCLUDED.name, EXCLUDED.decimals)
       RETURNING id, chain, contract, (xmax = 0) AS inserted`,
      [
        rows.map((row) => row.chain),
        rows.map((row) => row.contract),
        rows.map((row) => row.symbol),
        rows.map((row) => row.name),
        rows.map((row) => row.decimals),
      ],
    );
    const changed = new Set(written.map((row) => `${row.chain}:${row.contract}`));
    for (const row of written) if (!row.inserted) this.changedAssetIds.add(Number(row.id));
    const inserted = records.filter((record, index) => {
      const key = `${record.chain}:${record.contract}`;
      // A duplicate within the file counts once.
      return (
        changed.has(key) && records.findIndex((other) => `${other.chain}:${other.contract}` === key) === index
      );
    }).length;
    return { inserted, unchanged: records.length - inserted, skipped: [] };
  }

  async #assetIdsOf(contracts: Iterable<string>): Promise<void> {
    const missing = [...new Set(contracts)].filter((contract) => !this.#assetIds.has(contract));
    if (missing.length === 0) return;
    const tokens = missing.filter((contract) => contract !== nativeAssetId);
    if (tokens.length > 0) {
      // A token first met in a transfer: named after its contract until a token list says more;
      // decimals 0 shows its raw units, which is all the transfer tells.
      await this.#tx.query(
        `INSERT INTO assets (chain, contract, symbol, name, decimals)
         SELECT $1, contract, 'UNKNOWN', 'Unknown token ' || short, 0
         FROM unnest($2::text[], $3::text[]) AS t(contract, short)
         ON CONFLICT (chain, contract) DO NOTHING`,
        [this.#chain, tokens, tokens.map(shortContract)],
      );
    }
    const rows = await this.#tx.query<{ id: number; contract: string }>(
      "SELECT id, contract FROM assets WHERE chain = $1 AND contract = ANY($2::text[])",
      [this.#chain, missing],
    );
    for (const row of rows) this.#assetIds.set(row.contract, Number(row.id));
    const lacking = missing.find((contract) => !this.#assetIds.has(contract));
    if (lacking !== undefined)
      throw new Error(`No asset row for ${this.#chain} ${lacking}; reference data missing`);
  }

  async #addressIdsOf(
    facts: Iterable<AddressFact>,
    activity: ReadonlyMap<string, AddressActivity>,
  ): Promise<void> {
    const needed: AddressFact[] = [];
    for (const fact of facts) {
      const known = this.#addressIds.get(fact.address);
      const news =
        fact.multisig !== null || fact.publicKeyCompressed !== null || (fact.certain && !known?.certain);
      if (known === undefined || news) needed.push(fact);
    }
    const ids = await upsertAddresses(this.#tx, this.#chain, needed, activity);
    for (const fact of needed) {
      const id = ids.get(fact.address);
      if (id === undefined) continue;
      const known = this.#addressIds.get(fact.address);
      this.#addressIds.set(fact.address, { id, certain: fact.certain || (known?.certain ?? false) });
    }
  }

  /**
   * Inserts the batch's transactions; answers the hashes whose row is new, and records each row it
   * wrote (new or completed) in `written`, so that those need not be read again.
   */
  async #insertTransactions(
    records: readonly LedgerRecord[],
    written: Map<string, KnownTransaction>,
  ): Promise<Set<string>> {
    const firstByHash = new Map<string, LedgerRecord>();
    for (const record of records) {
      if (record.defines === "transaction" && !firstByHash.has(record.hash))
        firstByHash.set(record.hash, record);
    }
    const rows = [...firstByHash.values()];
    if (rows.length === 0) return new Set();
    // A transaction first written from a token transfer (no fee known) gets its fee when its own row comes.
    const rowsWritten = await this.#tx.query<{
      id: number;
      hash: string;
      block_timestamp: unknown;
      inserted: boolean;
    }>(
      `INSERT INTO transactions (chain, hash, block_number, block_timestamp, fee_raw, op_return, coinbase)
       SELECT $1, hash, block_number, block_timestamp, coalesce(fee_raw, 0), op_return, coinbase
       FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::numeric[], $6::text[], $7::boolean[])
         AS r(hash, block_number, block_timestamp, fee_raw, op_return, coinbase)
       ON CONFLICT (hash, chain) DO UPDATE
         SET fee_raw = CASE WHEN transactions.fee_raw = 0 THEN EXCLUDED.fee_raw ELSE transactions.fee_raw END,
             op_return = coalesce(transactions.op_return, EXCLUDED.op_return),
             coinbase = coalesce(transactions.coinbase, EXCLUDED.coinbase)
         WHERE (transactions.fee_raw = 0 AND EXCLUDED.fee_raw > 0)
            OR (transactions.op_return IS NULL AND EXCLUDED.op_return IS NOT NULL)
            OR (transactions.coinbase IS NULL AND EXCLUDED.coinbase IS NOT NULL)
       RETURNING id, hash, block_timestamp, (xmax = 0) AS inserted`,
      [
        this.#chain,
        rows.map((row) => row.hash),
        rows.map((row) => row.blockNumber),
        rows.map((row) => row.timestamp),
        rows.map((row) => row.feeRaw?.toString() ?? null),
        rows.map((row) => row.opReturn),
        rows.map((row) => row.coinbase),
      ],
    );
    for (const row of rowsWritten)
      written.set(row.hash, { id: Number(row.id), timestamp: isoOf(row.block_timestamp) });
    const inserted = rowsWritten.filter((row) => row.inserted);
    this.#touchTransactions(inserted.map((row) => Number(row.id)));
    return new Set(inserted.map((row) => row.hash));
  }

  #touchTransactions(ids: readonly number[]): void {
    for (const id of ids) this.#touchedTransactions.add(id);
  }

  /**
   * The transactions the batch's records refer to. A token transfer's transaction that is not in
   * the store yet is written from the transfer's block data; without a timestamp (token_transfers.csv
   * has none) it takes that of another transaction of the same block, if the store has one.
   */
  async #resolveTransactions(
    records: readonly LedgerRecord[],
    skipped: SkippedRecord[],
    written: ReadonlyMap<string, KnownTransaction>,
  ): Promise<Map<string, KnownTransaction>> {
    // The rows the batch just wrote came back from their insert: only the others are read.
    const known = new Map(written);
    const hashes = [...new Set(records.map((record) => record.hash))].filter((hash) => !known.has(hash));
    const load = async (wanted: string[]) => {
      const rows = await this.#tx.query<{ id: number; hash: string; block_timestamp: unknown }>(
        "SELECT id, hash, block_timestamp FROM transactions WHERE chain = $1 AND hash = ANY($2::text[])",
        [this.#chain, wanted],
      );
      for (const row of rows)
        known.set(row.hash, { id: Number(row.id), timestamp: isoOf(row.block_timestamp) });
    };
    if (hashes.length > 0) await load(hashes);
    const orphans = new Map<string, LedgerRecord>();
    for (const record of records)
      if (!known.has(record.hash) && !orphans.has(record.hash)) orphans.set(record.hash, record);
    if (orphans.size === 0) return known;
    const blocks = [
      ...new Set(
        [...orphans.values()]
          .filter((r) => r.timestamp === null && r.blockNumber !== null)
          .map((r) => r.blockNumber!),
      ),
    ];
    const blockTimes = new Map<string, string>();
    if (blocks.length > 0) {
      const rows = await this.#tx.query<{ block_number: number | string; block_timestamp: unknown }>(
        `SELECT DISTINCT ON (block_number) block_number, block_timestamp FROM transactions
         WHERE chain = $1 AND block_number = ANY($2::bigint[])`,
        [this.#chain, blocks],
      );
      for (const row of rows) blockTimes.set(String(row.block_number), isoOf(row.block_timestamp));
    }
    const creatable: LedgerRecord[] = [];
    for (const record of orphans.values()) {
      const time =
        record.timestamp ?? (record.blockNumber === null ? undefined : blockTimes.get(record.blockNumber));
      if (time === undefined || record.blockNumber === null) continue;
      creatable.push({ ...record, timestamp: time, defines: "transaction", feeRaw: null });
    }
    if (creatable.length > 0) {
      await this.#insertTransactions(creatable, known);
      const unwritten = creatable.map((record) => record.hash).filter((hash) => !known.has(hash));
      if (unwritten.length > 0) await load(unwritten);
    }
    for (const record of records) {
      if (!known.has(record.hash)) {
        skipped.push({
          line: record.line,
          reason: `transaction ${record.hash} is not in the store and the row gives no block time: import its transactions first`,
        });
      }
    }
    return known;
  }

  /**
   * Addresses whose transfers were removed by someone else (the follower's reorganisation roll-back):
   * `finish` recomputes their balances with the rest, and the read model follows them.
   */
  touchAddresses(addressIds: Iterable<number>): void {
    for (const id of addressIds) {
      this.#touchedAddresses.add(id);
      this.#recountedAddresses.add(id);
    }
  }

  async write(records: readonly LedgerRecord[]): Promise<BatchOutcome> {
    const skipped: SkippedRecord[] = [];
    if (records.length === 0) return { inserted: 0, unchanged: 0, skipped };
    const written = new Map<string, KnownTransaction>();
    const newTransactions = await this.#insertTransactions(records, written);
    const transactions = await this.#resolveTransactions(records, skipped, written);
    // A record skipped for want of its transaction writes nothing, not even its addresses.
    const resolved = records.filter((record) => transactions.has(record.hash));

    const movementKeys: { transactionId: number; key: string }[] = [];
    const seenKeys = new Set<string>();
    for (const record of records) {
      const transaction = transactions.get(record.hash);
      if (!transaction) continue;
      for (const movement of record.movements) {
        const key = `${transaction.id}/${movement.key}`;
        if (seenKeys.has(key)) continue;
        seenKeys.add(key);
        movementKeys.push({ transactionId: transaction.id, key: movement.key });
      }
    }
    const newMovements = new Set<string>();
    if (movementKeys.length > 0) {
      const rows = await this.#tx.query<{ transaction_id: number; movement: string }>(
        `INSERT INTO import_movements (transaction_id, movement)
         SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING
         RETURNING transaction_id, movement`,
        [movementKeys.map((entry) => entry.transactionId), movementKeys.map((entry) => entry.key)],
      );
      for (const row of rows) newMovements.add(`${row.transaction_id}/${row.movement}`);
    }
    // The sides about to be inserted (the new movements'), known before the addresses are written:
    // a new address is written with its first and last activity (upsertAddresses).
    const activity = new Map<string, AddressActivity>();
    for (const record of records) {
      const transaction = transactions.get(record.hash);
      if (!transaction) continue;
      for (const movement of record.movements) {
        if (!newMovements.has(`${transaction.id}/${movement.key}`)) continue;
        for (const side of movement.sides) {
          const span = activity.get(side.address);
          if (span === undefined)
            activity.set(side.address, { first: transaction.timestamp, last: transaction.timestamp });
          else {
            if (transaction.timestamp < span.first) span.first = transaction.timestamp;
            if (transaction.timestamp > span.last) span.last = transaction.timestamp;
          }
        }
      }
    }
    await this.#addressIdsOf(
      resolved.flatMap((record) => record.addresses),
      activity,
    );
    await this.#assetIdsOf(resolved.flatMap((record) => record.movements.map((movement) => movement.asset)));

    const transfers: TransferRow[] = [];
    let inserted = 0;
    const failed = new Set(skipped.map((entry) => entry.line));
    for (const record of records) {
      const transaction = transactions.get(record.hash);
      if (!transaction) continue;
      let recordIsNew = record.defines === "transaction" && newTransactions.has(record.hash);
      for (const movement of record.movements) {
        const key = `${transaction.id}/${movement.key}`;
        if (!newMovements.delete(key)) continue;
        if (record.defines === "movement") recordIsNew = true;
        const assetId = this.#assetIds.get(movement.asset)!;
        for (const side of movement.sides) {
          const address = this.#addressIds.get(side.address);
          if (address === undefined) throw new Error(`Address ${side.address} was not written`);
          transfers.push({
            transactionId: transaction.id,
            timestamp: transaction.timestamp,
            addressId: address.id,
            counterpartyId:
              side.counterparty === null ? null : (this.#addressIds.get(side.counterparty)?.id ?? null),
            assetId,
            direction: side.direction,
            amount: side.amount,
          });
        }
      }
      if (recordIsNew) inserted++;
    }
    await this.#insertTransfers(transfers);
    return { inserted, unchanged: records.length - inserted - failed.size, skipped };
  }

  async #insertTransfers(rows: readonly TransferRow[]): Promise<void> {
    if (rows.length === 0) return;
    // USD at the imported price of the transfer's UTC day, when the store has one (never the demo
    // world's invented walk: priceUsableSql); entities copied from the owners. Issue 46: each row's
    // running balance is written with it, from the balance the address and asset's latest stored
    // transfer left (ids follow the rows' time order, so (block_timestamp, id) order holds); where
    // a stored transfer is later than a new one, finish() recomputes the pair from there.
    if (!this.#recordsAdded) {
      await this.#tx.query(addedTransfersCreate);
      this.#recordsAdded = true;
    }
    const [answer] = await this.#tx.query<{ late: [number, number, string][] | null }>(
      `WITH r AS MATERIALIZED (
         SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::bigint[], $4::bigint[], $5::integer[], $6::text[], $7::numeric[])
           WITH ORDINALITY AS r(transaction_id, block_timestamp, address_id, counterparty_id, asset_id, direction, amount_raw, ord)
       ), pairs AS MATERIALIZED (
         SELECT k.address_id, k.asset_id, k.since, coalesce(l.balance_raw, 0) AS before, l.block_timestamp AS latest
         FROM (SELECT address_id, asset_id, min(block_timestamp) AS since FROM r GROUP BY address_id, asset_id) k
         LEFT JOIN LATERAL (
           SELECT p.balance_raw, p.block_timestamp FROM transfers p
           WHERE p.address_id = k.address_id AND p.asset_id = k.asset_id
           ORDER BY p.block_timestamp DESC, p.id DESC LIMIT 1
         ) l ON true
       ), inserted AS (
         INSERT INTO transfers (transaction_id, block_timestamp, address_id, counterparty_id, entity_id,
           counterparty_entity_id, asset_id, direction, amount_raw, amount_usd, balance_raw)
         SELECT r.transaction_id, r.block_timestamp, r.address_id, r.counterparty_id, a.entity_id, c.entity_id,
           r.asset_id, r.direction, r.amount_raw,
           ${transferUsdSql("r.amount_raw")},
           k.before + sum(CASE WHEN r.direction = 'incoming' THEN r.amount_raw ELSE -r.amount_raw END)
             OVER (PARTITION BY r.address_id, r.asset_id ORDER BY r.block_timestamp, r.ord)
         FROM r
         JOIN pairs k ON k.address_id = r.address_id AND k.asset_id = r.asset_id
         JOIN addresses a ON a.id = r.address_id
         LEFT JOIN addresses c ON c.id = r.counterparty_id
         JOIN assets s ON s.id = r.asset_id
         LEFT JOIN asset_prices p ON p.asset_id = r.asset_id AND p.day = (r.block_timestamp AT TIME ZONE 'UTC')::date
           AND p.origin = 'import'
         ORDER BY r.block_timestamp, r.ord
         RETURNING id
       ), added AS (
         INSERT INTO ${addedTransfersTable} SELECT id FROM inserted
       )
       SELECT (SELECT count(*) FROM inserted) AS inserted,
         (SELECT json_agg(json_build_array(address_id, asset_id, since)) FROM pairs WHERE latest > since) AS late`,
      [
        rows.map((row) => row.transactionId),
        rows.map((row) => row.timestamp),
        rows.map((row) => row.addressId),
        rows.map((row) => row.counterpartyId),
        rows.map((row) => row.assetId),
        rows.map((row) => row.direction),
        rows.map((row) => row.amount.toString()),
      ],
    );
    for (const [addressId, assetId, since] of answer?.late ?? []) {
      const key = `${addressId}:${assetId}`;
      const known = this.#latePairs.get(key);
      if (!known || Date.parse(since) < Date.parse(known.since))
        this.#latePairs.set(key, { addressId: Number(addressId), assetId: Number(assetId), since });
    }
    for (const row of rows) this.#touchedAddresses.add(row.addressId);
    this.#touchTransactions(rows.map((row) => row.transactionId));
  }

  /**
   * After the last batch: each touched address's running balance (in time order; imported history
   * starts at zero, so a balance is relative to the first imported transfer), and the USD value and
   * fee of each touched transaction.
   */
  async finish(): Promise<void> {
    // Temporary tables with statistics, rather than arrays, give the planner sizes to join by.
    await this.#tx.exec(`
      CREATE TEMP TABLE import_touched_addresses (address_id bigint PRIMARY KEY) ON COMMIT DROP;
      CREATE TEMP TABLE import_touched_transactions (transaction_id bigint PRIMARY KEY) ON COMMIT DROP;`);
    await this.#tx.query("INSERT INTO import_touched_addresses SELECT unnest($1::bigint[])", [
      [...this.#touchedAddresses],
    ]);
    await this.#tx.query("INSERT INTO import_touched_transactions SELECT unnest($1::bigint[])", [
      [...this.#touchedTransactions],
    ]);
    await this.#tx.exec("ANALYZE import_touched_addresses; ANALYZE import_touched_transactions;");
    // Issue 43: their holdings are valued at imported prices only (never the demo world's walk).
    await this.#tx.query(
      `UPDATE addresses SET has_imported_transfers = true
       WHERE ${withinIndexed("id", "import_touched_addresses", "address_id")} AND NOT has_imported_transfers`,
    );
    // Issue 46: the new rows carry their balances already; a pair that got a transfer older than
    // its latest is recomputed from that transfer on, from the balance the row before it left, so
    // the work follows the batch and not a busy address's history.
    const late = [...this.#latePairs.values()].filter(
      (pair) => !this.#recountedAddresses.has(pair.addressId),
    );
    if (late.length > 0) {
      await this.#tx.query(
        `WITH k AS MATERIALIZED (
           SELECT k.address_id, k.asset_id, k.since, coalesce((
             SELECT p.balance_raw FROM transfers p
             WHERE p.address_id = k.address_id AND p.asset_id = k.asset_id AND p.block_timestamp < k.since
             ORDER BY p.block_timestamp DESC, p.id DESC LIMIT 1), 0) AS before
           FROM unnest($1::bigint[], $2::integer[], $3::timestamptz[]) AS k(address_id, asset_id, since)
         )
         UPDATE transfers t SET balance_raw = s.balance
         FROM (
           SELECT f.id, k.before + sum(CASE WHEN f.direction = 'incoming' THEN f.amount_raw ELSE -f.amount_raw END)
             OVER (PARTITION BY f.address_id, f.asset_id ORDER BY f.block_timestamp, f.id) AS balance
           FROM k JOIN transfers f ON f.address_id = k.address_id AND f.asset_id = k.asset_id AND f.block_timestamp >= k.since
         ) s
         WHERE t.id = s.id AND t.balance_raw IS DISTINCT FROM s.balance`,
        [
          late.map((pair) => pair.addressId),
          late.map((pair) => pair.assetId),
          late.map((pair) => pair.since),
        ],
      );
    }
    if (this.#recountedAddresses.size > 0) {
      await this.#tx.query(
        `UPDATE transfers t SET balance_raw = s.balance
         FROM (
           SELECT id, sum(CASE WHEN direction = 'incoming' THEN amount_raw ELSE -amount_raw END)
             OVER (PARTITION BY address_id, asset_id ORDER BY block_timestamp, id) AS balance
           FROM transfers WHERE address_id = ANY($1::bigint[])
         ) s
         WHERE t.id = s.id AND t.balance_raw IS DISTINCT FROM s.balance`,
        [[...this.#recountedAddresses]],
      );
    }
    // A transaction's value is what its receivers got; with no transfer at all it moved nothing. A
    // row whose values stay as they are is not written again (a new one unpriced: both null).
    const valueUsd = "CASE WHEN v.transfers = 0 THEN 0 ELSE v.usd END";
    const feeUsd = `CASE WHEN x.fee_raw = 0 THEN 0 ELSE ${transferUsdSql("x.fee_raw")} END`;
    await this.#tx.query(
      `UPDATE transactions x SET value_usd = ${valueUsd}, fee_usd = ${feeUsd}
       FROM (
         SELECT t.transaction_id, count(f.id) AS transfers,
           sum(f.amount_usd) FILTER (WHERE f.direction = 'incoming') AS usd
         FROM import_touched_transactions t LEFT JOIN transfers f ON f.transaction_id = t.transaction_id
         GROUP BY t.transaction_id
       ) v
       JOIN transactions y ON y.id = v.transaction_id
       JOIN assets s ON s.chain = y.chain AND s.contract = 'native'
       LEFT JOIN asset_prices p ON p.asset_id = s.id AND p.day = (y.block_timestamp AT TIME ZONE 'UTC')::date
         AND p.origin = 'import'
       WHERE x.id = v.transaction_id
         AND (x.value_usd IS DISTINCT FROM ${valueUsd} OR x.fee_usd IS DISTINCT FROM ${feeUsd})`,
    );
    await this.#tx.exec("DROP TABLE import_touched_addresses; DROP TABLE import_touched_transactions;");
  }
}
