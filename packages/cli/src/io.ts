import { homedir, hostname } from "node:os";

export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

export interface OutputStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
}

/**
 * Everything the CLI takes from its process, gathered so tests can run a command in-process with
 * their own streams, environment and directories.
 */
export interface CliIo {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  homeDir: string;
  hostname: string;
}

export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    homeDir: homedir(),
    hostname: hostname(),
  };
}

/** Reads a stream to its end as UTF-8 (a token piped to `sleuth login --with-token`). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream)
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  return text;
}
