import {
  type ChainId,
  chainById,
  defaultTransferSort,
  type EntityTransferRow,
  maxTransferOffset,
  maxTransferPageSize,
  type SleuthClient,
  type TransferFilters,
  type TransferJumpTo,
  type TransferRow,
  type TransferSort,
  transferCsvFields,
  transferCsvRow,
  transferSortColumns,
} from "@sleuth/sdk";
import { type Command, InvalidArgumentError, Option } from "commander";
import { type BatchFormat, batchFormats, createRowWriter } from "../batch/batchWriters.ts";
import { CancelledError, CliError } from "../errors.ts";
import { onInterrupt } from "../interrupt.ts";
import type { CliIo } from "../io.ts";
import { action } from "../session.ts";
import {
  counterpartyFilterOf,
  jumpToOf,
  type TransferSubject,
  timestampFilterOf,
  transferSubjectOf,
} from "../transfers/transferSubject.ts";

interface TransfersFlags {
  chain?: ChainId;
  jumpTo?: string;
  direction?: "in" | "out";
  counterparty?: string;
  since?: string;
  until?: string;
  limit?: number;
  offset?: number;
  sort?: TransferSort;
  format: BatchFormat;
}

/**
 * Rows are written in groups this large: one write per group keeps the stream busy, and a group
 * small enough that few rows are alive at once keeps V8's young generation from growing.
 */
const writeGroup = 25;

function chainOption(value: string): ChainId {
  const chain = chainById(value);
  if (!chain) throw new InvalidArgumentError("not a chain id or symbol (bitcoin or btc, ethereum or eth…)");
  return chain.id;
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError("expected a whole number of 1 or more");
  return number;
}

function offsetOption(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > maxTransferOffset)
    throw new InvalidArgumentError(`expected a whole number from 0 to ${maxTransferOffset}`);
  return number;
}

/** `timestamp`, `usdAmount`, optionally with `:asc` or `:desc` (descending when left out). */
function sortOption(value: string): TransferSort {
  const [column, direction = "desc"] = value.split(":");
  if (
    !(transferSortColumns as readonly string[]).includes(column ?? "") ||
    !["asc", "desc"].includes(direction)
  )
    throw new InvalidArgumentError(`expected ${transferSortColumns.join(" or ")}, optionally :asc or :desc`);
  return { column: column as TransferSort["column"], direction: direction as TransferSort["direction"] };
}

/**
 * 001 §7's offset form (`POST …/flows/{valueType}/transfers` with `offset`, `limit`, `sort`): the
 * rows from `offset` on, a page at a time. Each page costs more the deeper it starts, which is why
 * the plain listing pages by keyset instead.
 */
async function* rowsAtOffset(
  client: SleuthClient,
  subject: TransferSubject,
  request: { filters: TransferFilters; sort: TransferSort; offset: number },
  limit: number,
  signal: AbortSignal,
): AsyncIterable<TransferRow | EntityTransferRow> {
  const fields =
    subject.kind === "address"
      ? { addressChainUrn: subject.urn }
      : subject.kind === "entity"
        ? { entityUrn: subject.urn }
        : { customEntityUrn: subject.urn };
  let offset = request.offset;
  let left = limit;
  while (left > 0 && offset <= maxTransferOffset) {
    const page = await client.transfers.atOffset(
      subject.kind,
      {
        ...fields,
        filters: request.filters,
        sort: request.sort,
        offset,
        limit: Math.min(left, maxTransferPageSize),
      },
      { signal },
    );
    yield* page.rows;
    left -= page.rows.length;
    offset += page.rows.length;
    if (!page.hasMore || page.rows.length === 0) return;
  }
}

/** Every row of the subject's listing through the SDK's auto-pager (newest first unless jumped). */
function rowsOf(
  client: SleuthClient,
  subject: TransferSubject,
  request: { filters: TransferFilters; jumpTo?: TransferJumpTo },
  limit: number,
  signal: AbortSignal,
): AsyncIterable<TransferRow | EntityTransferRow> {
  const options = { limit, signal };
  switch (subject.kind) {
    case "address":
      return client.transfers.iterateAddress({ addressChainUrn: subject.urn, ...request }, options);
    case "entity":
      return client.transfers.iterateEntity({ entityUrn: subject.urn, ...request }, options);
    case "custom-entity":
      return client.transfers.iterateCustomEntity({ customEntityUrn: subject.urn, ...request }, options);
  }
}

/** `sleuth transfers <address|urn>`: a subject's transfer table (001 §2/§4), every page, streamed. */
export function registerTransfers(program: Command, io: CliIo): void {
  program
    .command("transfers")
    .description("list an address's, entity's or custom entity's transfers, newest first, every page")
    .argument("<subject>", "an address, or an address, entity or custom-entity URN")
    .addOption(
      new Option("--chain <chain>", "the address's chain (and a --jump-to hash's)").argParser(chainOption),
    )
    .option(
      "--jump-to <hash|date>",
      "start at this transaction, or at the last transfer at or before this date",
    )
    .addOption(
      new Option("--direction <direction>", "incoming or outgoing transfers only").choices(["in", "out"]),
    )
    .option("--counterparty <urn>", "only transfers with this counterparty address, entity or custom entity")
    .option("--since <date>", "only transfers at or after this date (YYYY-MM-DD or ISO 8601)")
    .option("--until <date>", "only transfers at or before this date (a day includes all of it)")
    .addOption(new Option("--limit <n>", "stop after this many rows").argParser(positiveInteger))
    .addOption(
      new Option(
        "--offset <n>",
        `skip this many rows first (001 §7's offset form, up to ${maxTransferOffset}; slower the deeper it starts)`,
      ).argParser(offsetOption),
    )
    .addOption(
      new Option(
        "--sort <column[:dir]>",
        "timestamp or usdAmount, :asc or :desc (descending by default); uses the offset form",
      ).argParser(sortOption),
    )
    .addOption(
      new Option("--format <format>", "output format")
        .choices(batchFormats)
        .default("csv" satisfies BatchFormat),
    )
    .addHelpText(
      "after",
      `
Rows are 001 §3 transfer rows: amounts in whole units, negative when outgoing; the USD amount is
empty (null in JSON) when there is no price for that day, never 0; the running balance is the
address's balance of the asset after the row. Pages are read one ahead and written as they come,
so memory stays flat however many rows there are. Ctrl-C stops after the rows written.

Examples:
  sleuth transfers 0x28c6c06298d514db089934071355e5743bf21d60 --chain eth --limit 100
  sleuth transfers urn:sleuth:entity:acme --direction out --since 2024-01-01 --format ndjson
  sleuth transfers urn:sleuth:entity:acme --sort usdAmount:desc --offset 100 --limit 30`,
    )
    .action(
      action(io, async (session, command) => {
        const [input] = command.processedArgs as [string];
        const flags = command.opts<TransfersFlags>();
        const { client } = await session.scopedClient();
        const configuration = flags.chain ? null : await client.search.configuration();
        if (configuration?.notice) session.out.warn(configuration.notice);
        const excludedChains = configuration?.excludedChains ?? [];
        const subject = transferSubjectOf(input, flags.chain, excludedChains);
        const filters: TransferFilters = {
          ...(flags.counterparty ? counterpartyFilterOf(flags.counterparty) : {}),
          ...(flags.direction ? { direction: flags.direction === "in" ? "incoming" : "outgoing" } : {}),
        };
        const timestamp = timestampFilterOf(flags.since, flags.until);
        if (timestamp) filters.timestamp = timestamp;
        const jumpChain = subject.kind === "address" ? subject.chain : flags.chain;
        const request = { filters, ...(flags.jumpTo ? { jumpTo: jumpToOf(flags.jumpTo, jumpChain) } : {}) };
        const offsetForm = flags.offset !== undefined || flags.sort !== undefined;
        if (offsetForm && flags.jumpTo)
          throw new CliError(
            "--jump-to starts the newest-first listing at a point: without --offset or --sort",
          );

        const cancel = new AbortController();
        const release = onInterrupt(() => cancel.abort(new CancelledError()));
        const json = flags.format !== "csv";
        const writer = json
          ? createRowWriter(flags.format, io.stdout, [])
          : createRowWriter("csv", io.stdout, transferCsvFields);
        let group: (TransferRow | EntityTransferRow)[] = [];
        const flush = async () => {
          const rows = group;
          group = [];
          // JSON and NDJSON write the 001 §3 rows as they are; only CSV flattens them to cells.
          if (json) await (writer.write as (rows: readonly unknown[]) => Promise<void>)(rows);
          else await writer.write(rows.map(transferCsvRow));
        };
        try {
          const limit = flags.limit ?? Number.POSITIVE_INFINITY;
          const rows = offsetForm
            ? rowsAtOffset(
                client,
                subject,
                { filters, sort: flags.sort ?? defaultTransferSort, offset: flags.offset ?? 0 },
                limit,
                cancel.signal,
              )
            : rowsOf(client, subject, request, limit, cancel.signal);
          for await (const row of rows) {
            group.push(row);
            if (group.length >= writeGroup) await flush();
          }
          await flush();
        } catch (error) {
          if (cancel.signal.aborted) {
            await writer.end();
            throw new CancelledError();
          }
          throw error;
        } finally {
          release();
        }
        await writer.end();
      }),
    );
}
