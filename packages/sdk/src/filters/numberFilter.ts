import { z } from "zod";
import { filterMessages } from "./messages.ts";

/** 000 §5 number filter operators. */
export const numberFilterOperators = ["eq", "neq", "gte", "lte"] as const;
export const numberFilterOperatorSchema = z.enum(numberFilterOperators);
export type NumberFilterOperator = z.infer<typeof numberFilterOperatorSchema>;

export const numberFilterOperatorLabels = {
  eq: "equal",
  neq: "not equal",
  gte: "at least",
  lte: "at most",
} as const satisfies Record<NumberFilterOperator, string>;

/** 000 §5: some columns (amounts, volumes) allow only at least and at most. */
export const rangeOnlyOperators = ["gte", "lte"] as const satisfies readonly NumberFilterOperator[];

export const numberFilterSchema = z.object({ operator: numberFilterOperatorSchema, value: z.number() });
export type NumberFilter = z.infer<typeof numberFilterSchema>;

export type NumberFilterChange =
  | { kind: "set"; filter: NumberFilter }
  | { kind: "remove" }
  | { kind: "invalid"; message: string };

/**
 * 000 §5: the typed value is converted to a number; an empty value removes the filter. Choice:
 * thousands separators and surrounding blanks are ignored ("1,000" is 1000); text that is not a
 * finite number, or an operator the column does not allow, is invalid and leaves the filter as it was.
 */
export function numberFilterChange(
  operator: NumberFilterOperator,
  input: string,
  allowed: readonly NumberFilterOperator[] = numberFilterOperators,
): NumberFilterChange {
  const text = input.trim().replaceAll(",", "");
  if (text === "") return { kind: "remove" };
  if (!allowed.includes(operator)) return { kind: "invalid", message: filterMessages.operatorNotAllowed };
  const value = Number(text);
  if (!Number.isFinite(value)) return { kind: "invalid", message: filterMessages.notANumber };
  return { kind: "set", filter: { operator, value } };
}

/** Whether a value passes a number filter (used by the server and for client-side lists). */
export function matchesNumberFilter(value: number, filter: NumberFilter): boolean {
  switch (filter.operator) {
    case "eq":
      return value === filter.value;
    case "neq":
      return value !== filter.value;
    case "gte":
      return value >= filter.value;
    case "lte":
      return value <= filter.value;
  }
}

/** A number filter of a column that allows only at least and at most (000 §5). */
export const rangeOnlyNumberFilterSchema = numberFilterSchema.refine(
  (filter) => (rangeOnlyOperators as readonly string[]).includes(filter.operator),
  { message: filterMessages.operatorNotAllowed, path: ["operator"] },
);

const operatorSigns: readonly (readonly [string, NumberFilterOperator])[] = [
  [">=", "gte"],
  ["<=", "lte"],
  ["!=", "neq"],
  ["=", "eq"],
];

/**
 * 000 §5 number filters as a terminal types them (the CLI's flags): `>=5`, `<=5`, `=5` or `!=5`, or
 * `gte:5`, `lte:5`, `eq:5`, `neq:5`; a bare number is equal. The same rules as numberFilterChange:
 * empty removes the filter, a column may allow only at least and at most.
 */
export function numberFilterOfText(
  input: string,
  allowed: readonly NumberFilterOperator[] = numberFilterOperators,
): NumberFilterChange {
  const text = input.trim();
  const named = /^(eq|neq|gte|lte):(.*)$/.exec(text);
  if (named) return numberFilterChange(named[1] as NumberFilterOperator, named[2] ?? "", allowed);
  for (const [sign, operator] of operatorSigns)
    if (text.startsWith(sign)) return numberFilterChange(operator, text.slice(sign.length), allowed);
  // A bare number: equal, or (where equal is not allowed) the column's message says so.
  return numberFilterChange("eq", text, allowed);
}
