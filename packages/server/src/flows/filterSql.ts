import type { NumberFilter } from "@sleuth/sdk";

const filterOperatorSql: Record<NumberFilter["operator"], string> = {
  eq: "=",
  neq: "<>",
  gte: ">=",
  lte: "<=",
};

/**
 * A 000 §5 number filter as a condition on `column`, its value appended to `params`; nothing when
 * the filter is not set. A null figure (an unknown USD) compares as unknown, so it matches nothing.
 */
export function numberFilterSql(
  column: string,
  filter: NumberFilter | undefined,
  params: unknown[],
  parts: string[],
): void {
  if (!filter) return;
  params.push(filter.value);
  parts.push(`${column} ${filterOperatorSql[filter.operator]} $${params.length}::float8`);
}
