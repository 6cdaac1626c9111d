import {
  type CategoryAddressRow,
  type ChainId,
  flowMessages,
  type NumberFilter,
  type OwnershipAddressFilters,
  ownershipAddressSortFields,
  pageSizes,
  rangeOnlyOperators,
  subjectFieldsFor,
} from "@sleuth/sdk";
import { type Command, Option } from "commander";
import { CliError } from "../errors.ts";
import { addressUrnFlag, numberFilterFlag } from "../filterFlags.ts";
import { resolveCliSubject } from "../flows/flowSubject.ts";
import { ownedAddressColumns, ownershipCategoryColumns } from "../flows/flowTables.ts";
import type { CliIo } from "../io.ts";
import { integerIn } from "../numberOptions.ts";
import { renderTable } from "../output/table.ts";
import { action } from "../session.ts";

/**
 * `sleuth ownership <subject>`: the ownership categories a subject's own addresses carry; with
 * --category, 001 §2's category addresses table of one of them (25 a page, read up to --limit).
 * A table on a terminal, JSON otherwise.
 */
export function registerOwnership(program: Command, io: CliIo): void {
  program
    .command("ownership")
    .description("list the ownership categories of a subject's addresses, or the addresses of one")
    .argument("<subject>", "an address, entity or custom-entity URN (or an address with --chain)")
    .option("--chain <chain>", "the address's chain; with --category, only addresses on this chain")
    .option("--category <category>", "list the addresses of this ownership category (its id or name)")
    .addOption(
      new Option("--sort <field>", "with --category: the order, largest first")
        .choices(ownershipAddressSortFields)
        .default("totalVolumeUsd"),
    )
    .option(
      "--limit <n>",
      "with --category: at most this many addresses",
      integerIn(1, Number.MAX_SAFE_INTEGER),
      100,
    )
    .option(
      "--volume <filter>",
      "with --category: total USD volume >=X or <=X (an unknown volume never matches)",
      numberFilterFlag(rangeOnlyOperators),
    )
    .option(
      "--balance <filter>",
      "with --category: USD balance >=X or <=X (an unknown balance never matches)",
      numberFilterFlag(rangeOnlyOperators),
    )
    .option(
      "--assets <filter>",
      "with --category: assets ever held, >=N, <=N, =N or !=N (000 §5 operators)",
      numberFilterFlag(),
    )
    .option("--address <urn>", "with --category: only this address (its URN)", addressUrnFlag)
    .option("--json", "print the rows as JSON (the default off a terminal)")
    .addHelpText(
      "after",
      `
Examples:
  sleuth ownership urn:sleuth:entity:binance
  sleuth ownership urn:sleuth:entity:binance --category Exchange --sort balanceAmountUsd --limit 10
  sleuth ownership urn:sleuth:entity:binance --category Exchange --volume '>=1000000' --assets '!=1'`,
    )
    .action(
      action(io, async (session, command) => {
        const [input] = command.processedArgs as [string];
        const options = command.opts<{
          chain?: string;
          category?: string;
          sort: (typeof ownershipAddressSortFields)[number];
          limit: number;
          volume?: NumberFilter;
          balance?: NumberFilter;
          assets?: NumberFilter;
          address?: string;
          json?: boolean;
        }>();
        const filters: OwnershipAddressFilters = {
          ...(options.volume ? { totalVolumeUsd: options.volume } : {}),
          ...(options.balance ? { balanceAmountUsd: options.balance } : {}),
          ...(options.assets ? { uniqueAssetAllCount: options.assets } : {}),
          ...(options.address ? { addressUrn: [options.address] } : {}),
        };
        const { client } = await session.scopedClient();
        const subject = await resolveCliSubject(client, input, options.chain);
        const fields = subjectFieldsFor(subject.valueType, subject.urn);
        const categories = await client.flows.ownershipCategories(subject.valueType, fields);
        const json = options.json || !session.out.tty;
        if (options.category === undefined) {
          if (json) session.out.json(categories);
          else if (categories.length > 0)
            session.out.data(renderTable(categories, ownershipCategoryColumns, session.out));
          if (categories.length === 0) session.out.info(flowMessages.noOwnershipCategories);
          return;
        }
        const wanted = options.category.trim().toLowerCase();
        const category = categories.find(
          (entry) => String(entry.categoryId) === wanted || entry.category.toLowerCase() === wanted,
        );
        if (!category)
          throw new CliError(
            categories.length === 0
              ? flowMessages.noOwnershipCategories
              : `This subject's addresses carry no "${options.category}" ownership; they carry ${categories.map((entry) => `${entry.category} (${entry.categoryId})`).join(", ")}.`,
          );
        // On an address subject --chain named where the address lives, not a filter.
        const chain = subject.valueType === "address" ? undefined : options.chain;
        // The SDK checks --chain against its chain list before the request is sent.
        const rows: CategoryAddressRow[] = [];
        for (let offset = 0; rows.length < options.limit; offset += pageSizes.categoryAddresses) {
          const page = await client.flows.ownershipAddresses(subject.valueType, {
            ...fields,
            ownershipCategoryId: category.categoryId,
            ...(chain === undefined ? {} : { chain: chain as ChainId }),
            sort: { field: options.sort, direction: "desc" },
            filters,
            limit: pageSizes.categoryAddresses,
            offset,
          });
          rows.push(...page);
          if (page.length < pageSizes.categoryAddresses) break;
        }
        const shown = rows.slice(0, options.limit);
        if (json) session.out.json(shown);
        else if (shown.length > 0) session.out.data(renderTable(shown, ownedAddressColumns, session.out));
        // Only --chain can leave a category the subject's addresses carry without rows.
        if (shown.length === 0) session.out.info(flowMessages.noOwnedAddresses);
      }),
    );
}
