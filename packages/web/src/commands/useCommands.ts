import { useLayoutEffect, useRef } from "react";
import { type Command, registerCommand } from "./commandRegistry.ts";

/**
 * Registers commands while the calling component is mounted. `run` and a page's `useItems` always
 * come from the latest render; registration only changes when ids, titles or keys do, and happens
 * before the browser paints, so a key pressed as soon as the page shows finds its command. A page's `useItems`
 * should be a module-level hook (it is called as a hook by the palette).
 */
export function useCommands(commands: readonly Command[]): void {
  const latest = useRef(commands);
  latest.current = commands;
  const signature = commands
    .map((command) => [command.id, command.title, command.keys ?? ""].join("\u0000"))
    .join("\u0001");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for what registration depends on.
  useLayoutEffect(() => {
    const removals = latest.current.map((command) => {
      const latestOf = () => latest.current.find((entry) => entry.id === command.id);
      if ("page" in command && "useItems" in command.page) {
        const itemsPage = command.page;
        // The page's items come from the latest render: a pane's rows arrive after it registers.
        // The palette calls this as its hook; it calls exactly one page hook, unconditionally.
        const latestItems = () => {
          const current = latestOf();
          const page = current && "page" in current && "useItems" in current.page ? current.page : itemsPage;
          // biome-ignore lint/correctness/useHookAtTopLevel: called only as the palette page's hook.
          return page.useItems();
        };
        return registerCommand({ ...command, page: { ...itemsPage, useItems: latestItems } });
      }
      if ("page" in command) return registerCommand(command);
      const runLatest = () => {
        const current = latestOf();
        return current && "run" in current ? current.run() : undefined;
      };
      return registerCommand({ ...command, run: runLatest });
    });
    return () => {
      for (const remove of removals) remove();
    };
  }, [signature]);
}
