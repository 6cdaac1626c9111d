import { FormControl, Select, TextInput } from "@primer/react";
import {
  type NumberFilter,
  type NumberFilterOperator,
  numberFilterChange,
  numberFilterOperatorLabels,
  numberFilterOperators,
} from "@sleuth/sdk";
import { type Ref, useState } from "react";
import "./tables.css";

/**
 * A 000 §5 number header filter: an operator (equal, not equal, at least, at most, or only the
 * last two where the column allows no more) and a value, applied on Enter by the SDK's rule (an
 * empty value removes the filter; text that is not a number says so and changes nothing).
 */
export function NumberFilterInput({
  label,
  filter,
  operators = numberFilterOperators,
  testId,
  onChange,
  onProblem,
}: {
  label: string;
  filter: NumberFilter | undefined;
  operators?: readonly NumberFilterOperator[];
  testId: string;
  onChange: (filter: NumberFilter | undefined) => void;
  onProblem: (message: string | null) => void;
}) {
  const [operator, setOperator] = useState<NumberFilterOperator>(filter?.operator ?? operators[0] ?? "gte");
  return (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <div className="sleuth-number-filter">
        <Select
          size="small"
          aria-label={`${label} operator`}
          data-testid={`${testId}-operator`}
          value={operator}
          onChange={(event) => setOperator(event.target.value as NumberFilterOperator)}
        >
          {operators.map((key) => (
            <Select.Option key={key} value={key}>
              {numberFilterOperatorLabels[key]}
            </Select.Option>
          ))}
        </Select>
        <TextInput
          size="small"
          inputMode="decimal"
          placeholder="Enter"
          aria-label={label}
          data-testid={testId}
          key={filter ? `${filter.operator}:${filter.value}` : "none"}
          defaultValue={filter ? String(filter.value) : ""}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            const change = numberFilterChange(operator, event.currentTarget.value, operators);
            if (change.kind === "invalid") {
              onProblem(change.message);
              return;
            }
            onProblem(null);
            onChange(change.kind === "set" ? change.filter : undefined);
            // Back to the table's keys (j/k, n/p…), which do not fire while typing.
            event.currentTarget.blur();
          }}
        />
      </div>
    </FormControl>
  );
}

/**
 * A 000 §5 URN header filter: on Enter a pasted URN (in canonical spelling) is the filter, empty
 * removes it; other text is not a URN and says so.
 */
export function UrnFilterInput({
  label,
  value,
  placeholder,
  testId,
  notUrnMessage,
  onChange,
  onProblem,
  toUrn,
  inputRef,
}: {
  label: string;
  value: string | undefined;
  placeholder: string;
  testId: string;
  notUrnMessage: string;
  onChange: (urn: string | undefined) => void;
  onProblem: (message: string | null) => void;
  /** The URN the text stands for, or null (the SDK's urnFilterSubmitValue, or a narrower rule). */
  toUrn: (text: string) => string | null;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <TextInput
        ref={inputRef}
        size="small"
        placeholder={placeholder}
        data-testid={testId}
        key={value ?? ""}
        defaultValue={value ?? ""}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          const text = event.currentTarget.value.trim();
          const urn = text === "" ? undefined : toUrn(text);
          if (urn === null) {
            onProblem(notUrnMessage);
            return;
          }
          onProblem(null);
          onChange(urn);
          event.currentTarget.blur();
        }}
      />
    </FormControl>
  );
}
