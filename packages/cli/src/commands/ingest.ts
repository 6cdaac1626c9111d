import {
  defaultIngestConfirmations,
  type IngestStatus,
  ingestProgressText,
  maxIngestConfirmations,
  type SleuthClient,
  watchedStatePollIntervalMs,
} from "@sleuth/sdk";
import { type Command, Option } from "commander";
import { CliError } from "../errors.ts";
import { onInterrupt } from "../interrupt.ts";
import type { CliIo } from "../io.ts";
import { integerIn } from "../numberOptions.ts";
import { showsProgress } from "../output/interactive.ts";
import type { Printer } from "../output/printer.ts";
import { action } from "../session.ts";

interface EthereumFlags {
  rpc: string;
  from?: number;
  to?: number;
  confirmations: number;
  detach?: boolean;
  json?: boolean;
}

const blockNumber = integerIn(0, Number.MAX_SAFE_INTEGER);
/** Without a terminal, a progress line at most this often. */
const plainLineMs = 5_000;

/**
 * Polls the server's follower until it reaches `to` (or, following without an end, until Ctrl-C,
 * which leaves the server following): the Ink line on a terminal, plain lines otherwise.
 */
async function watch(
  client: SleuthClient,
  io: CliIo,
  out: Printer,
  untilDone: boolean,
): Promise<IngestStatus> {
  const display = showsProgress({ stderr: io.stderr, env: io.env })
    ? (await import("../ingest/ingestProgressLine.ts")).startIngestProgress(io.stderr)
    : null;
  let interrupted = false;
  let wake: (() => void) | null = null;
  const release = onInterrupt(() => {
    interrupted = true;
    wake?.();
  });
  let lastLine = 0;
  try {
    for (;;) {
      const status = await client.ingest.status();
      display?.update(status);
      if (!display && (Date.now() - lastLine >= plainLineMs || status.state !== "following")) {
        out.info(
          `${ingestProgressText(status)}${status.lastError ? ` · retrying: ${status.lastError}` : ""}`,
        );
        lastLine = Date.now();
      }
      if (status.state === "done") return status;
      if (status.state === "stopped")
        throw new CliError("the follower was stopped", { hint: "sleuth ingest status" });
      if (!untilDone || interrupted) return status;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, watchedStatePollIntervalMs);
      });
      if (interrupted) {
        out.info("the server keeps following the node: `sleuth ingest stop` stops it");
        return await client.ingest.status();
      }
    }
  } finally {
    release();
    await display?.stop();
  }
}

/** `sleuth ingest …`: the server's Ethereum follower (issue 46, docs/IMPORTERS.md "Following a node"). */
export function registerIngest(program: Command, io: CliIo): void {
  const ingest = program
    .command("ingest")
    .description("follow an Ethereum node: the server reads its blocks into the store (admins)");
  ingest
    .command("ethereum")
    .description("read blocks from an Ethereum JSON-RPC node, then follow its head (or stop at --to)")
    .requiredOption("--rpc <url>", "the node's JSON-RPC URL (http or https), as the server reaches it")
    .addOption(
      new Option("--from <block>", "the first block, when the store has no checkpoint past it").argParser(
        blockNumber,
      ),
    )
    .addOption(
      new Option("--to <block>", "the last block; without it the server keeps following the head").argParser(
        blockNumber,
      ),
    )
    .addOption(
      new Option("--confirmations <n>", "take blocks only this deep below the head")
        .argParser(integerIn(0, maxIngestConfirmations))
        .default(defaultIngestConfirmations),
    )
    .option("--detach", "start the follower and return at once")
    .option("--json", "print the follower's status as JSON when done")
    .addHelpText(
      "after",
      `
The server does the reading (the CLI asks it to, then shows its progress): the URL must be one the
server can reach. A restart of the server goes on from the store's checkpoint. Ctrl-C stops watching;
the server keeps following until \`sleuth ingest stop\`.

Examples:
  sleuth ingest ethereum --rpc http://127.0.0.1:8545 --from 0 --to 500 --confirmations 0
  sleuth ingest ethereum --rpc https://node.example/key --confirmations 12 --detach`,
    )
    .action(
      action(io, async (session, command) => {
        const flags = command.opts<EthereumFlags>();
        const { client } = await session.scopedClient();
        const started = await client.ingest.start({
          rpcUrl: flags.rpc,
          from: flags.from,
          to: flags.to,
          confirmations: flags.confirmations,
        });
        const status = flags.detach ? started : await watch(client, io, session.out, true);
        if (flags.json) return session.out.json(status);
        session.out.data(ingestProgressText(status));
      }),
    );
  ingest
    .command("status")
    .description("the follower's state, head, checkpoint, rates and last error")
    .option("--json", "print it as JSON")
    .action(
      action(io, async (session, command) => {
        const { client } = await session.scopedClient();
        const status = await client.ingest.status();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(status);
        session.out.data(
          [
            `${status.state}${status.rpcUrl ? ` · ${status.rpcUrl}` : ""} · ${status.confirmations} confirmations`,
            ingestProgressText(status),
            ...(status.lastError ? [`last error (${status.lastErrorAt}): ${status.lastError}`] : []),
          ].join("\n"),
        );
      }),
    );
  ingest
    .command("stop")
    .description("stop following after the batch in hand (a restarted server stays stopped)")
    .action(
      action(io, async (session) => {
        const { client } = await session.scopedClient();
        const status = await client.ingest.stop();
        session.out.data(`stopped at ${ingestProgressText(status)}`);
      }),
    );
}
