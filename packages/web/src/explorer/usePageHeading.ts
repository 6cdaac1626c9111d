import { useEffect, useRef } from "react";

/**
 * The page's h1, focused when the page opens so keyboard and screen-reader users start at its top
 * (after the palette that opened it has handed its focus back).
 */
export function usePageHeading(key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new subject (key) on the same page focuses its heading again.
  useEffect(() => {
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (active?.closest('[role="dialog"]')) return;
      ref.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [key]);
  return ref;
}
