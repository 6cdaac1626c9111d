// The column order of every table the demo world writes: the generator builds rows in this order and
// the loader COPYs them with the same list.

export const worldColumns = {
  entities: [
    "id",
    "slug",
    "name",
    "category_id",
    "description",
    "website",
    "jurisdiction",
    "kyc_level",
    "law_enforcement_contact",
    "v2_beacon_network_contact",
    "source",
  ],
  addresses: ["id", "chain", "address", "address_type", "multisig", "public_key_compressed", "entity_id"],
  attribution_tags: [
    "id",
    "address_id",
    "category_id",
    "entity_id",
    "label",
    "tag_type",
    "signature_id",
    "signature_name",
    "signature_description",
    "evidence",
    "confidence",
    "source",
    "is_cluster_definer",
    "created_at",
  ],
  transactions: [
    "id",
    "chain",
    "hash",
    "block_number",
    "block_timestamp",
    "fee_raw",
    "fee_usd",
    "value_usd",
    "op_return",
  ],
  transfers: [
    "id",
    "transaction_id",
    "block_timestamp",
    "address_id",
    "counterparty_id",
    "entity_id",
    "counterparty_entity_id",
    "asset_id",
    "direction",
    "amount_raw",
    "amount_usd",
    "balance_raw",
  ],
  asset_prices: ["asset_id", "day", "usd"],
  inet_hosts: ["id", "ip", "country", "isp", "is_vpn", "is_tor", "is_proxy", "is_malware", "is_spyware"],
  inet_observations: ["address_id", "inet_id", "first_observed", "last_observed", "observations"],
  scam_reports: [
    "id",
    "scam_category",
    "description",
    "created_at",
    "checked",
    "trusted",
    "reported_by",
    "source",
    "source_id",
  ],
  scam_report_addresses: ["id", "report_id", "chain", "address", "domain"],
} as const;

export type WorldTable = keyof typeof worldColumns;

/** Tables in the order their batches are loaded: a table comes after those its rows refer to. */
export const worldTableOrder: readonly WorldTable[] = [
  "asset_prices",
  "entities",
  "addresses",
  "attribution_tags",
  "transactions",
  "transfers",
  "inet_hosts",
  "inet_observations",
  "scam_reports",
  "scam_report_addresses",
];

/** A value as the COPY text format takes it: null, text, number, bigint, boolean or a JSON object. */
export type CellValue = string | number | bigint | boolean | null | Readonly<Record<string, unknown>>;
export type Row = CellValue[];

export interface WorldBatch {
  table: WorldTable;
  rows: Row[];
}

/** Rows waiting per table; drained in load order whenever the transfers fill a batch. */
export class RowBuffers {
  readonly #rows = new Map<WorldTable, Row[]>();
  readonly #batchRows: number;

  constructor(batchRows: number) {
    this.#batchRows = batchRows;
  }

  push(table: WorldTable, row: Row): void {
    const rows = this.#rows.get(table);
    if (rows === undefined) this.#rows.set(table, [row]);
    else rows.push(row);
  }

  get full(): boolean {
    for (const rows of this.#rows.values()) if (rows.length >= this.#batchRows) return true;
    return false;
  }

  *drain(): Generator<WorldBatch> {
    for (const table of worldTableOrder) {
      const rows = this.#rows.get(table);
      if (rows === undefined || rows.length === 0) continue;
      this.#rows.set(table, []);
      yield { table, rows };
    }
  }
}
