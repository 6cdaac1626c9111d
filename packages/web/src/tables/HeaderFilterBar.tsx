import { hasHeaderFilters, type NumberFilter, type NumberFilterOperator } from "@sleuth/sdk";
import { type Ref, useEffect, useState } from "react";
import { NumberFilterInput, UrnFilterInput } from "./NumberFilterInput.tsx";
import "./tables.css";

/** One 000 §5 header filter of a table: a number column (with the operators it allows) or a URN column. */
export type HeaderFilterField<Filters> =
  | {
      kind: "number";
      key: keyof Filters & string;
      label: string;
      testId: string;
      operators?: readonly NumberFilterOperator[];
    }
  | {
      kind: "urn";
      key: keyof Filters & string;
      label: string;
      testId: string;
      placeholder: string;
      notUrnMessage: string;
      /** The URN the text stands for, or null (an SDK rule such as counterpartyUrnOfText). */
      toUrn: (text: string) => string | null;
    };

/**
 * A table's 000 §5 header filters and their setter: a filter set to undefined is removed, and
 * `onChange` runs after each change (the table goes back to its first page).
 */
export function useHeaderFilters<Filters extends object>(onChange: () => void) {
  const [filters, setFilters] = useState<Filters>({} as Filters);
  const setFilter = (key: keyof Filters, value: unknown) => {
    const next = { ...filters } as Record<keyof Filters, unknown>;
    if (value === undefined) delete next[key];
    else next[key] = value;
    setFilters(next as Filters);
    onChange();
  };
  return {
    filters,
    setFilter,
    reset: () => setFilters({} as Filters),
    /** Whether any is set: the filtered-empty state offers Reset filters. */
    active: hasHeaderFilters(filters),
  };
}

/**
 * The header filters of a table's named columns (000 §5), one box each, shared by every pane with
 * them: a number filter applies its operator and value on Enter, a URN filter a pasted URN; an
 * invalid entry says why below the bar and changes nothing. The first URN box takes `urnInputRef`
 * (the pane's "f" focuses it; Tab reaches the others).
 */
export function HeaderFilterBar<Filters extends object>({
  fields,
  filters,
  setFilter,
  urnInputRef,
  children,
}: {
  fields: readonly HeaderFilterField<Filters>[];
  filters: Filters;
  setFilter: (key: keyof Filters, value: unknown) => void;
  urnInputRef?: Ref<HTMLInputElement>;
  /** Controls of the pane placed after the filters (a Download CSV button). */
  children?: React.ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // A change of the filters (one applied, or all reset) ends the last entry's problem.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' change is the trigger.
  useEffect(() => setProblem(null), [filters]);
  const values = filters as Record<string, unknown>;
  const firstUrn = fields.find((field) => field.kind === "urn");
  return (
    <>
      {fields.map((field) =>
        field.kind === "number" ? (
          <NumberFilterInput
            key={field.key}
            label={field.label}
            testId={field.testId}
            {...(field.operators ? { operators: field.operators } : {})}
            filter={values[field.key] as NumberFilter | undefined}
            onProblem={setProblem}
            onChange={(filter) => setFilter(field.key, filter)}
          />
        ) : (
          <UrnFilterInput
            key={field.key}
            label={field.label}
            placeholder={field.placeholder}
            testId={field.testId}
            {...(field === firstUrn && urnInputRef ? { inputRef: urnInputRef } : {})}
            notUrnMessage={field.notUrnMessage}
            value={(values[field.key] as string[] | undefined)?.[0]}
            toUrn={field.toUrn}
            onProblem={setProblem}
            onChange={(urn) => setFilter(field.key, urn ? [urn] : undefined)}
          />
        ),
      )}
      {children}
      {problem ? (
        <p role="alert" className="sleuth-filter-problem">
          {problem}
        </p>
      ) : null}
    </>
  );
}
