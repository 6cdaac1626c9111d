import { Button, FormControl, Select, TextInput } from "@primer/react";
import {
  type ChainId,
  counterpartyFilter,
  dateRangeFilterChange,
  instantOfDateInput,
  jumpToInput,
  rangeOnlyOperators,
  type TransferFilters,
  type TransferTableAction,
} from "@sleuth/sdk";
import { type Ref, useState } from "react";
import { NumberFilterInput } from "../tables/NumberFilterInput.tsx";

function counterpartyText(filters: TransferFilters): string {
  return (
    filters.counterpartyAddress?.[0] ??
    filters.counterpartyEntity?.[0] ??
    filters.counterpartyAddressPrefix ??
    ""
  );
}

/**
 * The table's header filters (000 §2, 001 §2): jump-to, counterparty, direction, dates, amount and
 * asset. Each applies on Enter (or on change for selects); invalid input says why and changes nothing.
 */
export function TransferFilterBar({
  filters,
  chain,
  jumpInputRef,
  counterpartyInputRef,
  dispatch,
}: {
  filters: TransferFilters;
  chain: ChainId | null;
  jumpInputRef: Ref<HTMLInputElement>;
  counterpartyInputRef: Ref<HTMLInputElement>;
  dispatch: (action: TransferTableAction) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [from, setFrom] = useState(filters.timestamp?.gte.slice(0, 10) ?? "");
  const [to, setTo] = useState(filters.timestamp?.lte.slice(0, 10) ?? "");
  const onEnter = (apply: (value: string) => void) => (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    setProblem(null);
    const input = event.currentTarget;
    apply(input.value);
    // Back to the table's keys (j/k, n/p…), which do not fire while typing.
    input.blur();
  };
  const applyDates = (gte: string, lte: string) => {
    // 000 §5: days in UTC, the range's end day included whole.
    const change = dateRangeFilterChange([
      gte === "" ? "" : (instantOfDateInput(gte, "start") ?? gte),
      lte === "" ? "" : (instantOfDateInput(lte, "end") ?? lte),
    ]);
    if (change.kind === "invalid") setProblem(change.message);
    else
      dispatch({
        type: "filterChanged",
        key: "timestamp",
        value: change.kind === "set" ? change.filter : undefined,
      });
  };
  const setFilter = <Key extends keyof TransferFilters>(key: Key, value: TransferFilters[Key] | undefined) =>
    dispatch({ type: "filterChanged", key, value } as TransferTableAction);

  return (
    <fieldset className="sleuth-transfer-filters" aria-label="Transfer filters">
      <FormControl>
        <FormControl.Label>Jump to transaction or date</FormControl.Label>
        <TextInput
          ref={jumpInputRef}
          size="small"
          placeholder="hash or YYYY-MM-DD, Enter"
          data-testid="transfers-jump-to"
          onKeyDown={onEnter((value) => {
            // 000 §5 jump-to: a date jumps to the end of that day, other text is a hash on the address's chain.
            const jump = jumpToInput(value, chain);
            if (jump.kind === "invalid") setProblem(jump.message);
            else dispatch({ type: "jumpToChanged", jumpTo: jump.kind === "jump" ? jump.jumpTo : null });
          })}
        />
      </FormControl>
      <FormControl>
        <FormControl.Label>Counterparty</FormControl.Label>
        <TextInput
          ref={counterpartyInputRef}
          size="small"
          key={counterpartyText(filters)}
          defaultValue={counterpartyText(filters)}
          placeholder="URN or address start, Enter"
          data-testid="transfers-counterparty"
          onKeyDown={onEnter((value) => {
            // 001 §7: a pasted URN filters by it, other text by the start of an address.
            const next = counterpartyFilter(value);
            setFilter("counterpartyAddress", next.counterpartyAddress);
            setFilter("counterpartyEntity", next.counterpartyEntity);
            setFilter("counterpartyAddressPrefix", next.counterpartyAddressPrefix);
          })}
        />
      </FormControl>
      <FormControl>
        <FormControl.Label>Direction</FormControl.Label>
        <Select
          size="small"
          value={filters.direction ?? ""}
          onChange={(event) =>
            setFilter(
              "direction",
              event.target.value === "" ? undefined : (event.target.value as "incoming" | "outgoing"),
            )
          }
        >
          <Select.Option value="">All</Select.Option>
          <Select.Option value="incoming">Incoming</Select.Option>
          <Select.Option value="outgoing">Outgoing</Select.Option>
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>From</FormControl.Label>
        <TextInput
          size="small"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          onKeyDown={onEnter(() => applyDates(from, to))}
          onBlur={() => ((from && to) || (!from && !to) ? applyDates(from, to) : undefined)}
        />
      </FormControl>
      <FormControl>
        <FormControl.Label>To</FormControl.Label>
        <TextInput
          size="small"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          onKeyDown={onEnter(() => applyDates(from, to))}
          onBlur={() => ((from && to) || (!from && !to) ? applyDates(from, to) : undefined)}
        />
      </FormControl>
      <NumberFilterInput
        label="Amount"
        testId="transfers-amount-filter"
        operators={rangeOnlyOperators}
        filter={filters.relevantAmount}
        onProblem={setProblem}
        onChange={(filter) => setFilter("relevantAmount", filter)}
      />
      <FormControl>
        <FormControl.Label>Asset</FormControl.Label>
        <TextInput
          size="small"
          placeholder="symbol, Enter"
          defaultValue={filters.asset?.[0] ?? ""}
          key={filters.asset?.[0] ?? ""}
          onKeyDown={onEnter((value) => setFilter("asset", value.trim() === "" ? undefined : [value.trim()]))}
        />
      </FormControl>
      {problem ? (
        <p role="alert" className="sleuth-transfer-filter-problem">
          {problem}
        </p>
      ) : null}
      <Button size="small" variant="invisible" onClick={() => dispatch({ type: "filtersReset" })}>
        Reset filters
      </Button>
    </fieldset>
  );
}
