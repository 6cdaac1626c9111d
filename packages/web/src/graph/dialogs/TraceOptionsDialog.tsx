import { FormControl, Select, TextInput } from "@primer/react";
import { parseMinAmount, type TraceRequest } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

/**
 * Issue 43: the console's trace dialog. A minimum amount in the asset's own units ("10 ETH", or an
 * asset URN), read by the SDK's parseMinAmount as `sleuth trace --min-amount 10 ETH` reads it, so
 * history without prices can be traced by amount.
 */
export function TraceOptionsDialog({
  subject,
  onTrace,
  onClose,
}: {
  subject: string;
  onTrace: (direction: "outgoing" | "incoming", options: Pick<TraceRequest, "minAmount">) => void;
  onClose: () => void;
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [direction, setDirection] = useState<"outgoing" | "incoming">("outgoing");
  const [text, setText] = useState("");
  const minAmount = text.trim() === "" ? null : parseMinAmount(text);
  const invalid = text.trim() !== "" && minAmount === null;
  return (
    <GraphFormDialog
      title="Trace funds"
      subtitle={subject}
      submitLabel="Trace"
      submitDisabled={invalid}
      onSubmit={() => onTrace(direction, minAmount ? { minAmount } : {})}
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
            An amount and an asset, e.g. 10 ETH or 0.5 urn:sleuth:asset:…
          </FormControl.Validation>
        ) : (
          <FormControl.Caption>
            In the asset's own units; flows of that asset below it are left out, priced or not. Empty keeps
            the USD minimum alone.
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
