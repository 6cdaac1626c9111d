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
