import {
  describeEmptyTrace,
  describeTraceCut,
  describeUnpricedFlows,
  parseMinAmount,
  parseUrn,
  recognizeIdentifier,
  type TracePathRow,
  type TraceResult,
  toCsv,
  traceLimits,
  tracePathRows,
} from "@sleuth/sdk";
import { type Command, Option } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { integerIn, numberAtLeast } from "../numberOptions.ts";
import { type Column, renderTable } from "../output/table.ts";
import { action } from "../session.ts";

const traceFormats = ["json", "csv", "paths"] as const;

/**
 * One CSV row per path the console lists (the SDK's tracePathRows, largest amount first): where it
 * ends and how that end is named, why it stopped, and how much can have reached it.
 */
function pathsCsv(result: TraceResult): string {
  return toCsv<TracePathRow>(tracePathRows(result), [
    { header: "end", value: (path) => path.end },
    { header: "endLabel", value: (path) => path.endName },
    { header: "stop", value: (path) => path.stop },
    { header: "hops", value: (path) => path.hops },
    { header: "amountUsd", value: (path) => path.amountUsd },
    { header: "path", value: (path) => path.trmUrns.join(" > ") },
    // Issue 39, after the columns a reader of the earlier files knows: what names the end.
    { header: "endNameKind", value: (path) => path.endNameKind },
    // Issue 43: with no price on the path, its smallest amount in the one asset it moved.
    { header: "amount", value: (path) => path.amount?.value ?? null },
    { header: "asset", value: (path) => path.amount?.asset ?? null },
  ]);
}

/** The path list as the console shows it, for a person at a terminal (`--format paths`). */
const pathColumns: Column<TracePathRow>[] = [
  { header: "end", value: (path) => path.endName },
  { header: "named by", value: (path) => path.endNameKind ?? "—", shrink: false },
  { header: "stopped", value: (path) => path.stopText },
  { header: "hops", value: (path) => String(path.hops), align: "right", shrink: false },
  { header: "at most", value: (path) => path.amountText, align: "right", shrink: false },
  { header: "urn", value: (path) => path.end },
];

/** The address URN of the argument: a URN as it is, an address on the first chain it fits. */
function originUrn(input: string, warn: (text: string) => void): string {
  if (parseUrn(input)) return input;
  const candidates = recognizeIdentifier(input, { recognizeInet: false }).filter(
    (candidate) => candidate.kind === "address",
  );
  const [first] = candidates;
  if (!first) throw new CliError(`not an address or address URN: ${JSON.stringify(input)}`);
  if (candidates.length > 1)
    warn(`the address fits several chains; tracing on ${first.chain} (pass its URN to choose another)`);
  return first.urn;
}

/** `sleuth trace`: the console's trace (issue 30) from the terminal, the same bounds and stops. */
export function registerTrace(program: Command, io: CliIo): void {
  program
    .command("trace")
    .description(
      "follow funds from an address hop by hop until exchanges, mixers, bridges or sanctioned parties",
    )
    .argument("<address|urn>", "the address, or an address, entity or custom-entity URN, to start from")
    .addOption(
      new Option("--hops <n>", "hops to follow at most")
        .argParser(integerIn(1, traceLimits.hops.max))
        .default(traceLimits.hops.default),
    )
    .addOption(
      new Option("--min-usd <x>", "leave out flows below this many dollars")
        .argParser(numberAtLeast(0))
        .default(traceLimits.minUsd.default),
    )
    .addOption(
      new Option(
        "--min-amount <amount...>",
        "leave out flows of an asset below this much of it, priced or not (10 ETH; an asset URN names a token)",
      ),
    )
    .addOption(
      new Option("--fan-out <n>", "counterparties followed per address")
        .argParser(integerIn(1, traceLimits.fanOut.max))
        .default(traceLimits.fanOut.default),
    )
    .addOption(
      new Option("--direction <direction>", "follow funds out of or into the address")
        .choices(["out", "in"])
        .default("out"),
    )
    .addOption(new Option("--format <format>", "output format").choices(traceFormats).default("json"))
    .addHelpText(
      "after",
      `
JSON is the whole trace (origin, nodes, flows, paths, cut); CSV has one row per path with the
address it ends at and its name, why it stopped (exchange, mixer, bridge, sanctioned, end, hops)
and the largest amount that can have reached it, largest first; --format paths prints the same
list as a table, as the console's trace dialog shows it. When a bound cut the trace short, stderr says which.
Flows are ranked by USD where it is known and by the asset's own amount otherwise; a flow without a
USD price is followed unless --min-amount leaves it out, and stderr says how many there were.

Examples:
  sleuth trace bc1q… --hops 3 --min-usd 1000
  sleuth trace 0x… --min-amount 10 ETH          (history without prices: count in ether)
  sleuth trace urn:sleuth:address:ethereum:0x… --direction in --format csv
  sleuth trace urn:sleuth:entity:<slug> --hops 2   (from the entity's busiest addresses)`,
    )
    .action(
      action(io, async (session, command) => {
        const [input] = command.processedArgs as [string];
        const options = command.opts<{
          hops: number;
          minUsd: number;
          minAmount?: string[];
          fanOut: number;
          direction: "out" | "in";
          format: (typeof traceFormats)[number];
        }>();
        const minAmount = options.minAmount ? parseMinAmount(options.minAmount.join(" ")) : null;
        if (options.minAmount && minAmount === null)
          throw new CliError(
            `--min-amount takes an amount and an asset, e.g. 10 ETH (got ${options.minAmount.join(" ")})`,
          );
        const trmUrn = originUrn(input, (text) => session.out.warn(text));
        const { client } = await session.scopedClient();
        const request = {
          trmUrn,
          hops: options.hops,
          minUsd: options.minUsd,
          ...(minAmount ? { minAmount } : {}),
          fanOut: options.fanOut,
          direction: options.direction === "in" ? ("incoming" as const) : ("outgoing" as const),
        };
        const result = await client.graphs.trace(request);
        if (options.format === "csv") session.out.data(pathsCsv(result));
        else if (options.format === "paths")
          session.out.data(renderTable(tracePathRows(result), pathColumns, session.out));
        else session.out.json(result);
        session.out.info(`${result.nodes.length} addresses, ${result.paths.length} paths.`);
        if (result.nodes.length === 0)
          session.out.info(`${describeEmptyTrace(request)} Lower it with --min-usd.`);
        const unpriced = describeUnpricedFlows(result);
        if (unpriced) session.out.info(unpriced);
        const cut = describeTraceCut(result.cut);
        if (cut) session.out.warn(cut);
      }),
    );
}
