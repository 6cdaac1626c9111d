import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressChainUrn, entityUrn, transactionUrn } from "../chains/urn.ts";
import {
  initialTransferTableState,
  isUsdSortDisabled,
  type TransferTableAction,
  type TransferTableState,
  transferTableReducer,
} from "./transferTable.ts";

const subject = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
const jump = {
  transactionUrn: transactionUrn(
    "bitcoin",
    "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
  ),
};
const range = { gte: "2024-01-01T00:00:00Z", lte: "2024-02-01T00:00:00Z" };
const run = (
  actions: TransferTableAction[],
  state: TransferTableState = initialTransferTableState(subject),
) => actions.reduce(transferTableReducer, state);

describe("001 §4 transfer table", () => {
  test("001 §4 filters and sort reset when the subject changes", () => {
    const busy = run([
      { type: "filterChanged", key: "direction", value: "incoming" },
      { type: "sortChanged", sort: { column: "usdAmount", direction: "asc" } },
    ]);
    expect(run([{ type: "subjectChanged", subjectUrn: subject }], busy)).toBe(busy);
    expect(run([{ type: "subjectChanged", subjectUrn: entityUrn("acme") }], busy)).toEqual(
      initialTransferTableState(entityUrn("acme")),
    );
  });

  test("001 §4 jump-to forces timestamp descending", () => {
    const state = run([
      { type: "sortChanged", sort: { column: "usdAmount", direction: "asc" } },
      { type: "jumpToChanged", jumpTo: jump },
      { type: "sortChanged", sort: { column: "timestamp", direction: "asc" } },
    ]);
    expect(state.sort).toEqual({ column: "timestamp", direction: "desc" });
    expect(run([{ type: "jumpToChanged", jumpTo: null }], state).jumpTo).toBeNull();
  });

  test("001 §5 USD sort is disabled while a timestamp filter, a hash filter or a jump-to is active", () => {
    expect(isUsdSortDisabled(run([{ type: "filterChanged", key: "timestamp", value: range }]))).toBe(true);
    expect(isUsdSortDisabled(run([{ type: "filterChanged", key: "hash", value: "4a5e" }]))).toBe(true);
    expect(
      isUsdSortDisabled(run([{ type: "jumpToChanged", jumpTo: { timestamp: "2024-01-01T00:00:00Z" } }])),
    ).toBe(true);
    expect(isUsdSortDisabled(run([{ type: "filterChanged", key: "direction", value: "outgoing" }]))).toBe(
      false,
    );

    const refused = run([
      { type: "filterChanged", key: "hash", value: "4a5e" },
      { type: "sortChanged", sort: { column: "usdAmount", direction: "desc" } },
    ]);
    expect(refused.sort.column).toBe("timestamp");

    const fallsBack = run([
      { type: "sortChanged", sort: { column: "usdAmount", direction: "desc" } },
      { type: "filterChanged", key: "timestamp", value: range },
    ]);
    expect(fallsBack.sort).toEqual({ column: "timestamp", direction: "desc" });

    const removed = run([{ type: "filterChanged", key: "hash", value: undefined }], refused);
    expect(isUsdSortDisabled(removed)).toBe(false);
    expect(removed.filters).toEqual({});
  });

  test("001 §5 after any sequence of actions the table never sorts by USD while it is disabled", () => {
    const action = fc.oneof(
      fc.constant<TransferTableAction>({ type: "filterChanged", key: "timestamp", value: range }),
      fc.constant<TransferTableAction>({ type: "filterChanged", key: "timestamp", value: undefined }),
      fc.constant<TransferTableAction>({ type: "filterChanged", key: "hash", value: "abc" }),
      fc.constant<TransferTableAction>({ type: "filterChanged", key: "hash", value: undefined }),
      fc.constant<TransferTableAction>({ type: "filtersReset" }),
      fc.constant<TransferTableAction>({ type: "jumpToChanged", jumpTo: jump }),
      fc.constant<TransferTableAction>({ type: "jumpToChanged", jumpTo: null }),
      fc.constantFrom<TransferTableAction>(
        { type: "sortChanged", sort: { column: "usdAmount", direction: "asc" } },
        { type: "sortChanged", sort: { column: "timestamp", direction: "asc" } },
      ),
    );
    fc.assert(
      fc.property(fc.array(action), (actions) => {
        const state = run(actions);
        if (isUsdSortDisabled(state)) expect(state.sort.column).toBe("timestamp");
        if (state.jumpTo !== null) expect(state.sort).toEqual({ column: "timestamp", direction: "desc" });
      }),
    );
  });
});
