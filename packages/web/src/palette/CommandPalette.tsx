import { useStore } from "@nanostores/react";
import { CheckIcon, ChevronRightIcon } from "@primer/octicons-react";
import { Dialog, Label } from "@primer/react";
import { KeybindingHint } from "@primer/react/experimental";
import { Command as Cmdk } from "cmdk";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import {
  $commands,
  $palette,
  type Command,
  type CommandPage,
  closePalette,
  openPalette,
  runAction,
  runCommand,
  togglePalette,
} from "../commands/index.ts";
import { useFocusReturnRef, useHotkey } from "../keyboard/index.ts";
import "./palette.css";

function groupsOf(commands: readonly Command[]): [string, Command[]][] {
  const groups = new Map<string, Command[]>();
  for (const command of commands) groups.set(command.group, [...(groups.get(command.group) ?? []), command]);
  return [...groups];
}

function CommandItems({ commands }: { commands: readonly Command[] }) {
  return groupsOf(commands).map(([group, entries]) => (
    <Cmdk.Group key={group} heading={group}>
      {entries.map((command) => (
        <Cmdk.Item
          key={command.id}
          value={command.title}
          keywords={command.keywords}
          onSelect={() => runCommand(command)}
          className="sleuth-palette-item"
        >
          <span className="sleuth-palette-item-title">{command.title}</span>
          {"page" in command ? <ChevronRightIcon aria-hidden /> : null}
          {command.keys ? <KeybindingHint keys={command.keys} size="small" /> : null}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  ));
}

function PageItems({ title, page }: { title: string; page: CommandPage }) {
  const items = page.useItems();
  return (
    <Cmdk.Group heading={title}>
      {items.map((item) => (
        <Cmdk.Item
          key={item.id}
          value={`${item.title} ${item.id}`}
          keywords={item.keywords}
          onSelect={() => void runAction(item.title, item.run)}
          className="sleuth-palette-item"
        >
          <span className="sleuth-palette-item-title">{item.title}</span>
          {item.description ? <Label variant="secondary">{item.description}</Label> : null}
          {item.current ? (
            <span className="sleuth-palette-current">
              <CheckIcon aria-hidden /> current
            </span>
          ) : null}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  );
}

function PaletteDialog({ pageCommandId }: { pageCommandId: string | null }) {
  const commands = useStore($commands);
  const [search, setSearch] = useState("");
  // A new page starts with an empty filter (React's "adjust state on prop change" pattern).
  const [shownPage, setShownPage] = useState(pageCommandId);
  if (shownPage !== pageCommandId) {
    setShownPage(pageCommandId);
    setSearch("");
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocusRef = useFocusReturnRef();
  const pageCommand = useMemo(() => {
    const command = commands.find((entry) => entry.id === pageCommandId);
    return command && "page" in command ? command : null;
  }, [commands, pageCommandId]);
  const title = pageCommand ? pageCommand.title : "Command palette";

  const goBack = () => openPalette(null);
  // On a nested page Esc and Backspace (in an empty field) step back to the command list, as in
  // Raycast; Esc on the list closes the palette (Primer's Dialog does that part).
  const onKeyDown = (event: KeyboardEvent) => {
    if (!pageCommand) return;
    if (event.key === "Escape" || (event.key === "Backspace" && search === "")) {
      event.preventDefault();
      event.stopPropagation();
      goBack();
    }
  };

  return (
    <Dialog
      title={title}
      onClose={closePalette}
      width="xlarge"
      align="top"
      initialFocusRef={inputRef}
      returnFocusRef={returnFocusRef}
      className="sleuth-palette"
      renderHeader={({ dialogLabelId }) => (
        <div className="sleuth-palette-header">
          <h1 id={dialogLabelId} className="sleuth-palette-title">
            {pageCommand ? (
              <>
                <span className="sleuth-palette-crumb">Command palette</span>
                <ChevronRightIcon aria-hidden />
                {pageCommand.title}
              </>
            ) : (
              "Command palette"
            )}
          </h1>
        </div>
      )}
      renderFooter={() => (
        <div className="sleuth-palette-footer" aria-hidden>
          <span>
            <KeybindingHint keys="ArrowUp" size="small" /> <KeybindingHint keys="ArrowDown" size="small" />{" "}
            move
          </span>
          <span>
            <KeybindingHint keys="Enter" size="small" /> run
          </span>
          {pageCommand ? (
            <span>
              <KeybindingHint keys="Escape" size="small" /> back
            </span>
          ) : (
            <span>
              <KeybindingHint keys="Escape" size="small" /> close
            </span>
          )}
        </div>
      )}
    >
      <Cmdk
        label={title}
        loop
        onKeyDown={onKeyDown}
        className="sleuth-palette-command"
        key={pageCommandId ?? "root"}
      >
        {/* The list and its field are remounted per page; the new field takes the focus. */}
        <Cmdk.Input
          ref={inputRef}
          autoFocus
          value={search}
          onValueChange={setSearch}
          placeholder={pageCommand ? pageCommand.page.placeholder : "Type a command…"}
          className="sleuth-palette-input"
        />
        <Cmdk.List className="sleuth-palette-list" label={pageCommand ? pageCommand.title : "Commands"}>
          <Cmdk.Empty className="sleuth-palette-empty">Nothing matches “{search}”.</Cmdk.Empty>
          {pageCommand ? (
            <PageItems title={pageCommand.title} page={pageCommand.page} />
          ) : (
            <CommandItems commands={commands} />
          )}
        </Cmdk.List>
      </Cmdk>
    </Dialog>
  );
}

/** The cmdk palette (Mod+K, or / when not typing): every registered command, filtered as you type. */
export function CommandPalette() {
  const palette = useStore($palette);
  useHotkey({
    id: "palette.open",
    keys: "Mod+k",
    description: "Open the command palette",
    group: "General",
    run: togglePalette,
  });
  useHotkey({
    id: "palette.open.slash",
    keys: "/",
    description: "Open the command palette",
    group: "General",
    run: () => openPalette(),
  });
  if (!palette.open) return null;
  return <PaletteDialog pageCommandId={palette.pageCommandId} />;
}
