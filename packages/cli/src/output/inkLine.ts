import { PassThrough } from "node:stream";
import { render } from "ink";
import type { ReactElement } from "react";
import type { OutputStream } from "../io.ts";

/**
 * An Ink line on stderr while something runs (a terminal only): drawn by `view` with nothing yet,
 * redrawn with each value `update` hands it. Only the progress-line modules a terminal loads import
 * this, so Ink and React stay out of a plain run.
 */
export function startInkLine<Value>(stderr: OutputStream, view: (value: Value | null) => ReactElement) {
  const instance = render(view(null), {
    stdout: stderr,
    stderr,
    stdin: new PassThrough(),
    exitOnCtrlC: false,
    patchConsole: false,
    interactive: true,
  });
  return {
    update(value: Value) {
      instance.rerender(view(value));
    },
    async stop() {
      instance.unmount();
      await instance.waitUntilExit().catch(() => {});
    },
  };
}
