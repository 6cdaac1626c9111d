import { formatUtc } from "@sleuth/sdk";

/** STYLE "CLI": a readable UTC time on a terminal, RFC 3339 (machine-readable) anywhere else. */
export function formatTime(value: string, tty: boolean): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return tty ? formatUtc(date) : date.toISOString();
}
