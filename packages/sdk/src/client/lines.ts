const lineEnd = 0x0a;

/**
 * The lines of a UTF-8 body that arrives in pieces (an NDJSON answer), each decoded without its
 * line end as soon as its end has come; empty lines are skipped. NDJSON frames one JSON value a
 * line and JSON text holds no raw line end, and a line end byte is never part of another UTF-8
 * character, so a line is a value whole. The pieces stay bytes (outside the JavaScript heap) until
 * a line is decoded: a reader that keeps one line at a time keeps only that line's text alive.
 */
export async function* linesOf(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder();
  let rest: Uint8Array | null = null;
  for await (const chunk of chunks) {
    let start = 0;
    let end = chunk.indexOf(lineEnd);
    if (rest && end !== -1) {
      const head: Uint8Array = joined(rest, chunk.subarray(0, end));
      rest = null;
      if (head.length > 0) yield decoder.decode(head);
      start = end + 1;
      end = chunk.indexOf(lineEnd, start);
    }
    for (; end !== -1; end = chunk.indexOf(lineEnd, start)) {
      if (end > start) yield decoder.decode(chunk.subarray(start, end));
      start = end + 1;
    }
    // A line that goes on in the next piece is kept as its bytes (copied: the piece may be reused).
    if (start < chunk.length) rest = joined(rest ?? new Uint8Array(0), chunk.subarray(start));
  }
  if (rest && rest.length > 0) yield decoder.decode(rest);
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const both = new Uint8Array(head.length + tail.length);
  both.set(head);
  both.set(tail, head.length);
  return both;
}
