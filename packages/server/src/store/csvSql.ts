import { csvFormulaTriggers, csvPlainNegativeDecimal } from "@sleuth/sdk";

/**
 * SQL expressions that spell a value as one cell of the SDK's CSV writer (toCsvRecords: papaparse
 * with the SDK's formula neutralisation), for statements that answer CSV text themselves (the
 * transfer export, issue 29). They run on PGlite and PostgreSQL alike; the export's tests prove the
 * store's text byte-identical to the JavaScript writer's over awkward rows.
 */

/** A character as SQL: chr(code), which the planner folds into a constant. */
const charSql = (character: string) => `chr(${character.codePointAt(0)})`;

// The SDK's triggers, but NUL: PostgreSQL text cannot hold it, so no stored text starts with it.
const storableTriggers = csvFormulaTriggers.filter((trigger) => trigger !== "\0");

/** What papaparse quotes besides a neutralised cell: a quote, the delimiter, CR, LF, a BOM (its BAD_DELIMITERS). */
const quotedCharacters = ['"', ",", "\r", "\n", "\ufeff"];
const quotedPattern = `('[' || ${quotedCharacters.map(charSql).join(" || ")} || ']|^ | $')`;

/** `text` with its quotes doubled and quotes around it, as RFC 4180 (papaparse) quotes a cell. */
const quotedSql = (text: string, lead = "") => `'"${lead}' || replace(${text}, '"', '""') || '"'`;

/**
 * A text value as its cell (null stays null: csvRecordSql writes it empty): a value the SDK's rule takes for a formula (a leading
 * trigger, unless the whole value is a plain negative decimal) gets a leading ' and quotes, as
 * papaparse's escapeFormulae writes it; a value with a quote, comma, line break or BOM, or a space
 * at either end, is quoted; anything else is written as it is. `value` is evaluated more than once:
 * pass a column or a cheap expression.
 */
export function csvTextCellSql(value: string): string {
  return `CASE WHEN left(${value}, 1) IN (${storableTriggers.map(charSql).join(", ")})
      AND ${value} !~ '^(?:${csvPlainNegativeDecimal})$' THEN ${quotedSql(value, "''")}
    WHEN ${value} ~ ${quotedPattern} THEN ${quotedSql(value)}
    ELSE ${value} END`;
}

/**
 * A double of 2^52 or more (or NaN, ±Infinity) spelled as Number#toString spells it. PostgreSQL's
 * shortest digits keep strictly inside a double's rounding interval, JavaScript's may take its
 * edge, which for such integers is a decimal one digit shorter: the value rounded to one digit
 * fewer is taken when it reads back as the same double. Positional below 1e21, else d.ddde+x.
 */
function largeNumberSql(value: string): string {
  // A shorter value past the largest double would not read back at all.
  const maxDouble = "1.7976931348623157e308";
  const digits = "rtrim(abs(w)::text, '0')";
  return `(SELECT CASE WHEN t !~ 'e' THEN t WHEN abs(x) < 1e21::float8 THEN w::text
      ELSE CASE WHEN w < 0 THEN '-' ELSE '' END || left(${digits}, 1)
        || CASE WHEN length(${digits}) > 1 THEN '.' || substr(${digits}, 2) ELSE '' END
        || 'e+' || (length(abs(w)::text) - 1) END
    FROM (SELECT x, t, CASE WHEN k < 2 OR abs(c) > ${maxDouble} THEN n WHEN c::float8 = x THEN c ELSE n END AS w
      FROM (SELECT x, t, n, k, round(n, k - 2 - e) AS c
      FROM (SELECT x, t, CASE WHEN t ~ 'e' THEN t::numeric END AS n,
          length(translate(split_part(t, 'e', 1), '-.', '')) AS k, nullif(split_part(t, 'e', 2), '')::int AS e
        FROM (SELECT ${value} AS x, (${value})::text AS t) a) b) c) d)`;
}

/**
 * A double precision value as its cell, spelled as JavaScript's Number#toString spells it (papaparse
 * writes a number so, never neutralised): the shortest round-trip digits, positional from 1e-6 up to
 * 1e21 and exponential outside (e-7, not e-07); 0 for either zero; empty when null.
 */
export function csvNumberCellSql(value: string): string {
  return `CASE WHEN ${value} IS NULL THEN '' WHEN ${value} = 0 THEN '0'
    WHEN abs(${value}) >= 4503599627370496::float8 THEN ${largeNumberSql(value)}
    WHEN abs(${value}) < 1e-6::float8 THEN regexp_replace(${value}::text, 'e([+-])0*', 'e\\1')
    ELSE ${value}::text::numeric::text END`;
}

/** Whether a cell ending with `value` is quoted for what `value` holds (a boolean SQL expression). */
export function csvQuotedTailSql(value: string): string {
  return `${value} ~ ('[' || ${quotedCharacters.map(charSql).join(" || ")} || ']| $')`;
}

/**
 * The cell of `prefix || value`, for a prefix that starts with a letter and holds nothing CSV
 * quotes (a URN's kind and chain before its value): only the value can make it quoted, and it never
 * starts a formula. `quoted` is csvQuotedTailSql(value), or a column that holds it, read once per
 * distinct value rather than per row.
 */
export function csvPrefixedCellSql(prefix: string, value: string, quoted = csvQuotedTailSql(value)): string {
  return `CASE WHEN ${quoted} THEN '"' || ${prefix} || replace(${value}, '"', '""') || '"' ELSE ${prefix} || ${value} END`;
}

/**
 * Cells (each one cell's text, or null for an empty cell) as one CSV record, without its line end:
 * built in one piece (concat_ws) rather than by a concatenation per cell.
 */
export function csvRecordSql(cells: readonly string[]): string {
  return `concat_ws(',', ${cells.map((cell) => `coalesce(${cell}, '')`).join(", ")})`;
}
