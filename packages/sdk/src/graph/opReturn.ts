// 002 §2 OP_RETURN data viewer: the store keeps a transaction's OP_RETURN payload as hex (002 §3
// transaction rows, op_return). The viewer shows the hex and, when the bytes are UTF-8 text, the
// text they spell (memos, protocol tags); binary payloads show as hex only.

export interface OpReturnView {
  /** Lowercase hex, two digits a byte. */
  hex: string;
  bytes: number;
  /** The payload read as UTF-8, or null when it is not printable text. */
  text: string | null;
}

// Control characters other than tab and new lines mean the payload is binary, not text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The viewer's reading of an OP_RETURN payload; null when `hex` is not hex bytes. */
export function readOpReturn(hex: string): OpReturnView | null {
  const clean = hex.trim().toLowerCase().replace(/^0x/, "");
  if (clean.length % 2 !== 0 || !/^[0-9a-f]*$/.test(clean)) return null;
  const bytes = new Uint8Array(clean.length / 2);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(clean.slice(index * 2, index * 2 + 2), 16);
  let text: string | null;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = null;
  }
  if (text !== null && (text.trim() === "" || controlCharacters.test(text))) text = null;
  return { hex: clean, bytes: bytes.length, text };
}
