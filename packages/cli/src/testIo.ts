import { PassThrough } from "node:stream";
import type { CliIo, InputStream, OutputStream } from "./io.ts";

export interface TestIo extends CliIo {
  stdoutText(): string;
  stderrText(): string;
}

function capture(tty: boolean): { stream: OutputStream; text: () => string } {
  const stream = new PassThrough() as PassThrough & OutputStream;
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  stream.isTTY = tty;
  stream.columns = 100;
  return { stream, text: () => text };
}

/** Streams and directories for running the CLI in-process in tests (never the real terminal or home). */
export function createTestIo(options: {
  env?: Record<string, string | undefined>;
  homeDir: string;
  cwd: string;
  stdin?: string;
  tty?: boolean;
}): TestIo {
  const stdout = capture(options.tty ?? false);
  const stderr = capture(options.tty ?? false);
  const stdin = new PassThrough() as PassThrough & InputStream;
  stdin.isTTY = options.tty ?? false;
  stdin.end(options.stdin ?? "");
  return {
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: options.env ?? {},
    cwd: options.cwd,
    homeDir: options.homeDir,
    hostname: "test-host",
    stdoutText: stdout.text,
    stderrText: stderr.text,
  };
}
