// The one codec of the server's opaque cursors (the transfer tables' listing cursor, the flow lists'
// keyset and offset cursors) and of the export manifest header: a JSON value as UTF-8 bytes in
// base64url without padding, text that goes in a query parameter or a header as it is. Each user
// keeps its own payload shape and checks it; a client hands the text back and never reads it.
// Written with btoa/atob and TextEncoder rather than Buffer so it runs in Node and in the browser.

/** `value` as JSON in base64url: text made only of A–Z, a–z, 0–9, `-` and `_`. */
export function encodeOpaqueCursor(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The value `encodeOpaqueCursor` wrote, or null when `text` is not base64url of UTF-8 JSON. */
export function decodeOpaqueCursor(text: string): unknown {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}
