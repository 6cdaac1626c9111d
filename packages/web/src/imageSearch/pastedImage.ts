import { atom } from "nanostores";
import { $commands, openPalette } from "../commands/commandRegistry.ts";

// The palette's search box hands a pasted screenshot to its search-by-image page (002 §2), which
// takes it as it opens. Its own tiny module, so the palette reads it without loading that page.

export const imageSearchCommandId = "search.image";
export const cameraSearchCommandId = "search.camera";

const $pastedImage = atom<File | null>(null);

/** Whether search by image is offered here (002 §6 AI flag), so a paste falls back to text otherwise. */
export function imageSearchCommandRegistered(): boolean {
  return $commands.get().some((command) => command.id === imageSearchCommandId);
}

export function openImageSearchWith(file: File): void {
  $pastedImage.set(file);
  openPalette(imageSearchCommandId);
}

/** The pasted image, once: the page that takes it clears it. */
export function takePastedImage(): File | null {
  const file = $pastedImage.get();
  $pastedImage.set(null);
  return file;
}
