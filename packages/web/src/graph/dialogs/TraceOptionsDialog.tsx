import { FormControl, Select, TextInput } from "@primer/react";
import { parseTraceMinimum, type TraceRequest } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

/**
 * Issue 43: the console's trace dialog. A minimum in USD ("50 USD", as `sleuth trace --min-usd 50`)
 * or in an asset's own units ("10 ETH", or an asset URN, as `--min-amount 10 ETH`), read by the SDK's
 * parseTraceMinimum, so history without prices can be traced by amount and small flows followed.
 */
export function TraceOptionsDialog({
  subject,
  onTrace,
  onClose,
}: {
  subject: string;
  onTrace: (direction: "outgoing" | "incoming", options: Pick<TraceRequest, "minUsd" | "minAmount">) => void;
  onClose: () => void;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [direction, setDirection] = useState<"outgoing" | "incoming">("outgoing");
  const [text, setText] = useState("");
  const minimum = text.trim() === "" ? null : parseTraceMinimum(text);
  const invalid = text.trim() !== "" && minimum === null;
  return (
    <GraphFormDialog
      title="Trace funds"
      subtitle={subject}
      submitLabel="Trace"
      submitDisabled={invalid}
      onSubmit={() => onTrace(direction, minimum ?? {})}
      onClose={onClose}
      initialFocusRef={fieldRef}
    >
      <FormControl>
        <FormControl.Label>Minimum amount</FormControl.Label>
        <TextInput
          ref={fieldRef}
          block
          placeholder="10 ETH"
          value={text}
          onChange={(event) => setText(event.target.value)}
          validationStatus={invalid ? "error" : undefined}
        />
        {invalid ? (
          <FormControl.Validation variant="error">
            An amount and an asset or USD, e.g. 10 ETH, 50 USD or 0.5 urn:sleuth:asset:…
          </FormControl.Validation>
        ) : (
          <FormControl.Caption>
            In USD (50 USD: priced flows below it are left out), or in an asset's own units (10 ETH: flows of
            that asset below it are left out, priced or not). Empty keeps the USD minimum of $100.
          </FormControl.Caption>
        )}
      </FormControl>
      <FormControl>
        <FormControl.Label>Direction</FormControl.Label>
        <Select
          value={direction}
          onChange={(event) => setDirection(event.target.value as "outgoing" | "incoming")}
        >
          <Select.Option value="outgoing">Out of the node</Select.Option>
          <Select.Option value="incoming">Into the node</Select.Option>
        </Select>
      </FormControl>
    </GraphFormDialog>
  );
}
