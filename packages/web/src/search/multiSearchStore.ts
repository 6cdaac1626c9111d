import { atom } from "nanostores";

export const $multiSearchOpen = atom<boolean>(false);

export function openMultiSearch(): void {
  $multiSearchOpen.set(true);
}

export function closeMultiSearch(): void {
  $multiSearchOpen.set(false);
}
