import { type RefObject, useRef, useState } from "react";

// Where focus goes when a dialog closes: the element the user was on before any dialog opened.
// Primer's Dialog restores the element focused when it mounted, but a dialog opened from another
// dialog (shortcuts from the palette), or mounted twice, would then return into a dialog that is
// gone and drop the focus on <body>.
const dialogSelector = '[role="dialog"], [role="alertdialog"]';
let lastOutsideDialogs: HTMLElement | null = null;

function isOutsideDialogs(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element !== document.body && !element.closest(dialogSelector);
}

/** Tracks the last element focused outside dialogs. Call once. */
export function installFocusTracker(target: Document = document): () => void {
  const onFocusIn = (event: FocusEvent) => {
    if (isOutsideDialogs(event.target as Element | null)) lastOutsideDialogs = event.target as HTMLElement;
  };
  target.addEventListener("focusin", onFocusIn, true);
  return () => target.removeEventListener("focusin", onFocusIn, true);
}

/** The element a dialog opened now should hand the focus back to, if it is still on the page. */
export function focusReturnTarget(): HTMLElement | null {
  if (isOutsideDialogs(document.activeElement)) return document.activeElement;
  return lastOutsideDialogs?.isConnected ? lastOutsideDialogs : null;
}

/** A ref for a Primer Dialog's returnFocusRef, fixed when the dialog first renders. */
export function useFocusReturnRef(): RefObject<HTMLElement | null> {
  const [target] = useState(focusReturnTarget);
  return useRef<HTMLElement | null>(target);
}
