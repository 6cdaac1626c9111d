import { indirectHops } from "../rollups/rollups.ts";

// An independent, in-memory statement of what the exposure rollups mean, used by the tests to check
// the SQL (rollups/rollups.ts) against the transfers themselves.

export interface TransferSide {
  address: number;
  counterparty: number | null;
  direction: "incoming" | "outgoing";
  usd: number;
  time: string;
}

export interface Exposure {
  incomingUsd: number;
  outgoingUsd: number;
  instances: number;
  lastTransferAt: string;
}

/** Exposure per "address:riskType:category", riskType counterparty or indirect. */
export function computeExposure(
  transfers: readonly TransferSide[],
  categoriesOf: ReadonlyMap<number, ReadonlySet<number>>,
) {
  const exposure = new Map<string, Exposure>();
  const add = (
    address: number,
    riskType: string,
    category: number,
    side: "in" | "out",
    usd: number,
    time: string,
  ) => {
    const key = `${address}:${riskType}:${category}`;
    const row = exposure.get(key) ?? { incomingUsd: 0, outgoingUsd: 0, instances: 0, lastTransferAt: time };
    if (side === "in") row.incomingUsd += usd;
    else row.outgoingUsd += usd;
    row.instances += 1;
    if (time > row.lastTransferAt) row.lastTransferAt = time;
    exposure.set(key, row);
  };
  for (const transfer of transfers) {
    for (const category of categoriesOf.get(transfer.counterparty ?? -1) ?? []) {
      add(
        transfer.address,
        "counterparty",
        category,
        transfer.direction === "incoming" ? "in" : "out",
        transfer.usd,
        transfer.time,
      );
    }
  }
  for (const side of ["in", "out"] as const) {
    const direction = side === "in" ? "incoming" : "outgoing";
    const shares = sharesOf(transfers, categoriesOf, direction);
    for (const transfer of transfers) {
      if (transfer.direction !== direction || transfer.counterparty === null) continue;
      for (const [category, share] of shares.get(transfer.counterparty) ?? []) {
        add(transfer.address, "indirect", category, side, transfer.usd * share, transfer.time);
      }
    }
  }
  return exposure;
}

/** Per unattributed address, the share of its volume in `direction` traced to each category. */
function sharesOf(
  transfers: readonly TransferSide[],
  categoriesOf: ReadonlyMap<number, ReadonlySet<number>>,
  direction: "incoming" | "outgoing",
): Map<number, Map<number, number>> {
  const totals = new Map<number, number>();
  const direct = new Map<number, Map<number, number>>();
  for (const transfer of transfers) {
    if (transfer.direction !== direction || categoriesOf.has(transfer.address)) continue;
    totals.set(transfer.address, (totals.get(transfer.address) ?? 0) + transfer.usd);
    for (const category of categoriesOf.get(transfer.counterparty ?? -1) ?? []) {
      const row = direct.get(transfer.address) ?? new Map<number, number>();
      row.set(category, (row.get(category) ?? 0) + transfer.usd);
      direct.set(transfer.address, row);
    }
  }
  const divide = (sums: Map<number, Map<number, number>>) => {
    const shares = new Map<number, Map<number, number>>();
    for (const [address, row] of sums) {
      const total = totals.get(address) ?? 0;
      if (total <= 0) continue;
      shares.set(address, new Map([...row].map(([category, usd]) => [category, usd / total])));
    }
    return shares;
  };
  const positiveDirect = new Map(
    [...direct].map(([address, row]) => [address, new Map([...row].filter(([, usd]) => usd > 0))] as const),
  );
  let shares = divide(positiveDirect);
  for (let hop = 2; hop <= indirectHops; hop++) {
    const sums = new Map([...positiveDirect].map(([address, row]) => [address, new Map(row)]));
    for (const transfer of transfers) {
      if (transfer.direction !== direction || transfer.counterparty === null || !totals.has(transfer.address))
        continue;
      if ((totals.get(transfer.address) ?? 0) <= 0) continue;
      for (const [category, share] of shares.get(transfer.counterparty) ?? []) {
        const row = sums.get(transfer.address) ?? new Map<number, number>();
        row.set(category, (row.get(category) ?? 0) + transfer.usd * share);
        sums.set(transfer.address, row);
      }
    }
    shares = divide(sums);
  }
  return shares;
}
