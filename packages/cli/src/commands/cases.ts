import { type CaseRecord, casesDefaultLimit, createCaseRequestSchema } from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { type Column, renderPairs, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";

function caseColumns(tty: boolean): Column<CaseRecord>[] {
  return [
    { header: "id", value: (item) => item.id, shrink: false },
    { header: "name", value: (item) => item.name },
    { header: "owner", value: (item) => item.owner?.email ?? "" },
    { header: "shared", value: (item) => (item.isSharedWithOrg ? "yes" : "no") },
    { header: "elements", value: (item) => String(item.relatables?.length ?? 0) },
    { header: "updated", value: (item) => formatTime(item.updatedAt, tty) },
  ];
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CliError(`not a positive whole number: ${value}`);
  return number;
}

/** 000 §7 cases: list (000 §9: up to 1000), show one, create one. */
export function registerCases(program: Command, io: CliIo): void {
  const cases = program
    .command("cases")
    .description("list, show and create cases of the current organization");

  cases
    .command("list")
    .description("list your cases and those shared with the organization, newest first")
    .option("--shared", "only cases shared with the organization")
    .option("--limit <n>", `at most this many (default and maximum ${casesDefaultLimit})`, positiveInteger)
    .option("--json", "print the cases as JSON")
    .action(
      action(io, async (session, command) => {
        const options = command.opts<{ shared?: boolean; limit?: number; json?: boolean }>();
        const { client } = await session.scopedClient();
        const answer = await client.cases.list({
          includeCaseRelatables: true,
          limit: Math.min(options.limit ?? casesDefaultLimit, casesDefaultLimit),
          ...(options.shared ? { isSharedWithOrg: true } : {}),
        });
        if (options.json) return session.out.json(answer.cases);
        if (answer.cases.length === 0) return session.out.info("There are no cases yet.");
        session.out.data(
          renderTable(answer.cases, caseColumns(session.out.tty), {
            tty: session.out.tty,
            width: session.out.width,
          }),
        );
        if (answer.count > answer.cases.length)
          session.out.info(`${answer.cases.length} of ${answer.count} cases shown.`);
      }),
    );

  cases
    .command("show")
    .description("show one case with its elements and notes")
    .argument("<id>", "the case id")
    .option("--json", "print the case as JSON")
    .action(
      action(io, async (session, command) => {
        const [id] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        const record = await client.cases.get(id);
        if (command.opts<{ json?: boolean }>().json) return session.out.json(record);
        const tty = session.out.tty;
        session.out.data(
          renderPairs([
            ["id", record.id],
            ["name", record.name],
            ["owner", record.owner?.email ?? ""],
            ["shared", record.isSharedWithOrg ? "yes" : "no"],
            ["created", formatTime(record.createdAt, tty)],
            ["updated", formatTime(record.updatedAt, tty)],
            ...(record.description ? ([["description", record.description]] as [string, string][]) : []),
          ]),
        );
        const relatables = record.relatables ?? [];
        if (relatables.length > 0) {
          session.out.data(
            renderTable(
              relatables,
              [
                { header: "element", value: (item) => item.resourceUrn },
                // A graph's name or a flag's category (and the flagged element) name what the URN holds.
                {
                  header: "what",
                  value: (item) => [item.label, item.subjectUrn].filter(Boolean).join(" on "),
                },
                { header: "note", value: (item) => item.note ?? "" },
              ],
              { tty, width: session.out.width },
            ),
          );
        }
        for (const note of record.notes ?? [])
          session.out.info(`note by ${note.author?.email ?? "?"}: ${note.text}`);
      }),
    );

  cases
    .command("create")
    .description("create a case (002 §5: the name must not be blank)")
    .argument("<name>", "the case name")
    .option("--shared", "share it with the organization (needed to escalate)")
    .option("--json", "print the new case as JSON")
    .action(
      action(io, async (session, command) => {
        const [name] = command.processedArgs as [string];
        const options = command.opts<{ shared?: boolean; json?: boolean }>();
        const body = createCaseRequestSchema.safeParse({ name, isSharedWithOrg: options.shared === true });
        if (!body.success) throw new CliError("the case name must not be blank");
        const { client } = await session.scopedClient();
        const created = await client.cases.create(body.data);
        const record = created.case ?? (await client.cases.get(created.id));
        if (options.json) return session.out.json(record);
        session.out.data(record.id);
        session.out.info(
          `Created case ${record.id} “${record.name}”${record.isSharedWithOrg ? ", shared with the organization" : ""}.`,
        );
      }),
    );
}
