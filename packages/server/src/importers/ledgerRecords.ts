import type { AddressType, ChainId } from "@sleuth/sdk";

// What the transaction importers (ethereum-etl, bitcoin-etl) hand the ledger writer: transactions
// with their value movements already split into the two sides the transfers table stores.

/** What a record tells about an address; `certain` facts overrule earlier guesses. */
export interface AddressFact {
  address: string;
  type: AddressType;
  certain: boolean;
  multisig: string | null;
  publicKeyCompressed: boolean | null;
}

/** One row of the transfers table before ids: an address's side of a movement. */
export interface TransferSide {
  address: string;
  /** null: newly minted (coinbase, token mint), burnt, or paid by inputs whose owner is unknown. */
  counterparty: string | null;
  direction: "incoming" | "outgoing";
  amount: bigint;
}

/**
 * A movement of one asset inside a transaction, named by a key unique within the transaction
 * (`value`, `log:<index>`, `utxo`) so that importing it again writes nothing.
 */
export interface Movement {
  key: string;
  /** "native" or the token contract's canonical address. */
  asset: string;
  sides: TransferSide[];
}

export interface LedgerRecord {
  line: number;
  chain: ChainId;
  /** Canonical transaction hash. */
  hash: string;
  /** Null when the record only refers to a transaction (a token transfer without block data). */
  blockNumber: string | null;
  timestamp: string | null;
  /** In the native asset's raw units; null when the export does not say (written as 0). */
  feeRaw: bigint | null;
  opReturn: string | null;
  /**
   * Issue 39: whether the transaction is a coinbase (it mints the block reward); false for any other
   * (an account chain has none: its sender-less movements come from the zero address); null where
   * the export does not say.
   */
  coinbase: boolean | null;
  movements: Movement[];
  addresses: AddressFact[];
  /** What the record is: a transaction counts as inserted when its row is new, a movement when it is. */
  defines: "transaction" | "movement";
}

/** Token metadata (ethereum-etl tokens, Token Lists): an asset row. */
export interface AssetRecord {
  /** null where finding it costs more than it tells (a Token Lists file's good tokens). */
  line: number | null;
  chain: ChainId;
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
}

/** Sides of a plain movement from one address to another; the zero address mints or burns. */
export function sidesOf(from: string | null, to: string | null, amount: bigint): TransferSide[] {
  if (amount <= 0n || from === to) return [];
  const sides: TransferSide[] = [];
  if (from !== null) sides.push({ address: from, counterparty: to, direction: "outgoing", amount });
  if (to !== null) sides.push({ address: to, counterparty: from, direction: "incoming", amount });
  return sides;
}
