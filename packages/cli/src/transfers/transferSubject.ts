import {
  type ChainId,
  counterpartyUrnFilter,
  earliestDate,
  filterMessages,
  instantOfDateInput,
  jumpToInput,
  parseUrn,
  recognizeIdentifier,
  type TransferFilters,
  type TransferJumpTo,
} from "@sleuth/sdk";
import { CliError } from "../errors.ts";

/** Whose transfers `sleuth transfers` lists. */
export type TransferSubject =
  | { kind: "address"; urn: string; chain: ChainId }
  | { kind: "entity"; urn: string }
  | { kind: "custom-entity"; urn: string };

/**
 * An address (on --chain, or the one chain it fits among those the server holds data on) or an
 * address, entity or custom-entity URN.
 */
export function transferSubjectOf(
  input: string,
  chain: ChainId | undefined,
  excludedChains: readonly ChainId[],
): TransferSubject {
  const parts = parseUrn(input.trim());
  if (parts?.kind === "entity") return { kind: "entity", urn: input.trim() };
  if (parts?.kind === "custom-entity") return { kind: "custom-entity", urn: input.trim() };
  const addresses = recognizeIdentifier(input, {
    recognizeInet: false,
    excludedChains: chain ? [] : excludedChains,
  }).filter((identifier) => identifier.kind === "address" && (!chain || identifier.chain === chain));
  const [only] = addresses;
  if (!only?.chain)
    throw new CliError(
      `not an address${chain ? ` on ${chain}` : ""}, nor an entity or custom-entity URN: ${input}`,
    );
  if (addresses.length > 1)
    throw new CliError(`${input} is an address on several chains`, {
      hint: `name one with --chain (${addresses.map((address) => address.chain).join(", ")})`,
    });
  return { kind: "address", urn: only.urn, chain: only.chain };
}

/** A --since/--until date: a day (its first millisecond, or its last for --until) or an instant. */
function instantOf(text: string, flag: "--since" | "--until"): string {
  const instant = instantOfDateInput(text, flag === "--since" ? "start" : "end");
  if (instant === null) throw new CliError(`${flag}: ${filterMessages.invalidDate}: ${text}`);
  return instant;
}

/**
 * 000 §5: a date filter is a two-value range. Our choice for the CLI: --since alone runs to now,
 * --until alone from 001 §9's earliest date; a day given to --until includes that whole day.
 */
export function timestampFilterOf(
  since: string | undefined,
  until: string | undefined,
  now: Date = new Date(),
): TransferFilters["timestamp"] {
  if (since === undefined && until === undefined) return undefined;
  const gte = instantOf(since ?? earliestDate, "--since");
  const lte = until === undefined ? now.toISOString() : instantOf(until, "--until");
  if (gte > lte) throw new CliError("--since is after --until");
  return { gte, lte };
}

/** --jump-to, read as the console's box reads it (000 §5: a hash takes the address's chain). */
export function jumpToOf(text: string, chain: ChainId | undefined): TransferJumpTo {
  const jump = jumpToInput(text, chain);
  if (jump.kind === "invalid") throw new CliError(`--jump-to: ${jump.message}: ${text}`);
  if (jump.kind === "clear") throw new CliError("--jump-to needs a transaction hash or a date");
  return jump.jumpTo;
}

/** --counterparty: an address URN filters by address, an entity or custom-entity URN by entity. */
export function counterpartyFilterOf(urn: string): TransferFilters {
  const filter = counterpartyUrnFilter(urn);
  if (filter === null)
    throw new CliError(`--counterparty needs an address, entity or custom-entity URN: ${urn}`);
  return filter;
}
