import { flowMessages, subjectFieldsFor } from "@sleuth/sdk";
import { type Command, Option } from "commander";
import { resolveCliSubject } from "../flows/flowSubject.ts";
import {
  categoryDailyColumns,
  dailyFlowColumns,
  riskDailyColumns,
  riskRatioColumns,
} from "../flows/flowTables.ts";
import type { CliIo } from "../io.ts";
import { renderTable } from "../output/table.ts";
import { action } from "../session.ts";
import { txDateOf } from "./counterparties.ts";

const views = ["risk", "category", "ratios", "flows"] as const;
type View = (typeof views)[number];

/**
 * `sleuth exposure <subject>`: the subject's money over time (000 §7 daily calls), one row per UTC
 * day (YYYY-MM-DD) and risk label, category or direction. A table on a terminal, JSON otherwise.
 */
export function registerExposure(program: Command, io: CliIo): void {
  program
    .command("exposure")
    .description("show a subject's daily exposure by counterparty risk or category, or its daily flows")
    .argument(
      "<subject>",
      "an address (with --chain when its form fits several), or an address, entity or custom-entity URN",
    )
    .option("--chain <chain>", "the address's chain")
    .addOption(new Option("--by <view>", "what each row is about").choices(views).default("risk"))
    .option("--since <date>", "from this day (YYYY-MM-DD)")
    .option("--until <date>", "up to this day, inclusive (YYYY-MM-DD)")
    .option("--json", "print the rows as JSON (the default off a terminal)")
    .addHelpText(
      "after",
      `
Views: risk (USD per day and risk label), category (USD per day and counterparty category),
ratios (each label's share of the day's volume), flows (USD received and sent per day).

Examples:
  sleuth exposure urn:sleuth:entity:binance --by category --since 2025-01-01
  sleuth exposure 1BoatSLRHtKNngkdXEeobR76b53LETtpyT --by flows --json | jq length`,
    )
    .action(
      action(io, async (session, command) => {
        const [input] = command.processedArgs as [string];
        const options = command.opts<{
          chain?: string;
          by: View;
          since?: string;
          until?: string;
          json?: boolean;
        }>();
        const { client } = await session.scopedClient();
        const subject = await resolveCliSubject(client, input, options.chain);
        const request = { ...subjectFieldsFor(subject.valueType, subject.urn), txDate: txDateOf(options) };
        const table = !options.json && session.out.tty;
        let count: number;
        if (options.by === "flows") {
          const rows =
            (await client.flows.summary(subject.valueType, { ...request, includeDaily: true })).daily ?? [];
          count = rows.length;
          if (!table) session.out.json(rows);
          else if (count > 0) session.out.data(renderTable(rows, dailyFlowColumns, session.out));
        } else if (options.by === "category") {
          const rows = await client.flows.categoryDaily(subject.valueType, request);
          count = rows.length;
          if (!table) session.out.json(rows);
          else if (count > 0) session.out.data(renderTable(rows, categoryDailyColumns, session.out));
        } else if (options.by === "ratios") {
          const rows = await client.flows.riskRatiosDaily(subject.valueType, request);
          count = rows.length;
          if (!table) session.out.json(rows);
          else if (count > 0) session.out.data(renderTable(rows, riskRatioColumns, session.out));
        } else {
          const rows = await client.flows.riskDaily(subject.valueType, request);
          count = rows.length;
          if (!table) session.out.json(rows);
          else if (count > 0) session.out.data(renderTable(rows, riskDailyColumns, session.out));
        }
        if (count === 0) session.out.info(flowMessages.noFlows);
      }),
    );
}
