import { z } from "zod";
import type { AnswerIssue } from "./httpCore.ts";
import type { CallOptions } from "./searchApi.ts";

/**
 * Options of a bulk call whose caller reads only part of each item. `select` is a schema picked from
 * the call's item schema (`addressRiskInfoSchema.pick({ riskScore: true })`, or narrower in a nested
 * part): each item is checked against it, plus the URN it echoes, and what it leaves out is neither
 * checked nor kept. A batch reads four fields of each metrics summary and one of each risk summary,
 * so checking and copying the rest would be CPU spent on nothing it shows.
 */
export interface BulkCallOptions<Select extends z.ZodObject | undefined = undefined> extends CallOptions {
  select?: Select;
}

/** The items a bulk call gives back: whole, or the `select`ed part with the URN each echoes. */
export type Selected<Item, UrnField extends keyof Item, Select> = Select extends z.ZodObject
  ? z.infer<Select> & Pick<Item, UrnField>
  : Item;

/**
 * The items of a bulk answer (000 §7), each echoing one URN of its request in `urnField`, checked
 * in two steps: the item schema with that field as a plain string (built once per call, so zod
 * compiles it once), then `echoIssues` against the URNs sent. Every URN sent passed the request
 * schema's URN checks first, so an echo of one is a valid URN of the right kind: parsing each echo
 * again, checksum and all, would only repeat that work. Checking against the request is also
 * stricter: a valid URN the request did not ask about is rejected as well.
 */
export function echoingItemsSchema<Item extends z.ZodObject>(
  itemSchema: Item,
  urnField: keyof z.infer<Item> & string,
): z.ZodType<z.infer<Item>[]> {
  // The field's schema is a refined string: it infers `string` either way, so the type holds.
  return z.array(itemSchema.extend({ [urnField]: z.string() })) as unknown as z.ZodType<z.infer<Item>[]>;
}

// One items schema per selection and URN field: zod compiles a schema's parser on its first use, and
// a batch sends hundreds of requests with the same selection.
const selections = new WeakMap<z.ZodObject, Map<string, z.ZodType>>();

/**
 * The items schema of a call (`whole`, built once with echoingItemsSchema), or of the caller's
 * `select` on it, built on its first use and kept for the selection's lifetime.
 */
export function itemsSchemaOf(
  whole: z.ZodType,
  urnField: string,
  select: z.ZodObject | undefined,
): z.ZodType {
  if (select === undefined) return whole;
  let byField = selections.get(select);
  if (!byField) {
    byField = new Map();
    selections.set(select, byField);
  }
  let schema = byField.get(urnField);
  if (!schema) {
    schema = echoingItemsSchema(select, urnField as never);
    byField.set(urnField, schema);
  }
  return schema;
}

/**
 * One issue per item whose `urnField` is not among `asked` (see echoingItemsSchema). The server
 * answers in request order, so each echo is looked for from where the previous one was found: a
 * string comparison or two per item, where a set of the URNs sent would be built for every request.
 * An echo not found that way (an answer in another order) is looked up in a set.
 */
export function echoIssues<Item extends object>(
  items: readonly Item[],
  urnField: keyof Item & string,
  asked: readonly string[],
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  let askedUrns: Set<unknown> | null = null;
  let next = 0;
  for (const [index, item] of items.entries()) {
    const urn = item[urnField];
    let at = next;
    while (at < asked.length && asked[at] !== urn) at += 1;
    if (at < asked.length) {
      next = at + 1;
      continue;
    }
    askedUrns ??= new Set(asked);
    if (!askedUrns.has(urn))
      issues.push({
        code: "custom",
        path: ["data", index, urnField],
        message: "Not a URN the request asked about",
      });
  }
  return issues;
}
