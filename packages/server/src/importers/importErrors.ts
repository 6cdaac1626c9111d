/**
 * The input as a whole cannot be imported (not the format asked for, a required column missing,
 * malformed YAML): nothing is written and the route answers 400 with this message.
 */
export class ImportFormatError extends Error {
  readonly line: number | null;

  constructor(message: string, line: number | null = null) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = "ImportFormatError";
    this.line = line;
  }
}

/** A record that was left out, with the line it starts on (1-based) and why. */
export interface SkippedRecord {
  line: number;
  reason: string;
}
