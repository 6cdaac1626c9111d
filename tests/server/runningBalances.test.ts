import { runImport } from "@sleuth/server";
import { describe, expect, test } from "vitest";
import { ledgerRows } from "../helpers/ledgerRows.ts";
import { openTestStore, storeKinds } from "../helpers/server.ts";
import { syntheticEthereumEtlCsv } from "../helpers/syntheticEthereumEtl.ts";

// Issue 46: a transfer is written with its running balance, from the balance its address's latest
// transfer left; history that arrives out of time order is recomputed from its earliest transfer.
// Either way the balances are those of importing the whole history in order.

// Two blocks of 100 transactions each. Transfers of one block share a time, so their order is the
// order they were written in (docs/DATA.md): a block's lines stay in file order.
const whole = syntheticEthereumEtlCsv(200, 46);
const [header, ...lines] = whole.trimEnd().split("\n");
const fileOf = (rows: readonly string[]) => `${[header, ...rows].join("\n")}\n`;
const block = (index: number) => lines.slice(index * 100, index * 100 + 100);

describe.each(storeKinds)("running balances on %s", (kind) => {
  test("issue 46 history imported newest block first, in small batches, has the in-order balances", async () => {
    const inOrder = await openTestStore(kind);
    const outOfOrder = await openTestStore(kind);
    try {
      await runImport(inOrder.store, "ethereum-etl", whole);
      // The later block first, 50 lines to a batch: the earlier block's batches hold transfers
      // older than those the batches before them wrote.
      await runImport(outOfOrder.store, "ethereum-etl", fileOf([...block(1), ...block(0)]), {
        batchSize: 50,
      });
      const expected = await ledgerRows(inOrder.store);
      expect(expected.transfers.some((row) => row.balance_raw !== row.amount_raw)).toBe(true);
      expect(await ledgerRows(outOfOrder.store)).toEqual(expected);
    } finally {
      await inOrder.dispose();
      await outOfOrder.dispose();
    }
    // Two stores and two imports: on a machine shared with other builds, more than the default minute.
  }, 120_000);
});
