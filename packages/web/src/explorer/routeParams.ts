import { chainById } from "@sleuth/sdk";

/** A path segment as typed or linked; a malformed escape is kept as it is. */
export function decodeSegment(value: string | undefined): string {
  if (value === undefined) return "";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The chain id of a path's chain segment, which may be the id ("bitcoin") or the code ("btc"). */
export function chainIdOfSegment(segment: string | undefined): string {
  const text = decodeSegment(segment);
  return chainById(text)?.id ?? text;
}

/** The URN `format` builds from a path's id, or null when the id is not valid for it. */
export function urnOfSegment(format: (id: string) => string, id: string): string | null {
  try {
    return format(id);
  } catch {
    return null;
  }
}
