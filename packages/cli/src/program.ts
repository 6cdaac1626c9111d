import { Command, CommanderError } from "commander";
import packageJson from "../package.json" with { type: "json" };
import { commands } from "./commands/commandList.ts";
import { describeError, type ExitCode, exitCodeFor, exitCodes } from "./errors.ts";
import { type CliIo, processIo } from "./io.ts";

const helpFooter = `
Environment:
  SLEUTH_API_URL   API server (default http://127.0.0.1:7777)
  SLEUTH_TOKEN     API token; takes precedence over the saved one
  SLEUTH_ORG       organization uuid or name
  SLEUTH_DATA_DIR  where \`pnpm start\` keeps its data and the demo token (default ./.sleuth)
  XDG_CONFIG_HOME  the config file is $XDG_CONFIG_HOME/sleuth/config.json (default ~/.config)
  CI               when set, never prompt

Exit codes: 0 ok, 1 failure, 2 cancelled, 3 batch rows not resolved, 4 authentication required,
5 a file does not match its export manifest.`;

/** The \`sleuth\` command tree. Output goes to \`io\`, and nothing calls process.exit (see \`run\`). */
export function buildProgram(io: CliIo = processIo()): Command {
  const program = new Command("sleuth")
    .description("Sleuth from the terminal: search, batch lookups, imports, your session and organizations")
    .version(packageJson.version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .option("--api-url <url>", "API server (overrides SLEUTH_API_URL and the config file)")
    .option(
      "--org <organization>",
      "organization uuid or name to act in (overrides SLEUTH_ORG and `sleuth org switch`)",
    )
    .option("--no-input", "never prompt, even on a terminal")
    .addHelpText("after", helpFooter)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  for (const register of commands) register(program, io);
  return program;
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code; prints failures on stderr. */
export async function run(argv: readonly string[], io: CliIo = processIo()): Promise<ExitCode> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCodes.ok;
  } catch (error) {
    // Commander has already printed its own message (usage errors) or the help / version text.
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.ok : exitCodes.failure;
    for (const line of describeError(error)) io.stderr.write(`${line}\n`);
    return exitCodeFor(error);
  }
}
