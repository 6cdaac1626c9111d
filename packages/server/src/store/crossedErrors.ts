/**
 * An error as it crosses from the PGlite worker to the main thread. Structured clone keeps an
 * Error's message but drops the fields PostgreSQL's errors carry (code, constraint, detail, …),
 * which isUniqueViolation and the HTTP error mapping read: they cross as plain fields.
 */
export interface CrossedError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | bigint | null>;
}

const primitive = new Set(["string", "number", "boolean", "bigint"]);

export function crossedError(error: unknown): CrossedError {
  if (!(error instanceof Error))
    return { name: "Error", message: String(error), stack: undefined, fields: {} };
  const fields: CrossedError["fields"] = {};
  // A DatabaseError's fields (severity, code, detail, constraint, …) and the query it ran; its
  // params and options may hold what cannot cross (a Blob), and are left behind.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || primitive.has(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again on this side: an Error with the same name, message and fields. */
export function errorFromCrossing(crossed: CrossedError): Error {
  const error = new Error(crossed.message);
  error.name = crossed.name;
  Object.assign(error, crossed.fields);
  if (crossed.stack) error.stack = crossed.stack;
  return error;
}
