import {
  type CounterpartyFilters,
  type CounterpartyKind,
  type CounterpartyRow,
  counterpartyFieldOf,
  counterpartyFlowsPageSize,
  counterpartyKinds,
  counterpartyRowName,
  flowMessages,
  hasCounterpartyFilters,
  type NumberFilter,
  rangeOnlyOperators,
  subjectFieldsFor,
  type TxDateRange,
} from "@sleuth/sdk";
import { type Command, InvalidArgumentError, Option } from "commander";
import { CliError } from "../errors.ts";
import { counterpartyUrnFlag, numberFilterFlag } from "../filterFlags.ts";
import { resolveCliSubject } from "../flows/flowSubject.ts";
import { counterpartyColumns } from "../flows/flowTables.ts";
import type { CliIo } from "../io.ts";
import { integerIn } from "../numberOptions.ts";
import { renderTable } from "../output/table.ts";
import { action } from "../session.ts";

function riskLevel(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 5)
    throw new InvalidArgumentError("a risk score level, 0 to 5");
  return number;
}

/** The txDate range of --since and --until (YYYY-MM-DD or an instant; the SDK checks both). */
export function txDateOf(options: { since?: string; until?: string }): TxDateRange | undefined {
  if (options.since === undefined && options.until === undefined) return undefined;
  return { gte: options.since, lte: options.until };
}

/**
 * `sleuth counterparties <subject>`: 002 §7 counterparty flows, largest volume first, page after page
 * of 30 up to --limit. A table on a terminal, JSON otherwise.
 */
export function registerCounterparties(program: Command, io: CliIo): void {
  program
    .command("counterparties")
    .description("list who a subject moved funds with, largest volume first")
    .argument(
      "<subject>",
      "an address (with --chain when its form fits several), or an address, entity or custom-entity URN",
    )
    .option("--chain <chain>", "the address's chain")
    .option("--named", "named entities only (unattributed addresses left out)")
    .option("--risk <level>", "counterparties at this risk score level or above (0-5)", riskLevel)
    .option("--since <date>", "transfers from this day (YYYY-MM-DD)")
    .option("--until <date>", "transfers up to this day, inclusive (YYYY-MM-DD)")
    .option(
      "--transfers <filter>",
      "transfer count filter: >=N, <=N, =N or !=N (000 §5 equal, not equal, at least, at most)",
      numberFilterFlag(),
    )
    .option(
      "--volume <filter>",
      "total USD volume filter: >=X or <=X (an unknown volume never matches)",
      numberFilterFlag(rangeOnlyOperators),
    )
    .option("--counterparty <urn>", "only this counterparty (an address or entity URN)", counterpartyUrnFlag)
    .addOption(
      new Option(
        "--kind <kind>",
        "every counterparty of one kind (000 §7 by-counterparty-{kind}): an address list also holds attributed addresses",
      ).choices(counterpartyKinds),
    )
    .option("--limit <n>", "at most this many counterparties", integerIn(1, Number.MAX_SAFE_INTEGER), 100)
    .option("--assets", "with each row, the chains and assets moved with that counterparty (JSON)")
    .option("--json", "print the rows as JSON (the default off a terminal)")
    .addHelpText(
      "after",
      `
USD is "no price" (null in JSON) when the store has no price for what moved.

Examples:
  sleuth counterparties urn:sleuth:entity:binance --named --limit 10
  sleuth counterparties urn:sleuth:entity:binance --transfers '>=10' --volume '>=1000'
  sleuth counterparties urn:sleuth:entity:binance --kind address
  sleuth counterparties 0x28c6c06298d514db089934071355e5743bf21d60 --chain ethereum --json`,
    )
    .action(
      action(io, async (session, command) => {
        const [input] = command.processedArgs as [string];
        const options = command.opts<{
          chain?: string;
          named?: boolean;
          risk?: number;
          since?: string;
          until?: string;
          limit: number;
          assets?: boolean;
          json?: boolean;
          transfers?: NumberFilter;
          volume?: NumberFilter;
          counterparty?: string;
          kind?: CounterpartyKind;
        }>();
        const filters: CounterpartyFilters = {
          ...(options.transfers ? { totalTransfers: options.transfers } : {}),
          ...(options.volume ? { totalVolumeUsd: options.volume } : {}),
          ...(options.counterparty ? { counterpartyUrn: [options.counterparty] } : {}),
        };
        if (options.kind && (options.named || options.risk !== undefined || hasCounterpartyFilters(filters)))
          throw new CliError(
            "--kind lists every counterparty of one kind: without --named, --risk or filters",
            {
              hint: "drop --kind to filter the counterparty summary",
            },
          );
        const { client } = await session.scopedClient();
        const subject = await resolveCliSubject(client, input, options.chain);
        const fields = subjectFieldsFor(subject.valueType, subject.urn);
        const rows: CounterpartyRow[] = [];
        if (options.kind) {
          // 000 §7 by-counterparty-{kind}: page along the server's cursor.
          let after: string | undefined;
          do {
            const page = await client.flows.byCounterparty(subject.valueType, options.kind, {
              ...fields,
              txDate: txDateOf(options),
              pageSize: Math.min(100, options.limit - rows.length),
              ...(after ? { after } : {}),
            });
            rows.push(...page.rows);
            after = page.nextCursor ?? undefined;
          } while (after && rows.length < options.limit);
        } else
          for (let offset = 0; rows.length < options.limit; offset += counterpartyFlowsPageSize) {
            const page = await client.flows.counterpartySummary(subject.valueType, {
              ...fields,
              includeNamedEntitiesOnly: options.named ?? false,
              riskScoreLevel: options.risk,
              txDate: txDateOf(options),
              ...(hasCounterpartyFilters(filters) ? { filters } : {}),
              offset,
              limit: counterpartyFlowsPageSize,
            });
            rows.push(...page.rows);
            if (!page.hasMore) break;
          }
        const shown = rows.slice(0, options.limit);
        // Issue 39: each row with its name by the SDK's one rule (null for an unnamed address).
        // 000 §7 chain assets by counterparty (…/chain-assets/…/by-counterparty-{kind}/info), asked for.
        const assets = options.assets
          ? await Promise.all(
              shown.map((row) =>
                client.flows.chainAssets(subject.valueType, row.counterpartyType, {
                  ...subjectFieldsFor(subject.valueType, subject.urn),
                  [counterpartyFieldOf[row.counterpartyType]]: row.counterpartyUrn,
                }),
              ),
            )
          : null;
        if (options.json || options.assets || !session.out.tty)
          session.out.json(
            shown.map((row, index) => ({
              ...row,
              counterpartyName: counterpartyRowName(row),
              ...(assets ? { assets: assets[index] } : {}),
            })),
          );
        else if (shown.length > 0) session.out.data(renderTable(shown, counterpartyColumns, session.out));
        if (shown.length === 0) session.out.info(flowMessages.noCounterparties);
      }),
    );
}
