import type { InputStream, OutputStream } from "../io.ts";

export interface InteractivityInputs {
  stdin: InputStream;
  stdout: OutputStream;
  env: Readonly<Record<string, string | undefined>>;
  /** False when the user passed --no-input. */
  input: boolean;
}

function isCi(env: InteractivityInputs["env"]): boolean {
  const value = env.CI ?? env.CONTINUOUS_INTEGRATION;
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/**
 * STYLE "CLI": prompt and render Ink only when a person is at a terminal: stdin and stdout are
 * TTYs, no CI, and no --no-input. Everything else gets plain text or JSON and never waits for input.
 */
export function isInteractive(inputs: InteractivityInputs): boolean {
  return Boolean(inputs.stdin.isTTY && inputs.stdout.isTTY) && !isCi(inputs.env) && inputs.input;
}

/**
 * STYLE "CLI": progress for anything long, on stderr, when stderr is a terminal and no CI runs. It
 * does not need stdin or stdout: `sleuth batch list.txt > out.csv` still shows its progress.
 */
export function showsProgress(inputs: Pick<InteractivityInputs, "env"> & { stderr: OutputStream }): boolean {
  return Boolean(inputs.stderr.isTTY) && !isCi(inputs.env);
}
