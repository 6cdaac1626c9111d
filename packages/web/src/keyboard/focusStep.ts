/**
 * Moves the focus one step along `elements` (j/k in a list): from none to the first (or last when
 * going back), never past either end; the element reached is scrolled into view.
 */
export function focusStep(elements: readonly HTMLElement[], step: 1 | -1): void {
  if (elements.length === 0) return;
  const current = elements.indexOf(document.activeElement as HTMLElement);
  const next =
    current === -1
      ? step === 1
        ? 0
        : elements.length - 1
      : Math.min(elements.length - 1, Math.max(0, current + step));
  elements[next]?.focus();
  elements[next]?.scrollIntoView({ block: "nearest" });
}
