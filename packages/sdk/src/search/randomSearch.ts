import type { RouteDescriptor } from "./searchRoutes.ts";

function randomHex(length: number, random: () => number): string {
  let hex = "";
  for (let index = 0; index < length; index += 1) hex += Math.floor(random() * 16).toString(16);
  return hex;
}

/**
 * 002 §2: the random button opens a random Ethereum address page or a random Ethereum transaction in
 * the graph visualizer, with even odds. `random` returns numbers in [0, 1) (Math.random by default). When
 * the caller knows real addresses or transactions it passes them and one is picked; otherwise a
 * well-formed one is made up. With `knownOnly`, a kind whose pool is empty is not picked when the
 * other kind has known items, so the button never opens a made-up page while a real one exists.
 */
export function randomSearchRoute(
  options: {
    random?: () => number;
    addresses?: readonly string[];
    transactions?: readonly string[];
    knownOnly?: boolean;
  } = {},
): RouteDescriptor {
  const random = options.random ?? Math.random;
  const pick = (pool: readonly string[] | undefined, length: number) =>
    pool && pool.length > 0
      ? pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!
      : `0x${randomHex(length, random)}`;
  const hasAddresses = (options.addresses?.length ?? 0) > 0;
  const hasTransactions = (options.transactions?.length ?? 0) > 0;
  const onlyOneKnown = options.knownOnly === true && hasAddresses !== hasTransactions;
  if (onlyOneKnown ? hasAddresses : random() < 0.5) {
    return { name: "addressPage", params: { address: pick(options.addresses, 40), chain: "ethereum" } };
  }
  return { name: "graphVisualizer", query: { chain: "ethereum", txn: pick(options.transactions, 64) } };
}
