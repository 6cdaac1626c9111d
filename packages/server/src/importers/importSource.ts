/**
 * What an importer reads: the whole text, its bytes, or a stream of chunks (an HTTP request body, a
 * file stream). Streams are decoded as UTF-8 chunk by chunk, so a multi-byte character split
 * between chunks survives.
 */
export type ImportSource = string | Uint8Array | AsyncIterable<string | Uint8Array>;

// TextDecoder drops a leading byte order mark itself; a string source may still carry one.
const byteOrderMark = "\uFEFF";

export async function* textChunks(source: ImportSource): AsyncGenerator<string> {
  if (typeof source === "string") {
    yield source.startsWith(byteOrderMark) ? source.slice(1) : source;
    return;
  }
  const decoder = new TextDecoder("utf-8");
  if (source instanceof Uint8Array) {
    yield decoder.decode(source);
    return;
  }
  for await (const chunk of source) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (text !== "") yield text;
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

/** The whole source as one string (YAML and JSON documents are parsed whole). */
export async function readText(source: ImportSource): Promise<string> {
  let text = "";
  for await (const chunk of textChunks(source)) text += chunk;
  return text;
}

/** Splits chunks into lines without the line break; the last line may lack one. */
export async function* textLines(source: ImportSource): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of textChunks(source)) {
    pending += chunk;
    let start = 0;
    let end = pending.indexOf("\n", start);
    while (end !== -1) {
      yield pending.slice(start, end > start && pending[end - 1] === "\r" ? end - 1 : end);
      start = end + 1;
      end = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
  }
  if (pending !== "") yield pending.endsWith("\r") ? pending.slice(0, -1) : pending;
}

/** The first non-blank line, and the whole source again (to pick a layout before parsing). */
export async function peekFirstLine(
  source: ImportSource,
): Promise<{ firstLine: string; rest: AsyncIterable<string> }> {
  const iterator = textChunks(source)[Symbol.asyncIterator]();
  const seen: string[] = [];
  let joined = "";
  const firstLineComplete = () => {
    const start = joined.search(/\S/);
    return start !== -1 && joined.indexOf("\n", start) !== -1;
  };
  while (!firstLineComplete()) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
    joined += next.value;
  }
  const start = Math.max(joined.search(/\S/), 0);
  const end = joined.indexOf("\n", start);
  const firstLine = joined.slice(start, end === -1 ? undefined : end).replace(/\r$/, "");
  async function* rest(): AsyncGenerator<string> {
    yield* seen;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { firstLine, rest: rest() };
}
