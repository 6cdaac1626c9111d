import { useEffect, useRef, useState } from "react";

/**
 * `value`, once it has stayed the same for `delayMs`; an empty string passes at once. `onSettle` runs
 * in the timer itself, before React renders the settled value, so work such as starting requests
 * does not wait for a render.
 */
export function useDebouncedValue(
  value: string,
  delayMs: number,
  onSettle?: (value: string) => void,
): string {
  const [settled, setSettled] = useState(value);
  const settle = useRef(onSettle);
  settle.current = onSettle;
  useEffect(() => {
    if (value === "") {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => {
      settle.current?.(value);
      setSettled(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value === "" ? "" : settled;
}
