import {
  type ChainId,
  earliestDate,
  jumpToTransaction,
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

/** A --since/--until date: a day (UTC midnight) or an instant. */
function instantOf(text: string, flag: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  const time = Date.parse(day);
  if (Number.isNaN(time))
    throw new CliError(`${flag} is not a date: ${text}`, { hint: "use YYYY-MM-DD or an ISO 8601 time" });
  return new Date(time).toISOString();
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
  const gte = since === undefined ? `${earliestDate}T00:00:00.000Z` : instantOf(since, "--since");
  const lte =
    until === undefined
      ? now.toISOString()
      : /^\d{4}-\d{2}-\d{2}$/.test(until)
        ? new Date(Date.parse(instantOf(until, "--until")) + 86_399_999).toISOString()
        : instantOf(until, "--until");
  if (gte > lte) throw new CliError("--since is after --until");
  return { gte, lte };
}

/**
 * --jump-to: a date or time jumps to it; anything else is a transaction hash on the address's chain
 * (000 §5: the hash takes the address's chain; an entity's, --chain or the default).
 */
export function jumpToOf(text: string, chain: ChainId | undefined): TransferJumpTo {
  if (/^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(text.trim())) {
    const time = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()}T23:59:59.999Z` : text.trim();
    if (Number.isNaN(Date.parse(time))) throw new CliError(`--jump-to is not a date: ${text}`);
    return { timestamp: new Date(Date.parse(time)).toISOString() };
  }
  const jump = jumpToTransaction(text, chain);
  if (jump.kind === "invalid") throw new CliError(`--jump-to: ${jump.message}`);
  if (jump.kind === "clear") throw new CliError("--jump-to needs a transaction hash or a date");
  return { transactionUrn: jump.transactionUrn };
}

/** --counterparty: an address URN filters by address, an entity or custom-entity URN by entity. */
export function counterpartyFilterOf(urn: string): TransferFilters {
  const parts = parseUrn(urn.trim());
  if (parts?.kind === "address") return { counterpartyAddress: [urn.trim()] };
  if (parts?.kind === "entity" || parts?.kind === "custom-entity")
    return { counterpartyEntity: [urn.trim()] };
  throw new CliError(`--counterparty needs an address, entity or custom-entity URN: ${urn}`);
}
