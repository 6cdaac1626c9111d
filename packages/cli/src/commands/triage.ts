import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  featureFlagDefaults,
  isApiError,
  type SleuthClient,
  triageChecklist,
  triageChecklistFacts,
  triageChecklistItems,
  triageChecklistLabels,
  triageInsightTitles,
  triageMessages,
  triageProgressPreferenceKey,
  triageProgressSchema,
  triageReportLanguage,
  triageSummaryView,
} from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { action } from "../session.ts";
import { addressSubjectOf } from "./addressSubject.ts";

function registerReport(triage: Command, io: CliIo): void {
  triage
    .command("report")
    .description("write an address's triage report: the 8-column CSV the console downloads")
    .argument("<address>", "the address to report on")
    .option("--chain <chain>", "its chain (default: the first chain the address fits, e.g. ethereum for 0x)")
    .option("--locale <locale>", "date language: en, zh, de, es, fr or pt (others give en)", "en")
    .option("-o, --output <file>", "write to this file ('-' for stdout; default: the report's own name)")
    .addHelpText(
      "after",
      `
The file is named by chain and address (002 §9), e.g. ethereum_0xab….csv, in the current directory;
its path is printed on stderr. An invalid address exits 1 before any request.

Examples:
  sleuth triage report 0x28c6c06298d514db089934071355e5743bf21d60
  sleuth triage report bc1q… --chain bitcoin --locale de -o report.csv`,
    )
    .action(
      action(io, async (session, command) => {
        const [address] = command.processedArgs as [string];
        const options = command.opts<{ chain?: string; locale: string; output?: string }>();
        const { client } = await session.scopedClient();
        const subject = await addressSubjectOf(session, client, address, options.chain);
        const report = await client.triage.report(subject.chain, subject.address, {
          language: triageReportLanguage(options.locale),
        });
        if (options.output === "-") {
          session.out.data(report.csv);
          return;
        }
        const path = options.output ?? report.fileName;
        await writeFile(resolve(io.cwd, path), report.csv);
        session.out.info(`wrote ${report.rows.length} rows to ${path}`);
      }),
    );
}

/** 002 §3: this user's checklist progress on the address, as the console mirrors it. */
async function progressOf(client: SleuthClient, urn: string) {
  const preferences = await client.preferences.list();
  const stored = preferences.find((preference) => preference.key === triageProgressPreferenceKey);
  const value = (stored?.value ?? {}) as Record<string, unknown>;
  const parsed = triageProgressSchema.safeParse(value[urn] ?? {});
  return parsed.success ? parsed.data : {};
}

/** 002 §4: the records the checklist reads: flags, interests, victim reports and detectors. */
async function checklistRecords(client: SleuthClient, urn: string) {
  const [flags, interests, victimReports, detectors] = await Promise.all([
    client.flags.list({ trmResourceUrn: urn }),
    client.interests.ofElement(urn),
    // An address the store has never seen has no reports (the call answers 404).
    client.observations
      .scamReports(urn)
      .catch((error: unknown) => (isApiError(error) && error.status === 404 ? [] : Promise.reject(error))),
    client.detectors.list({ addressUrn: urn }),
  ]);
  return { flags: flags.flags, interests, victimReports, detectors };
}

function registerSummary(triage: Command, io: CliIo): void {
  triage
    .command("summary")
    .description("print an address's triage summary: the six insights and the action checklist")
    .argument("<address>", "the address to summarise")
    .option("--chain <chain>", "its chain (default: the first chain the address fits)")
    .option("--json", "print {subject, insights, noActivity, checklist} as JSON (the default off a terminal)")
    .action(
      action(io, async (session, command) => {
        const [address] = command.processedArgs as [string];
        const options = command.opts<{ chain?: string; json?: boolean }>();
        const { client, organization } = await session.scopedClient();
        const subject = await addressSubjectOf(session, client, address, options.chain);
        const calls = client.triage.summaryCalls(subject.urn);
        const [risk, attribution, metrics, flags, progress, me, records] = await Promise.all([
          calls.risk,
          calls.attribution,
          calls.metrics,
          organization ? client.featureFlags.get(organization.uuid, "cli") : { ...featureFlagDefaults },
          progressOf(client, subject.urn),
          client.auth.userInfo(),
          checklistRecords(client, subject.urn),
        ]);
        const view = triageSummaryView(
          { risk, attribution, metrics },
          { indirectExposureEnabled: flags.triageIndirectExposure },
        );
        const checklist = triageChecklist({
          progress,
          ...triageChecklistFacts(records, me),
          features: {
            flagToPrivateSector: flags.triageFlagToPrivateSector,
            indicateInterest: flags.triageIndicateInterest,
            hideExchangeActions: flags.triageHideExchangeActions,
            hideDetectorActions: flags.triageHideDetectorActions,
          },
        });
        const items = triageChecklistItems
          .filter((item) => checklist[item].visible)
          .map((item) => ({
            item,
            label: triageChecklistLabels[item],
            completed: checklist[item].completed,
          }));
        if (options.json || !session.out.tty) {
          session.out.json({
            subject,
            insights: view.insights,
            noActivity: view.noActivity,
            checklist: items,
          });
        } else {
          const lines = [`${subject.address} on ${subject.chain}`, ""];
          if (view.noActivity) lines.push(triageMessages.noActivity);
          for (const insight of view.visible)
            lines.push(`• ${triageInsightTitles[insight.insight]}: ${insight.text}`);
          lines.push("", "Actions");
          for (const entry of items) lines.push(`[${entry.completed ? "x" : " "}] ${entry.label}`);
          session.out.data(`${lines.join("\n")}\n`);
        }
        const failed = view.insights.filter((insight) => insight.state === "error");
        if (failed.length > 0)
          throw new CliError(
            `could not read: ${failed.map((insight) => triageInsightTitles[insight.insight]).join(", ")}`,
          );
      }),
    );
}

/** `sleuth triage report|summary`: triage (002 §2) for CI jobs and the terminal. */
export function registerTriage(program: Command, io: CliIo): void {
  const triage = program.command("triage").description("triage an address: its report (CSV) and summary");
  registerReport(triage, io);
  registerSummary(triage, io);
}
