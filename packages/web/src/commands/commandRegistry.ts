import { atom } from "nanostores";
import type { ComponentType, RefObject } from "react";
import { registerHotkey } from "../keyboard/hotkeyRegistry.ts";
import { showError } from "../messages/messageStore.ts";

/** One entry of a nested palette page (e.g. an organization under "Switch organization"). */
export interface CommandPageItem {
  id: string;
  title: string;
  /** Matched by the palette filter besides the title. */
  keywords?: string[];
  /** Secondary text, such as the user's role in an organization. */
  description?: string;
  /** Marks the entry that is already in effect (the current organization). */
  current?: boolean;
  run: () => void | Promise<void>;
}

/** A nested palette page of items the palette filters; `useItems` is a hook, called while the page is shown. */
export interface CommandItemsPage {
  placeholder: string;
  useItems: () => readonly CommandPageItem[];
}

/**
 * A nested palette page that is a view of its own (search by image, 002 §2): `initialFocusRef` is
 * where the palette puts the focus as the page opens.
 */
export interface CommandViewPage {
  View: ComponentType<{ initialFocusRef: RefObject<HTMLButtonElement | null> }>;
}

export type CommandPage = CommandItemsPage | CommandViewPage;

interface CommandBase {
  /** Unique; also the id of the command's hotkey in the hotkey registry. */
  id: string;
  title: string;
  /** Heading in the palette and in the shortcuts dialog. */
  group: string;
  keywords?: string[];
  /** github/hotkey string; registered as a hotkey that runs the command, shown as its hint. */
  keys?: string;
  /** See Hotkey.outranksSingleKey. */
  outranksSingleKey?: boolean;
}

export type Command =
  | (CommandBase & { run: () => void | Promise<void> })
  | (CommandBase & { page: CommandPage });

export interface PaletteState {
  open: boolean;
  /** The command whose nested page is shown; null for the list of commands. */
  pageCommandId: string | null;
}

/** Every command the palette offers, in registration order. */
export const $commands = atom<readonly Command[]>([]);
export const $palette = atom<PaletteState>({ open: false, pageCommandId: null });

export function openPalette(pageCommandId: string | null = null): void {
  $palette.set({ open: true, pageCommandId });
}

export function closePalette(): void {
  $palette.set({ open: false, pageCommandId: null });
}

/** Mod+K toggles, as on GitHub: pressing it again in the palette closes it. */
export function togglePalette(): void {
  if ($palette.get().open) closePalette();
  else openPalette();
}

/** Runs an action after the palette closed; a failure becomes a message, never a silent no-op. */
export async function runAction(title: string, action: () => void | Promise<void>): Promise<void> {
  closePalette();
  try {
    await action();
  } catch (error) {
    showError(`${title} failed`, error);
  }
}

export function runCommand(command: Command): void {
  if ("page" in command) openPalette(command.id);
  else void runAction(command.title, command.run);
}

export function registerCommand(command: Command): () => void {
  $commands.set([...$commands.get().filter((entry) => entry.id !== command.id), command]);
  const unregisterHotkey = command.keys
    ? registerHotkey({
        id: command.id,
        keys: command.keys,
        description: command.title,
        group: command.group,
        outranksSingleKey: command.outranksSingleKey,
        run: () => runCommand(command),
      })
    : () => {};
  return () => {
    unregisterHotkey();
    if ($commands.get().includes(command))
      $commands.set($commands.get().filter((entry) => entry !== command));
  };
}
