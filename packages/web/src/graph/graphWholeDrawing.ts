import { atom } from "nanostores";

/**
 * True while the canvas draws the whole graph in full detail as page elements, whatever its zoom:
 * a picture export copies the page's elements (002 §5), and below the detail zoom the canvas
 * would otherwise draw its flows and overview cards into a bitmap the copy does not see, and only
 * the nodes in view as elements.
 */
export const $wholeGraphDrawn = atom(false);

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Runs `action` with the whole graph drawn as elements (after it is on the page), then goes back. */
export async function withWholeGraphDrawn<T>(action: () => Promise<T>): Promise<T> {
  $wholeGraphDrawn.set(true);
  try {
    // One frame for React to render the elements, one for them to be laid out and painted.
    await nextFrame();
    await nextFrame();
    return await action();
  } finally {
    $wholeGraphDrawn.set(false);
  }
}
