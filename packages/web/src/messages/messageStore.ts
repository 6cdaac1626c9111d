import { isApiError } from "@sleuth/sdk";
import { atom } from "nanostores";

// STYLE Keyboard: Primer advises against toasts, so confirmations and errors ("toasts" in the
// spec) are Banners in one live region at the top of the page.
export type MessageVariant = "critical" | "info" | "success" | "warning";

export interface Message {
  id: number;
  variant: MessageVariant;
  title: string;
  description?: string;
  /** The screen the message is about (pageOf): it goes when the user leaves that screen. */
  page?: string;
}

export const $messages = atom<readonly Message[]>([]);
let nextId = 1;

/** How many messages stay on screen; the oldest goes first. */
const maxMessages = 3;

export function showMessage(message: Omit<Message, "id">): number {
  const id = nextId++;
  $messages.set([...$messages.get(), { ...message, id }].slice(-maxMessages));
  return id;
}

/** The screen a path belongs to: its first segment (`/graph` and `/graph/12` are one screen). */
export function pageOf(pathname: string): string {
  return pathname.split("/")[1] ?? "";
}

/**
 * A message about what the current screen shows (a trace's result on the graph): once the user is
 * on another screen it would describe something no longer in view, so it goes then.
 */
export function showPageMessage(message: Omit<Message, "id" | "page">): number {
  return showMessage({ ...message, page: pageOf(window.location.pathname) });
}

/** Drops the messages about another screen than the one at `pathname`. */
export function leaveOtherPages(pathname: string): void {
  const here = pageOf(pathname);
  const kept = $messages.get().filter((message) => message.page === undefined || message.page === here);
  if (kept.length !== $messages.get().length) $messages.set(kept);
}

export function dismissMessage(id: number): void {
  $messages.set($messages.get().filter((message) => message.id !== id));
}

export function clearMessages(): void {
  $messages.set([]);
}

/** An error as the user should read it: the server's message and the request id for support. */
export function describeError(error: unknown): string {
  if (isApiError(error))
    return error.requestId ? `${error.message} (request ${error.requestId})` : error.message;
  return error instanceof Error ? error.message : String(error);
}

export function showError(title: string, error: unknown): number {
  return showMessage({ variant: "critical", title, description: describeError(error) });
}

/**
 * A confirmation the page already shows (the new organization in the header): read out by screen
 * readers from a visually hidden live region, with no Banner to dismiss.
 */
export const $announcement = atom<{ id: number; text: string } | null>(null);

export function announce(text: string): void {
  $announcement.set({ id: nextId++, text });
}
