import { useEffect, useRef } from "react";
import { type Command, registerCommand } from "./commandRegistry.ts";

/**
 * Registers commands while the calling component is mounted. `run` always calls the handler of
 * the latest render; registration only changes when ids, titles or keys do. A page's `useItems`
 * should be a module-level hook (it is called as a hook by the palette).
 */
export function useCommands(commands: readonly Command[]): void {
  const latest = useRef(commands);
  latest.current = commands;
  const signature = commands
    .map((command) => [command.id, command.title, command.keys ?? ""].join("\u0000"))
    .join("\u0001");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for what registration depends on.
  useEffect(() => {
    const removals = latest.current.map((command) => {
      if ("page" in command) return registerCommand(command);
      const runLatest = () => {
        const current = latest.current.find((entry) => entry.id === command.id);
        return current && "run" in current ? current.run() : undefined;
      };
      return registerCommand({ ...command, run: runLatest });
    });
    return () => {
      for (const remove of removals) remove();
    };
  }, [signature]);
}
