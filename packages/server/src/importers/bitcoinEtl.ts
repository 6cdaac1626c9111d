import {
  type AddressForm,
  type AddressType,
  addressTypeOfForm,
  type ChainId,
  chainInfo,
  decodeAddress,
  isValidTransactionHash,
  normalizeTransactionHash,
} from "@sleuth/sdk";
import { amount, type FieldBag, text, timestamp, unsignedInteger } from "./fieldValues.ts";
import type { AddressFact, LedgerRecord, TransferSide } from "./ledgerRecords.ts";
import { opReturnData, payToPubkeyCompressed, spendProperties } from "./utxoScript.ts";

// bitcoin-etl transactions (https://github.com/blockchain-etl/bitcoin-etl#schema), one JSON object
// per line, for bitcoin and the chains exported the same way (litecoin, dogecoin, bitcoin-cash).

export type BitcoinEtlResult =
  | { kind: "ledger"; record: LedgerRecord }
  | { kind: "ignored" }
  | { kind: "skipped"; reason: string };

interface Party {
  address: string;
  /** Paid in by outputs minus paid out by inputs, in satoshi-like units. */
  net: bigint;
}

function listOf(value: unknown): FieldBag[] {
  return Array.isArray(value)
    ? value.filter((item): item is FieldBag => typeof item === "object" && item !== null)
    : [];
}

/** The one address of an input or output, canonical; null for bare multisig, pseudo-addresses and invalid ones. */
function soleAddress(chain: ChainId, entry: FieldBag): { address: string; form: AddressForm | null } | null {
  const addresses = entry.addresses;
  if (!Array.isArray(addresses) || addresses.length !== 1 || typeof addresses[0] !== "string") return null;
  const decoded = decodeAddress(chain, addresses[0].trim());
  return decoded && { address: decoded.canonical, form: decoded.form };
}

function factOf(
  entry: FieldBag,
  sole: { address: string; form: AddressForm | null },
  spend: boolean,
): AddressFact {
  const exportedType = text(entry, "type");
  const type: AddressType =
    exportedType === "pubkey" ? "pubkey" : (sole.form && addressTypeOfForm[sole.form]) || "nonstandard";
  const properties = spend
    ? spendProperties(text(entry, "script_hex"), type)
    : {
        multisig: null,
        publicKeyCompressed: type === "pubkey" ? payToPubkeyCompressed(text(entry, "script_hex")) : null,
      };
  return { address: sole.address, type, certain: true, ...properties };
}

// Beyond this many sender-receiver pairs (a large CoinJoin) a transaction keeps one row per address.
const maxEdges = 2_500;

function byAmount(a: { address: string; amount: bigint }, b: { address: string; amount: bigint }): number {
  if (a.amount !== b.amount) return a.amount > b.amount ? -1 : 1;
  return a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
}

/**
 * A UTXO transaction's transfer rows, as the demo world writes them (docs/DATA.md): one edge per
 * sender and receiver, each receiver's amount shared among the senders in proportion to what each
 * put in, written as the sender's outgoing and the receiver's incoming row. Amounts are netted per
 * address first, so change paid back to an input address is not a transfer. The fee stays on the
 * transaction. When some inputs are unknown (not enriched with their previous output, or bare
 * multisig), the share they paid is an incoming row without counterparty. A transaction with more
 * than `maxEdges` pairs keeps one row per address, its counterparty the largest party opposite.
 */
export function utxoSides(parties: readonly Party[], allInputsKnown: boolean): TransferSide[] {
  const senders = parties
    .filter((party) => party.net < 0n)
    .map((party) => ({ address: party.address, amount: -party.net }))
    .sort(byAmount);
  const receivers = parties
    .filter((party) => party.net > 0n)
    .map((party) => ({ address: party.address, amount: party.net }))
    .sort(byAmount);
  if (senders.length * receivers.length > maxEdges) {
    return [
      ...senders.map(
        (sender): TransferSide => ({
          address: sender.address,
          counterparty: receivers[0]?.address ?? null,
          direction: "outgoing",
          amount: sender.amount,
        }),
      ),
      ...receivers.map(
        (receiver): TransferSide => ({
          address: receiver.address,
          counterparty: senders[0]?.address ?? null,
          direction: "incoming",
          amount: receiver.amount,
        }),
      ),
    ];
  }
  const paidIn = senders.reduce((sum, sender) => sum + sender.amount, 0n);
  const paidOut = receivers.reduce((sum, receiver) => sum + receiver.amount, 0n);
  // biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigints
  const base = paidIn > paidOut ? paidIn : paidOut;
  const sides: TransferSide[] = [];
  for (const receiver of receivers) {
    const shares = senders.map((sender) => (receiver.amount * sender.amount) / base);
    let left = receiver.amount - shares.reduce((sum, share) => sum + share, 0n);
    // Rounding leftovers go to the largest sender when every input is known.
    if (allInputsKnown && paidIn >= paidOut && shares.length > 0) {
      shares[0]! += left;
      left = 0n;
    }
    senders.forEach((sender, index) => {
      const amount = shares[index]!;
      if (amount <= 0n) return;
      sides.push({ address: sender.address, counterparty: receiver.address, direction: "outgoing", amount });
      sides.push({ address: receiver.address, counterparty: sender.address, direction: "incoming", amount });
    });
    if (left > 0n)
      sides.push({ address: receiver.address, counterparty: null, direction: "incoming", amount: left });
  }
  return sides;
}

/**
 * Issue 39: bitcoin-etl's `is_coinbase` (a boolean, or its text); without it, whether the
 * transaction spends nothing (a coinbase has no inputs in the export); null when neither says.
 */
function coinbaseOf(fields: FieldBag): boolean | null {
  const flag = fields.is_coinbase;
  if (typeof flag === "boolean") return flag;
  if (flag === "true" || flag === "false") return flag === "true";
  if (Array.isArray(fields.inputs)) return fields.inputs.length === 0;
  return null;
}

/** One bitcoin-etl transaction line as ledger data. */
export function bitcoinEtlRecord(fields: FieldBag, chain: ChainId, line: number): BitcoinEtlResult {
  if (chainInfo(chain).family !== "utxo") return { kind: "skipped", reason: `${chain} is not a UTXO chain` };
  const type = text(fields, "type");
  if (type !== null && type !== "transaction") return { kind: "ignored" };
  const rawHash = text(fields, "hash");
  if (rawHash === null || !isValidTransactionHash(chain, rawHash)) {
    return { kind: "skipped", reason: `hash is not a transaction id: ${rawHash ?? "(empty)"}` };
  }
  const blockNumber = unsignedInteger(text(fields, "block_number"));
  if (blockNumber === null) return { kind: "skipped", reason: "block_number is not a block number" };
  const time = timestamp(text(fields, "block_timestamp"));
  if (time === null) return { kind: "skipped", reason: "block_timestamp is not a time" };
  if (!Array.isArray(fields.outputs)) return { kind: "skipped", reason: "outputs is missing" };

  const nets = new Map<string, bigint>();
  const facts = new Map<string, AddressFact>();
  let opReturn: string | null = null;
  for (const output of listOf(fields.outputs)) {
    const value = amount(text(output, "value"));
    if (value === null)
      return { kind: "skipped", reason: `output ${text(output, "index") ?? "?"} has no whole value` };
    opReturn ??= opReturnData(text(output, "script_hex"));
    const sole = soleAddress(chain, output);
    if (sole === null) continue;
    nets.set(sole.address, (nets.get(sole.address) ?? 0n) + value);
    if (!facts.has(sole.address)) facts.set(sole.address, factOf(output, sole, false));
  }
  let allInputsKnown = true;
  for (const input of listOf(fields.inputs)) {
    const value = amount(text(input, "value"));
    const sole = soleAddress(chain, input);
    if (value === null || sole === null) {
      allInputsKnown = false;
      continue;
    }
    nets.set(sole.address, (nets.get(sole.address) ?? 0n) - value);
    const fact = factOf(input, sole, true);
    const known = facts.get(sole.address);
    // What a spend reveals (multisig, key compression) is worth more than what an output shows.
    if (!known || fact.multisig !== null || fact.publicKeyCompressed !== null) facts.set(sole.address, fact);
  }
  const sides = utxoSides(
    [...nets].map(([address, net]) => ({ address, net })),
    allInputsKnown,
  );
  return {
    kind: "ledger",
    record: {
      line,
      chain,
      hash: normalizeTransactionHash(chain, rawHash),
      blockNumber: blockNumber.toString(),
      timestamp: time,
      feeRaw: amount(text(fields, "fee")),
      opReturn,
      coinbase: coinbaseOf(fields),
      movements: sides.length > 0 ? [{ key: "utxo", asset: "native", sides }] : [],
      addresses: [...facts.values()],
      defines: "transaction",
    },
  };
}
