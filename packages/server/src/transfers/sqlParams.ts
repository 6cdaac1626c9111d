/** Positional parameters of one statement: `add` answers the placeholder of a new value. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast = ""): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}
