/**
 * The lines of a text that arrives in pieces (an NDJSON body), each without its line end, as soon as
 * its end has come; empty lines are skipped. NDJSON frames one JSON value a line, and JSON text
 * holds no raw line end, so a line is a value whole.
 */
export async function* linesOf(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string, void, undefined> {
  let rest = "";
  for await (const chunk of chunks) {
    let end = chunk.indexOf("\n");
    if (end === -1) {
      rest += chunk;
      continue;
    }
    const head = rest + chunk.slice(0, end);
    rest = "";
    if (head !== "") yield head;
    let start = end + 1;
    for (end = chunk.indexOf("\n", start); end !== -1; end = chunk.indexOf("\n", start)) {
      if (end > start) yield chunk.slice(start, end);
      start = end + 1;
    }
    rest = chunk.slice(start);
  }
  if (rest !== "") yield rest;
}
