import {
  type ChainId,
  chainInfo,
  decodeAddress,
  isValidTransactionHash,
  normalizeTransactionHash,
} from "@sleuth/sdk";
import { amount, type FieldBag, safeInteger, text, timestamp, unsignedInteger } from "./fieldValues.ts";
import { type AddressFact, type AssetRecord, type LedgerRecord, sidesOf } from "./ledgerRecords.ts";

// ethereum-etl exports (https://ethereum-etl.readthedocs.io/en/latest/schema/): transactions,
// token_transfers and tokens, as CSV or JSON lines. Fields are read by name; a JSON line names its
// kind in `type`, a CSV file by its header.

export type EthereumEtlKind = "transaction" | "token_transfer" | "token";

export const ethereumEtlColumns: Readonly<Record<EthereumEtlKind, readonly string[]>> = {
  transaction: ["hash", "block_number", "block_timestamp", "from_address", "to_address", "value"],
  token_transfer: ["token_address", "from_address", "to_address", "value", "transaction_hash", "log_index"],
  token: ["address", "symbol", "name", "decimals"],
};

// Other ethereum-etl item types: valid lines of a stream export that carry nothing we store.
const ignoredTypes = new Set(["block", "log", "trace", "contract", "receipt", "geth_trace"]);

const zeroAddress = "0x0000000000000000000000000000000000000000";
// A plain ether transfer always uses exactly this much gas, so its fee is known without a receipt.
const plainTransferGas = 21_000n;

export type EthereumEtlResult =
  | { kind: "ledger"; record: LedgerRecord }
  | { kind: "asset"; record: AssetRecord }
  | { kind: "ignored" }
  | { kind: "skipped"; reason: string };

/** The kind of row from its fields: the `type` of a JSON line, else the columns present. */
export function ethereumEtlKindOf(fields: FieldBag | readonly string[]): EthereumEtlKind | "ignored" | null {
  const names = Array.isArray(fields) ? new Set(fields) : new Set(Object.keys(fields));
  if (!Array.isArray(fields)) {
    const type = text(fields as FieldBag, "type");
    if (type === "transaction" || type === "token_transfer" || type === "token") return type;
    if (type !== null && ignoredTypes.has(type)) return "ignored";
  }
  for (const kind of ["token_transfer", "transaction", "token"] as const) {
    if (ethereumEtlColumns[kind].every((column) => names.has(column))) return kind;
  }
  return null;
}

function evmAddress(chain: ChainId, value: string | null): string | null | undefined {
  if (value === null) return null;
  return decodeAddress(chain, value)?.canonical;
}

function hasCallData(input: string | null): boolean {
  return input !== null && input !== "0x" && input !== "";
}

function feeOf(fields: FieldBag, gasPrice: bigint | null): bigint | null {
  const gasUsed = unsignedInteger(text(fields, "receipt_gas_used") ?? text(fields, "gas_used"));
  const l1Fee = unsignedInteger(text(fields, "receipt_l1_fee")) ?? 0n;
  const price = unsignedInteger(text(fields, "receipt_effective_gas_price")) ?? gasPrice;
  if (gasUsed !== null && price !== null) return gasUsed * price + l1Fee;
  const gas = unsignedInteger(text(fields, "gas"));
  if (gas === plainTransferGas && !hasCallData(text(fields, "input")) && gasPrice !== null)
    return gas * gasPrice;
  return null;
}

function transactionRecord(fields: FieldBag, chain: ChainId, line: number): EthereumEtlResult {
  const rawHash = text(fields, "hash");
  if (rawHash === null || !isValidTransactionHash(chain, rawHash))
    return { kind: "skipped", reason: `hash is not a transaction hash: ${rawHash ?? "(empty)"}` };
  const blockNumber = unsignedInteger(text(fields, "block_number"));
  if (blockNumber === null) return { kind: "skipped", reason: "block_number is not a block number" };
  const time = timestamp(text(fields, "block_timestamp"));
  if (time === null) return { kind: "skipped", reason: "block_timestamp is not a time" };
  const from = evmAddress(chain, text(fields, "from_address"));
  if (!from)
    return {
      kind: "skipped",
      reason: `from_address is not an address: ${text(fields, "from_address") ?? "(empty)"}`,
    };
  const to = evmAddress(chain, text(fields, "to_address"));
  if (to === undefined)
    return { kind: "skipped", reason: `to_address is not an address: ${text(fields, "to_address")}` };
  const value = amount(text(fields, "value") ?? "0");
  if (value === null)
    return { kind: "skipped", reason: `value is not a whole number of wei: ${text(fields, "value")}` };
  const created = evmAddress(chain, text(fields, "receipt_contract_address"));
  // A failed transaction (receipt_status 0) moved no value, though it paid its fee.
  const failed = text(fields, "receipt_status") === "0";
  const recipient = to ?? created ?? null;
  const callsCode = hasCallData(text(fields, "input"));
  const addresses: AddressFact[] = [
    {
      address: from,
      type: "externally_owned_account",
      certain: true,
      multisig: null,
      publicKeyCompressed: null,
    },
  ];
  if (to) {
    addresses.push({
      address: to,
      type: callsCode ? "smart_contract" : "externally_owned_account",
      certain: false,
      multisig: null,
      publicKeyCompressed: null,
    });
  }
  if (created) {
    addresses.push({
      address: created,
      type: "smart_contract",
      certain: true,
      multisig: null,
      publicKeyCompressed: null,
    });
  }
  const sides = failed || recipient === null ? [] : sidesOf(from, recipient, value);
  return {
    kind: "ledger",
    record: {
      line,
      chain,
      hash: normalizeTransactionHash(chain, rawHash),
      blockNumber: blockNumber.toString(),
      timestamp: time,
      feeRaw: feeOf(fields, unsignedInteger(text(fields, "gas_price"))),
      opReturn: null,
      // Ethereum has no coinbase: value without a sender comes from the zero address (a token mint).
      coinbase: false,
      movements: sides.length > 0 ? [{ key: "value", asset: "native", sides }] : [],
      addresses,
      defines: "transaction",
    },
  };
}

function tokenTransferRecord(fields: FieldBag, chain: ChainId, line: number): EthereumEtlResult {
  const rawHash = text(fields, "transaction_hash");
  if (rawHash === null || !isValidTransactionHash(chain, rawHash)) {
    return { kind: "skipped", reason: `transaction_hash is not a transaction hash: ${rawHash ?? "(empty)"}` };
  }
  const token = evmAddress(chain, text(fields, "token_address"));
  if (!token)
    return {
      kind: "skipped",
      reason: `token_address is not an address: ${text(fields, "token_address") ?? "(empty)"}`,
    };
  const from = evmAddress(chain, text(fields, "from_address"));
  const to = evmAddress(chain, text(fields, "to_address"));
  if (!from || !to) return { kind: "skipped", reason: "from_address or to_address is not an address" };
  const value = amount(text(fields, "value"));
  if (value === null)
    return {
      kind: "skipped",
      reason: `value is not a whole number of token units: ${text(fields, "value")}`,
    };
  const logIndex = safeInteger(text(fields, "log_index"));
  if (logIndex === null) return { kind: "skipped", reason: "log_index is not a number" };
  const blockNumber = unsignedInteger(text(fields, "block_number"));
  const rawTime = text(fields, "block_timestamp");
  const time = timestamp(rawTime);
  if (rawTime !== null && time === null) return { kind: "skipped", reason: "block_timestamp is not a time" };
  // The zero address is where ERC-20 mints come from and burns go: no one's counterparty.
  const sender = from === zeroAddress ? null : from;
  const receiver = to === zeroAddress ? null : to;
  const addresses: AddressFact[] = [
    { address: token, type: "smart_contract", certain: true, multisig: null, publicKeyCompressed: null },
  ];
  for (const address of [sender, receiver]) {
    if (address !== null) {
      addresses.push({
        address,
        type: "externally_owned_account",
        certain: false,
        multisig: null,
        publicKeyCompressed: null,
      });
    }
  }
  const sides = sidesOf(sender, receiver, value);
  return {
    kind: "ledger",
    record: {
      line,
      chain,
      hash: normalizeTransactionHash(chain, rawHash),
      blockNumber: blockNumber?.toString() ?? null,
      timestamp: time,
      feeRaw: null,
      opReturn: null,
      // Ethereum has no coinbase: value without a sender comes from the zero address (a token mint).
      coinbase: false,
      movements: sides.length > 0 ? [{ key: `log:${logIndex}`, asset: token, sides }] : [],
      addresses,
      defines: "movement",
    },
  };
}

function tokenRecord(fields: FieldBag, chain: ChainId, line: number): EthereumEtlResult {
  const contract = evmAddress(chain, text(fields, "address"));
  if (!contract)
    return {
      kind: "skipped",
      reason: `address is not a token contract address: ${text(fields, "address") ?? "(empty)"}`,
    };
  const decimals = safeInteger(text(fields, "decimals"));
  if (decimals === null || decimals > 36)
    return { kind: "skipped", reason: `decimals is not 0..36: ${text(fields, "decimals")}` };
  const symbol = text(fields, "symbol");
  const name = text(fields, "name");
  // Contracts that answer no symbol (ethereum-etl writes "") teach nothing about the asset.
  if (symbol === null && name === null)
    return { kind: "skipped", reason: "the token has neither symbol nor name" };
  return {
    kind: "asset",
    record: { line, chain, contract, symbol: symbol ?? name ?? "", name: name ?? symbol ?? "", decimals },
  };
}

/** One ethereum-etl row (a CSV row of known kind, or a JSON line) as ledger or asset data. */
export function ethereumEtlRecord(
  fields: FieldBag,
  chain: ChainId,
  line: number,
  kind: EthereumEtlKind | "ignored" | null = ethereumEtlKindOf(fields),
): EthereumEtlResult {
  if (chainInfo(chain).family !== "evm") return { kind: "skipped", reason: `${chain} is not an EVM chain` };
  switch (kind) {
    case "transaction":
      return transactionRecord(fields, chain, line);
    case "token_transfer":
      return tokenTransferRecord(fields, chain, line);
    case "token":
      return tokenRecord(fields, chain, line);
    case "ignored":
      return { kind: "ignored" };
    default:
      return { kind: "skipped", reason: "not an ethereum-etl transaction, token transfer or token" };
  }
}
