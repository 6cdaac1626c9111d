import { atom } from "nanostores";

// 002 §2 entity monitoring: in that module a picked search suggestion is added to a list rather than
// opened. While a monitoring page is open (the detectors list) it registers here how to add, and the
// palette's search adds instead of navigating, as the graph page does with plotTarget.ts.

export interface ListTarget {
  /** The list's name, for the palette's messages ("Monitor on Detectors"). */
  name: string;
  /** Whether the list takes this URN (detectors watch addresses only); others open as usual. */
  accepts: (urn: string) => boolean;
  add: (urn: string) => Promise<void>;
}

export const $listTarget = atom<ListTarget | null>(null);

/** Registers the open page's list; returns the unregistration. */
export function registerListTarget(target: ListTarget): () => void {
  $listTarget.set(target);
  return () => {
    if ($listTarget.get() === target) $listTarget.set(null);
  };
}
