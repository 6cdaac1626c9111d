import { chainById, defaultChain, isValidTransactionHash, transactionUrn } from "../chains/index.ts";
import { filterMessages } from "./messages.ts";

export type JumpToTransaction =
  | { kind: "clear" }
  | { kind: "jump"; transactionUrn: string }
  | { kind: "invalid"; message: string };

/**
 * 000 §5 jump-to-transaction: empty input clears the jump; otherwise the hash is combined with the
 * chain of the address (id or symbol), defaulting to btc, into a transaction URN. Choice: an unknown
 * chain also falls back to btc, and a hash that is not valid on that chain is refused rather than sent.
 */
export function jumpToTransaction(input: string, addressChain?: string | null): JumpToTransaction {
  const hash = input.trim();
  if (hash === "") return { kind: "clear" };
  const chain = (addressChain ? chainById(addressChain)?.id : undefined) ?? defaultChain;
  if (!isValidTransactionHash(chain, hash))
    return { kind: "invalid", message: filterMessages.invalidTransactionHash };
  return { kind: "jump", transactionUrn: transactionUrn(chain, hash) };
}
