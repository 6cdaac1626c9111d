import { ApiError, riskLabelOf, sleep } from "@sleuth/sdk";
import { authRequired } from "../errors.ts";
import type { BatchCandidate } from "./batchRecognition.ts";
import { type BatchKind, type BatchRow, emptyBatchRow } from "./batchRow.ts";
import type { BatchEntry, BatchSlice } from "./batchSlices.ts";
import type { RateGate } from "./rateGate.ts";

/** The looked-up fields of a row; each lookup fills the ones it knows. */
export type BatchDetails = Partial<
  Pick<
    BatchRow,
    | "entity"
    | "category"
    | "categoryRiskScoreLevel"
    | "balanceAmountUsd"
    | "totalVolumeUsd"
    | "firstActiveDate"
    | "lastActiveDate"
  >
>;

export interface LookupAnswer {
  /**
   * What the store knows of each URN it knows; a URN left out is unknown to this lookup. A new map
   * for each answer: the caller keeps it and adds the answers of retries to it.
   */
  found: Map<string, BatchDetails>;
  /** URNs whose request failed (after the SDK's own retry), with why. */
  failed: { urns: readonly string[]; error: unknown }[];
}

/**
 * One bulk call the batch makes for every slice holding URNs of its kind (address metrics, address
 * risk, address attribution…). `run` reports failed requests in its answer rather than throwing.
 */
export interface BatchLookup {
  /** Names the call in a row's error, e.g. "address metrics". */
  name: string;
  kind: BatchKind;
  run(urns: readonly string[], signal: AbortSignal): Promise<LookupAnswer>;
}

export interface ResolveOptions {
  lookups: readonly BatchLookup[];
  /** How many more times a failed request is sent, after a pause, before its rows are failed. */
  retries: number;
  /** The pause before retry number `attempt` (1-based). */
  retryDelayMs: (attempt: number) => number;
  signal: AbortSignal;
  /** Shared by the whole run: a rate-limited answer holds every request for a while. */
  gate: RateGate;
  /** How often one request may be rate limited before its rows are failed. */
  maxRateLimited: number;
}

function describeFailure(error: unknown): string {
  if (error instanceof ApiError)
    return error.requestId
      ? `${error.message} (${error.code}, request id ${error.requestId})`
      : `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** A rejected token stops the whole run (exit code 4): every later request would fail the same way. */
function stopOnAuthFailure(error: unknown): void {
  if (error instanceof ApiError && error.status === 401)
    throw authRequired(`the server did not accept the token (${error.code})`);
}

/** The longest wait the rate-limited answers asked for; null when none said. */
function retryAfterOf(limited: LookupAnswer["failed"]): number | null {
  const asked = limited.flatMap(({ error }) =>
    error instanceof ApiError && error.retryAfterMs !== null ? [error.retryAfterMs] : [],
  );
  return asked.length > 0 ? Math.max(...asked) : null;
}

function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

/**
 * Runs one lookup over `urns`, sending failed requests again (000 §7: retried, then reported). A
 * request the server turns away for its rate limit is sent again once the gate opens, without using
 * up a retry, at most `maxRateLimited` times.
 */
async function runLookup(
  lookup: BatchLookup,
  urns: readonly string[],
  options: ResolveOptions,
): Promise<LookupResult> {
  let found: Map<string, BatchDetails> | null = null;
  const errors = new Map<string, string>();
  const give = (failure: LookupAnswer["failed"][number]) => {
    const message = `${lookup.name} failed: ${describeFailure(failure.error)}`;
    for (const urn of failure.urns) errors.set(urn, message);
  };
  let pending = urns;
  let retries = 0;
  let limitedTimes = 0;
  while (pending.length > 0) {
    await options.gate.ready(options.signal);
    options.signal.throwIfAborted();
    const answer = await lookup.run(pending, options.signal);
    // Most slices take one request per lookup: its answer is kept as it is, a retry's merged into it.
    if (found === null) found = answer.found;
    else for (const [urn, details] of answer.found) found.set(urn, details);
    const again: string[] = [];
    const failed = answer.failed.filter((failure) => {
      stopOnAuthFailure(failure.error);
      return !isRateLimited(failure.error);
    });
    const limited = answer.failed.filter((failure) => isRateLimited(failure.error));
    if (limited.length > 0) {
      limitedTimes += 1;
      options.gate.limited(retryAfterOf(limited));
      if (limitedTimes <= options.maxRateLimited) again.push(...limited.flatMap((failure) => failure.urns));
      else limited.forEach(give);
    }
    if (failed.length > 0) {
      if (retries < options.retries) {
        retries += 1;
        await sleep(options.retryDelayMs(retries), options.signal);
        again.push(...failed.flatMap((failure) => failure.urns));
      } else failed.forEach(give);
    }
    pending = again;
  }
  return { found: found ?? new Map(), errors };
}

/** What one lookup learnt over a slice: the details of the URNs it knows, and why it failed others. */
export interface LookupResult {
  found: ReadonlyMap<string, BatchDetails>;
  errors: ReadonlyMap<string, string>;
}

/**
 * The lookups of one kind over its URNs. The kind's first lookup (address metrics: every known
 * address has a summary) tells which URNs the store knows; the others are asked only about those,
 * and about those whose first lookup failed. A 0x-address pasted without a chain is a candidate on
 * every EVM chain, and most of those candidates are unknown.
 */
async function runKind(
  lookups: readonly BatchLookup[],
  urns: readonly string[],
  options: ResolveOptions,
): Promise<LookupResult[]> {
  const [first, ...rest] = lookups;
  if (!first) return [];
  const answer = await runLookup(first, urns, options);
  // The answer names the URNs it knows, in request order: the candidates it does not know (most
  // of them, for 0x-addresses) are never looked at again.
  const known = [...answer.found.keys(), ...answer.errors.keys()];
  if (known.length === 0) return [answer];
  return [answer, ...(await Promise.all(rest.map((lookup) => runLookup(lookup, known, options))))];
}

/** The distinct candidate URNs of a slice, by kind, in input order. */
function urnsByKind(slice: BatchSlice): Map<BatchKind, string[]> {
  const seen = new Set<string>();
  const byKind = new Map<BatchKind, string[]>();
  for (const entry of slice.entries) {
    if (entry.recognition.type !== "lookup") continue;
    for (const { kind, urn } of entry.recognition.candidates) {
      if (seen.has(urn)) continue;
      seen.add(urn);
      const urns = byKind.get(kind);
      if (urns) urns.push(urn);
      else byKind.set(kind, [urn]);
    }
  }
  return byKind;
}

/** Resolves every candidate URN of a slice: each kind's lookups (see runKind), all kinds at once. */
export async function resolveSlice(slice: BatchSlice, options: ResolveOptions): Promise<BatchRow[]> {
  const answers = await Promise.all(
    [...urnsByKind(slice)].map(([kind, urns]) =>
      runKind(
        options.lookups.filter((lookup) => lookup.kind === kind),
        urns,
        options,
      ),
    ),
  );
  const results = mergedResults(answers.flat());
  const rows: BatchRow[] = [];
  for (const entry of slice.entries) addRowsOf(entry, results, rows);
  return rows;
}

/** What every lookup learnt of one URN. */
interface MergedResult {
  details: BatchDetails;
  errors: string[] | null;
}

/**
 * The lookups' answers by URN, for the URNs some lookup knows or failed on: where two lookups name
 * the same field, the later one's stands, and the errors come in lookup order. One entry per known
 * URN, so each candidate of the slice (thousands, most of them unknown) is looked up once.
 */
function mergedResults(results: readonly LookupResult[]): Map<string, MergedResult> {
  const merged = new Map<string, MergedResult>();
  const entryOf = (urn: string) => {
    let entry = merged.get(urn);
    if (!entry) {
      entry = { details: {}, errors: null };
      merged.set(urn, entry);
    }
    return entry;
  };
  for (const result of results) {
    for (const [urn, details] of result.found) Object.assign(entryOf(urn).details, details);
    for (const [urn, error] of result.errors) {
      const entry = entryOf(urn);
      entry.errors ??= [];
      entry.errors.push(error);
    }
  }
  return merged;
}

/** The row of a candidate that some lookup knows or failed on, else null. */
function rowOf(
  input: string,
  candidate: BatchCandidate,
  results: ReadonlyMap<string, MergedResult>,
): BatchRow | null {
  const result = results.get(candidate.urn);
  if (!result) return null;
  const row = emptyBatchRow(input, "resolved", null);
  Object.assign(row, result.details);
  if (result.errors) {
    row.status = "failed";
    row.error = result.errors.join("; ") || null;
  }
  row.kind = candidate.kind;
  row.chain = candidate.chain;
  row.urn = candidate.urn;
  const level = row.categoryRiskScoreLevel ?? null;
  row.riskLabel = level === null ? null : riskLabelOf(level);
  return row;
}

// Our words for an identifier the store has never seen.
export const notFound = "not found";

/**
 * The rows of one input, added to `rows`. Invalid input: one row saying why. Otherwise one row per
 * candidate the store knows (an address on several chains gets a row for each chain it is known on,
 * in registry order), plus a row per candidate whose lookups failed; when that leaves nothing, one
 * row saying the identifier is unknown.
 */
function addRowsOf(entry: BatchEntry, results: ReadonlyMap<string, MergedResult>, rows: BatchRow[]): void {
  const { text } = entry.input;
  if (entry.recognition.type === "invalid") {
    rows.push(emptyBatchRow(text, "invalid", entry.recognition.reason));
    return;
  }
  if (entry.recognition.type === "unsearched") {
    rows.push({ ...emptyBatchRow(text, "unknown", entry.recognition.reason), kind: entry.recognition.kind });
    return;
  }
  const { candidates } = entry.recognition;
  const before = rows.length;
  for (const candidate of candidates) {
    const row = rowOf(text, candidate, results);
    if (row) rows.push(row);
  }
  if (rows.length > before) return;
  rows.push(unknownRow(text, candidates));
}

/** The one row of an input no lookup knows: which chains it was looked for on. */
function unknownRow(text: string, candidates: readonly BatchCandidate[]): BatchRow {
  const [first] = candidates;
  if (candidates.length === 1 && first)
    return {
      ...emptyBatchRow(text, "unknown", notFound),
      kind: first.kind,
      chain: first.chain,
      urn: first.urn,
    };
  const kinds = new Set(candidates.map((candidate) => candidate.kind));
  const chains = candidates.flatMap((candidate) => (candidate.chain ? [candidate.chain] : []));
  return {
    ...emptyBatchRow(text, "unknown", chains.length > 0 ? `${notFound} on ${chains.join(", ")}` : notFound),
    kind: kinds.size === 1 && first ? first.kind : null,
  };
}
