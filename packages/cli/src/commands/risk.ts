import {
  flowMessages,
  maxCategoryRiskScoreLevel,
  type NumberFilter,
  type RiskRowFilters,
  rangeOnlyOperators,
  subjectFieldsFor,
} from "@sleuth/sdk";
import type { Command } from "commander";
import { numberFilterFlag } from "../filterFlags.ts";
import { resolveCliSubject } from "../flows/flowSubject.ts";
import { riskIndicatorColumns } from "../flows/flowTables.ts";
import type { CliIo } from "../io.ts";
import { renderTable } from "../output/table.ts";
import { action } from "../session.ts";

/**
 * `sleuth risk <subject>`: the 001 §3 risk rows of a subject, riskiest first, with the table's 000 §5
 * header filters as flags. A table on a terminal, JSON (with each row's details) otherwise.
 */
export function registerRisk(program: Command, io: CliIo): void {
  program
    .command("risk")
    .description("list a subject's risk indicators (001 §3 risk rows), riskiest first")
    .argument("<subject>", "an address, entity or custom-entity URN (or an address with --chain)")
    .option("--chain <chain>", "the address's chain")
    .option(
      "--level <filter>",
      `risk level (0-${maxCategoryRiskScoreLevel}) filter: >=N, <=N, =N or !=N (000 §5 operators)`,
      numberFilterFlag(),
    )
    .option("--instances <filter>", "instances filter: >=N, <=N, =N or !=N", numberFilterFlag())
    .option(
      "--volume <filter>",
      "total USD volume filter: >=X or <=X (an unknown volume never matches)",
      numberFilterFlag(rangeOnlyOperators),
    )
    .option("--json", "print the rows as JSON (the default off a terminal)")
    .addHelpText(
      "after",
      `
Examples:
  sleuth risk urn:sleuth:entity:binance
  sleuth risk urn:sleuth:entity:binance --level '>=10' --volume '>=1000'`,
    )
    .action(
      action(io, async (session, command) => {
        const [input] = command.processedArgs as [string];
        const options = command.opts<{
          chain?: string;
          level?: NumberFilter;
          instances?: NumberFilter;
          volume?: NumberFilter;
          json?: boolean;
        }>();
        const filters: RiskRowFilters = {
          ...(options.level ? { categoryRiskScoreLevel: options.level } : {}),
          ...(options.instances ? { instances: options.instances } : {}),
          ...(options.volume ? { totalVolumeUsd: options.volume } : {}),
        };
        const { client } = await session.scopedClient();
        const subject = await resolveCliSubject(client, input, options.chain);
        const rows = await client.flows.riskIndicators(subject.valueType, {
          ...subjectFieldsFor(subject.valueType, subject.urn),
          ...(Object.keys(filters).length > 0 ? { filters } : {}),
        });
        if (options.json || !session.out.tty) session.out.json(rows);
        else if (rows.length > 0) session.out.data(renderTable(rows, riskIndicatorColumns, session.out));
        if (rows.length === 0)
          session.out.info(
            Object.keys(filters).length > 0
              ? flowMessages.noRiskIndicatorsFiltered
              : flowMessages.noRiskIndicators,
          );
      }),
    );
}
