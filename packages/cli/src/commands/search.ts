import {
  ApiError,
  bulkSubjectFigures,
  featureFlagDefaults,
  ipSearchRule,
  readSearchInput,
  searchMessages,
  searchSectionDelayMessage,
  searchSections,
} from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError, describeError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { failedSections, searchAllSections, sizedSections } from "../search/searchResults.ts";
import { renderSearchTables } from "../search/searchTables.ts";
import { action } from "../session.ts";

/**
 * `sleuth search <query>`: the palette's global search (000 §4, 002 §4) from the terminal. The same
 * sections in the same order and sizes; a table per section on a terminal, JSON otherwise.
 */
export function registerSearch(program: Command, io: CliIo): void {
  program
    .command("search")
    .description("search transactions, entities, custom entities, addresses and IPs, as the palette does")
    .argument("<query...>", "an address, transaction hash, IP, URN or name (several words are one query)")
    .option(
      "--json",
      "print {query, identifiers, sections, total, failedSections} as JSON (the default off a terminal)",
    )
    .option(
      "--flows",
      "add each entity's, custom entity's and address's flow summary and statistics (000 §7 bulk calls; JSON)",
    )
    .addHelpText(
      "after",
      `
Sections come in the palette's order (transactions, entities, custom entities, addresses,
IPs) and sizes. A query that matches nothing prints the no-results message on stderr and exits 0;
a section that fails is named on stderr and the command exits 1 after printing the others.

Examples:
  sleuth search binance
  sleuth search 0x28c6c06298d514db089934071355e5743bf21d60 --json | jq '.sections.addresses'
  sleuth search binance --flows | jq '.sections.entities[] | {name, figures}'`,
    )
    .action(
      action(io, async (session, command) => {
        const [words] = command.processedArgs as [string[]];
        const raw = words.join(" ");
        // 000 §5: empty input does nothing; here that is a usage error, before any request.
        const typed = readSearchInput(raw);
        if (typed.type !== "query") throw new CliError("nothing to search for: the query is empty");
        const { client, organization } = await session.scopedClient();
        // 000 §5: recognition leaves out the chains the server excludes, as the palette's does.
        const [flags, configuration] = await Promise.all([
          organization ? client.featureFlags.get(organization.uuid, "cli") : { ...featureFlagDefaults },
          client.search.configuration(),
        ]);
        if (configuration.notice) session.out.warn(configuration.notice);
        const { excludedChains } = configuration;
        const rule = ipSearchRule({
          module: "navigation",
          ipSearchEnabled: flags.ipSearch,
          hasForensicsLicense: organization?.hasForensicsLicense ?? false,
        });
        // 002 §8: an IP typed where IP search is off says why nothing comes back for it.
        if (!rule.allowed && typed.identifiers.some((identifier) => identifier.kind === "inet"))
          for (const message of rule.messages) session.out.warn(message);
        const input = readSearchInput(raw, { recognizeInet: flags.ipSearch, excludedChains });
        if (input.type !== "query") return;
        const { query, identifiers } = input;

        const outcome = await searchAllSections(client, query, identifiers, flags);
        const failures = failedSections(outcome);
        const unauthorized = failures.find(({ error }) => error instanceof ApiError && error.status === 401);
        if (unauthorized) throw unauthorized.error;
        const sections = sizedSections(outcome);
        const total = searchSections.reduce((sum, section) => sum + sections[section].length, 0);

        // 000 §4: a search query records an activity log entry.
        await client.search.logQuery(query, { source: "cli", total }).catch((error: unknown) => {
          session.out.warn(`the search was not recorded in the activity log: ${(error as Error).message}`);
        });

        const options = command.opts<{ json?: boolean; flows?: boolean }>();
        if (options.flows) {
          // 000 §7: the results' flow summaries and statistics in one pair of bulk calls per kind.
          const { figures, failed } = await bulkSubjectFigures(client, [
            ...sections.entities.map((hit) => ({ valueType: "entity" as const, urn: hit.entityUrn })),
            ...sections.customEntities.map((hit) => ({
              valueType: "custom-entity" as const,
              urn: hit.entityUrn,
            })),
            ...sections.addresses.map((hit) => ({ valueType: "address" as const, urn: hit.addressChainUrn })),
          ]);
          if (failed)
            session.out.warn("some flow summaries or statistics could not be loaded: they read null");
          session.out.json({
            query,
            identifiers,
            sections: {
              ...sections,
              entities: sections.entities.map((hit) => ({ ...hit, figures: figures.get(hit.entityUrn) })),
              customEntities: sections.customEntities.map((hit) => ({
                ...hit,
                figures: figures.get(hit.entityUrn),
              })),
              addresses: sections.addresses.map((hit) => ({
                ...hit,
                figures: figures.get(hit.addressChainUrn),
              })),
            },
            total,
            failedSections: failures.map(({ section }) => section),
          });
        } else if (options.json || !session.out.tty) {
          session.out.json({
            query,
            identifiers,
            sections,
            total,
            failedSections: failures.map(({ section }) => section),
          });
        } else if (total > 0) {
          session.out.data(renderSearchTables(sections, session.out.width));
        }

        for (const { section, error } of failures) {
          session.out.warn(
            `${searchSectionDelayMessage(section)} ${describeError(error)[0]?.replace(/^error: /, "") ?? ""}`,
          );
        }
        if (total === 0 && failures.length === 0) {
          // 002 §8: the palette's no-results text.
          session.out.info(
            [
              searchMessages.noResults,
              searchMessages.checkSpelling,
              searchMessages.tryDifferentKeywords,
            ].join("\n"),
          );
        }
        if (failures.length > 0) {
          throw new CliError(
            `${failures.length} of the search's sections failed: ${failures.map(({ section }) => section).join(", ")}`,
          );
        }
      }),
    );
}
