import {
  type ChainId,
  chainById,
  type EntityTransferRow,
  type SleuthClient,
  type TransferFilters,
  type TransferJumpTo,
  type TransferRow,
  transferCsvFields,
  transferCsvRow,
} from "@sleuth/sdk";
import { type Command, InvalidArgumentError, Option } from "commander";
import { type BatchFormat, batchFormats, createRowWriter } from "../batch/batchWriters.ts";
import { CancelledError } from "../errors.ts";
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
  sleuth transfers urn:sleuth:entity:acme --direction out --since 2024-01-01 --format ndjson`,
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
          for await (const row of rowsOf(
            client,
            subject,
            request,
            flags.limit ?? Number.POSITIVE_INFINITY,
            cancel.signal,
          )) {
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
