import {
  type AttributionTag,
  addressChainUrn,
  type ChainId,
  chainIds,
  chainInfo,
  type NeighbourTransaction,
  parseUrn,
  recognizeIdentifier,
  type TransactionLookupRequest,
  type TransactionParty,
  type TransactionRow,
  type TransferLabel,
  transactionUrn,
} from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";
import { attributionLabelOf, bestLabelSql } from "./addressLabel.ts";
import { addressPropertiesOf } from "./addressProperties.ts";
import { addressTagsJsonSql, type TagRow, tagsFromJson } from "./attributionTags.ts";
import { type AddressOwner, addressOwnerJsonSql, noOwner, withOwnerTag } from "./ownerTag.ts";

type LookupRequest = Required<TransactionLookupRequest>;

/** A raw integer amount in whole units of an asset with `decimals`, exactly (trailing zeros dropped). */
export function unitsOf(raw: string, decimals: number): string {
  const negative = raw.startsWith("-");
  const digits = (negative ? raw.slice(1) : raw).replace(/^0+(?=\d)/, "");
  const padded = digits.padStart(decimals + 1, "0");
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, "");
  const text = fraction === "" ? whole : `${whole}.${fraction}`;
  return negative && text !== "0" ? `-${text}` : text;
}

/** Each requested hash on every chain it may be on (a transaction URN pins its chain), in order. */
function candidatesOf(hashes: readonly string[]): { chain: ChainId; hash: string }[] {
  const seen = new Set<string>();
  const candidates: { chain: ChainId; hash: string }[] = [];
  for (const text of hashes) {
    const parts = parseUrn(text);
    const found =
      parts?.kind === "transaction"
        ? [{ chain: parts.chain, hash: parts.hash }]
        : recognizeIdentifier(text, { recognizeInet: false })
            .filter((identifier) => identifier.kind === "transaction" && identifier.chain !== null)
            .map((identifier) => ({ chain: identifier.chain as ChainId, hash: identifier.value }));
    for (const candidate of found) {
      const key = `${candidate.chain}:${candidate.hash}`;
      if (!seen.has(key)) {
        seen.add(key);
        candidates.push(candidate);
      }
    }
  }
  return candidates;
}

interface TransactionDbRow {
  ord: string | number;
  id: string | number;
  chain: ChainId;
  hash: string;
  block_number: string | number;
  block_timestamp: Date | string;
  fee_raw: string;
  fee_usd: number | null;
  value_usd: number | null;
  op_return: string | null;
  coinbase: boolean | null;
  native_decimals: number;
}

interface NeighbourDbRow {
  chain: ChainId;
  hash: string;
  block_timestamp: Date | string;
  direction: "incoming" | "outgoing";
  amount_raw: string;
  amount_usd: number | null;
  decimals: number;
}

interface PartyDbRow {
  transaction_id: string | number;
  direction: "incoming" | "outgoing";
  address_id: string | number;
  chain: ChainId;
  address: string;
  address_type: string | null;
  multisig: string | null;
  public_key_compressed: boolean | null;
  owner: AddressOwner | null;
  tags: TagRow[] | null;
  /** bestLabelSql's text: the address's best label and its source. */
  best_label: string | null;
  symbol: string;
  contract: string;
  decimals: number;
  amount_raw: string;
  minted: boolean;
  amount_usd: number | null;
  previous: NeighbourDbRow | null;
  next: NeighbourDbRow | null;
}

const labels = {
  mint: {
    kind: "mint",
    display_name: "Minted",
    description: "Newly created value: a coinbase reward, or a token mint from the zero address.",
  },
  unknownSender: {
    kind: "unknown_sender",
    display_name: "Unknown sender",
    description: "Paid by inputs the data gives without addresses: who sent it is unknown.",
  },
  change: {
    kind: "change",
    display_name: "Change",
    description: "Value returned to an address that also sent in this transaction.",
  },
} as const;

/**
 * Issue 39: whether value a transaction pays without a sender is newly minted. On a UTXO chain only a
 * coinbase mints: any other transaction paid it from inputs whose addresses the data does not give.
 * On an account chain a sender-less movement comes from the zero address (a token mint). A
 * transaction whose coinbase flag was never recorded (the demo world, whose sender-less movements
 * are mints, and imports from before the flag) reads as before: minted.
 */
export function senderlessIsMinted(chain: ChainId, coinbase: boolean | null): boolean {
  return coinbase !== false || chainInfo(chain).family !== "utxo";
}

function labelsOf(party: PartyDbRow, senders: ReadonlySet<string>, mints: boolean): TransferLabel[] {
  const found: TransferLabel[] = [];
  if (party.direction === "incoming" && party.minted)
    found.push({ ...(mints ? labels.mint : labels.unknownSender), value: null });
  if (party.direction === "incoming" && senders.has(String(party.address_id)))
    found.push({ ...labels.change, value: null });
  return found;
}

/**
 * 002 §3 previous or next transaction of a party's address around this one, by the keyset index on
 * (address_id, block_timestamp, id): one index probe, as a JSON NeighbourDbRow (NULL when none).
 */
function neighbourJsonSql(side: "previous" | "next"): string {
  const [before, order, row] =
    side === "previous" ? ["<", "DESC", "p.first_row"] : [">", "ASC", "p.last_row"];
  return `(SELECT json_build_object('chain', x.chain, 'hash', x.hash, 'block_timestamp', n.block_timestamp,
            'direction', n.direction, 'amount_raw', n.amount_raw::text, 'amount_usd', n.amount_usd,
            'decimals', (SELECT s.decimals FROM assets s WHERE s.id = n.asset_id))
   FROM (SELECT t.transaction_id, t.block_timestamp, t.direction, t.amount_raw, t.amount_usd, t.asset_id
         FROM transfers t
         WHERE t.address_id = p.address_id AND (t.block_timestamp, t.id) ${before} (p.at, ${row})
           AND t.transaction_id <> p.transaction_id
         ORDER BY t.block_timestamp ${order}, t.id ${order} LIMIT 1) n
   JOIN transactions x ON x.id = n.transaction_id)`;
}

/**
 * The transactions' parties, in one statement: each address's rows of one side and asset added up
 * (a UTXO input spent into several outputs is stored as one row per edge, docs/DATA.md), with the
 * address's owner, tags and neighbouring transactions as correlated subqueries by key.
 */
async function partiesOf(db: Queryable, transactionIds: readonly number[]): Promise<PartyDbRow[]> {
  if (transactionIds.length === 0) return [];
  return db.query<PartyDbRow>(
    `WITH p AS (
       SELECT t.transaction_id, t.direction, t.address_id, t.asset_id, sum(t.amount_raw)::text AS amount_raw,
              sum(t.amount_usd) AS amount_usd, bool_or(t.counterparty_id IS NULL) AS minted,
              min(t.id) AS first_row, max(t.id) AS last_row, min(t.block_timestamp) AS at
       FROM transfers t
       WHERE t.transaction_id = ANY($1::bigint[])
       GROUP BY t.transaction_id, t.direction, t.address_id, t.asset_id
     )
     SELECT p.transaction_id, p.direction, p.address_id, a.chain, a.address, a.address_type, a.multisig,
            a.public_key_compressed, ${addressOwnerJsonSql("a.entity_id")} AS owner,
            ${addressTagsJsonSql("p.address_id")} AS tags, ${bestLabelSql("p.address_id")} AS best_label, s.symbol, s.contract, s.decimals, p.amount_raw,
            p.amount_usd, p.minted, ${neighbourJsonSql("previous")} AS previous,
            ${neighbourJsonSql("next")} AS next
     FROM p
     JOIN addresses a ON a.id = p.address_id
     JOIN assets s ON s.id = p.asset_id
     ORDER BY p.transaction_id, p.direction DESC, p.first_row`,
    [transactionIds],
  );
}

function neighbourOf(row: NeighbourDbRow | null): NeighbourTransaction | null {
  if (!row) return null;
  const sign = row.direction === "outgoing" ? -1 : 1;
  return {
    urn: transactionUrn(row.chain, row.hash),
    timestamp: toIso(row.block_timestamp),
    amount: unitsOf(sign < 0 ? `-${row.amount_raw}` : row.amount_raw, row.decimals),
    amount_usd: row.amount_usd === null ? null : Math.round(sign * row.amount_usd * 100) / 100,
  };
}

/**
 * POST /trm-insights/v4/transaction (001 §7): the 002 §3 transaction rows of the requested hashes,
 * in request order (a hash on several chains gives a row per chain, in registry order). Two
 * statements whatever the number of hashes: the transactions by their unique (hash, chain) key, then
 * their parties with everything a party shows (none for the palette's row without transfers).
 */
export async function lookupTransactions(db: Queryable, request: LookupRequest): Promise<TransactionRow[]> {
  const candidates = candidatesOf(request.tx_hashes);
  if (candidates.length === 0) return [];
  const transactions = await db.query<TransactionDbRow>(
    `SELECT r.ord, t.id, t.chain, t.hash, t.block_number, t.block_timestamp, t.fee_raw::text AS fee_raw,
            t.fee_usd, t.value_usd, t.op_return, t.coinbase, coalesce(n.decimals, 0) AS native_decimals
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(chain, hash, ord)
     CROSS JOIN LATERAL (SELECT * FROM transactions WHERE hash = r.hash AND chain = r.chain OFFSET 0) t
     LEFT JOIN assets n ON n.chain = t.chain AND n.contract = 'native'
     ORDER BY r.ord`,
    [candidates.map((candidate) => candidate.chain), candidates.map((candidate) => candidate.hash)],
  );
  const ids = transactions.map((row) => Number(row.id));
  const parties = request.exclude_transfers ? [] : await partiesOf(db, ids);
  const partiesByTransaction = new Map<number, PartyDbRow[]>();
  for (const party of parties) {
    const id = Number(party.transaction_id);
    partiesByTransaction.set(id, [...(partiesByTransaction.get(id) ?? []), party]);
  }
  const partyOf = (party: PartyDbRow, senders: ReadonlySet<string>, mints: boolean): TransactionParty => {
    const ownTags: AttributionTag[] = withOwnerTag(tagsFromJson(party.tags), party.owner ?? noOwner);
    return {
      address: party.address,
      trmUrn: addressChainUrn(party.chain, party.address),
      value: unitsOf(party.amount_raw, party.decimals),
      value_usd: party.amount_usd === null ? null : Math.round(party.amount_usd * 100) / 100,
      asset_symbol: party.symbol,
      asset_address: party.contract === "native" ? null : party.contract,
      transfer_labels: labelsOf(party, senders, mints),
      addressAttribution: { tags: ownTags },
      addressLabel: attributionLabelOf(party.best_label),
      address_properties: addressPropertiesOf(party),
      previous_transaction: neighbourOf(party.previous),
      next_transaction: neighbourOf(party.next),
    };
  };
  const order = new Map<string, number>(chainIds.map((chain, index) => [chain, index]));
  const rows = [...transactions].sort(
    (a, b) => Number(a.ord) - Number(b.ord) || (order.get(a.chain) ?? 0) - (order.get(b.chain) ?? 0),
  );
  return rows.map((transaction) => {
    const row: TransactionRow = {
      chain: transaction.chain,
      tx_hash: transaction.hash,
      transactionUrn: transactionUrn(transaction.chain, transaction.hash),
      block_number: Number(transaction.block_number),
      block_timestamp: toIso(transaction.block_timestamp),
      value_usd: transaction.value_usd,
      op_return: transaction.op_return,
    };
    if (!request.exclude_transfers) {
      const own = partiesByTransaction.get(Number(transaction.id)) ?? [];
      const senders = new Set(
        own.filter((party) => party.direction === "outgoing").map((party) => String(party.address_id)),
      );
      const mints = senderlessIsMinted(transaction.chain, transaction.coinbase);
      row.from = own
        .filter((party) => party.direction === "outgoing")
        .map((party) => partyOf(party, senders, mints));
      row.to = own
        .filter((party) => party.direction === "incoming")
        .map((party) => partyOf(party, senders, mints));
    }
    if (request.include_fee) {
      row.fee = unitsOf(transaction.fee_raw, transaction.native_decimals);
      row.fee_usd = transaction.fee_usd;
    }
    // The store keeps neither raw transactions nor signatures; asked for, they are null.
    if (request.include_raw_tx) row.raw_tx = null;
    if (request.include_signatures) row.signatures = null;
    return row;
  });
}
