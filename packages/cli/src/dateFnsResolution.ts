import { type ResolveHookContext, registerHooks } from "node:module";

// Node (24) learns the module type of each ESM file it loads by reading the package's package.json
// again, and its reader parses the whole `exports` map each time. date-fns's map is 199 KB and the
// SDK's date helpers load about fifty of its files: 80 ms of parsing, and a garbage collection, in
// every run of the CLI before its first request (a third of its start-up). date-fns ships the same
// functions as CommonJS files (.cjs), whose type needs no lookup. Every date-fns import of the
// process resolves here, so one copy of it is loaded, never both.

const dateFns = /^date-fns(\/|$)/;

/** The conditions that pick date-fns's CommonJS build for an ESM import of `specifier`. */
export function dateFnsConditions(specifier: string, context: ResolveHookContext): string[] | null {
  if (!dateFns.test(specifier)) return null;
  return context.conditions.map((condition) => (condition === "import" ? "require" : condition));
}

/** Resolves every later import of date-fns to its CommonJS build (see above). */
export function resolveDateFnsAsCommonJs(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const conditions = dateFnsConditions(specifier, context);
      return nextResolve(specifier, conditions ? { ...context, conditions } : context);
    },
  });
}
