import { chainById, defaultChain } from "../chains/chainRegistry.ts";
import { isValidTransactionHash } from "../chains/transactionHash.ts";
import { transactionUrn } from "../chains/urn.ts";
import type { TransferJumpTo } from "../transfers/transferTable.ts";
import { instantOfDateInput, looksLikeDateInput } from "./dateFilter.ts";
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

export type JumpToInput =
  | { kind: "clear" }
  | { kind: "jump"; jumpTo: TransferJumpTo }
  | { kind: "invalid"; message: string };

/**
 * 000 §5 jump-to, as the console's box and the CLI's --jump-to read it: a date (YYYY-MM-DD) jumps to
 * the end of that day, an ISO 8601 time to that instant; anything else is a transaction hash
 * (jumpToTransaction above). Empty clears the jump.
 */
export function jumpToInput(input: string, addressChain?: string | null): JumpToInput {
  if (looksLikeDateInput(input)) {
    const timestamp = instantOfDateInput(input, "end");
    return timestamp === null
      ? { kind: "invalid", message: filterMessages.invalidDate }
      : { kind: "jump", jumpTo: { timestamp } };
  }
  const jump = jumpToTransaction(input, addressChain);
  return jump.kind === "jump" ? { kind: "jump", jumpTo: { transactionUrn: jump.transactionUrn } } : jump;
}
