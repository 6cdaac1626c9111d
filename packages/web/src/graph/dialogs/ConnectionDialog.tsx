import { FormControl, Select, TextInput } from "@primer/react";
import { formatOffChainTimestamp, type GraphNode } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { nodeTitle } from "../GraphNodeView.tsx";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

export interface ConnectionForm {
  target: string;
  information: string;
  timestamp: string | null;
}

// The field takes a UTC date and time as the browser's datetime-local control spells it.
function isoOfLocalField(value: string): string | null {
  if (value === "") return null;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

// An ISO timestamp as the field spells it, in UTC to the second.
function localFieldOfIso(value: string | null): string {
  return value ? new Date(value).toISOString().slice(0, 19) : "";
}

/**
 * 002 §2 / §5 add or edit a custom connection (off-chain edge) from a node to another: its
 * information and an optional timestamp, entered and shown in UTC ('MMM D, YYYY h:mm:ss A').
 */
export function ConnectionDialog({
  source,
  nodes,
  initial = null,
  onSave,
  onClose,
}: {
  source: GraphNode;
  nodes: readonly GraphNode[];
  /** The connection being edited; null to add one. */
  initial?: ConnectionForm | null;
  onSave: (form: ConnectionForm) => void;
  onClose: () => void;
}) {
  const targets = nodes.filter((node) => node.id !== source.id);
  const targetRef = useRef<HTMLSelectElement>(null);
  const [target, setTarget] = useState(initial?.target ?? targets[0]?.id ?? "");
  const [information, setInformation] = useState(initial?.information ?? "");
  const [time, setTime] = useState(localFieldOfIso(initial?.timestamp ?? null));
  const timestamp = isoOfLocalField(time);
  return (
    <GraphFormDialog
      title={initial ? "Edit custom connection" : "Add custom connection"}
      subtitle={`From ${nodeTitle(source)}`}
      submitLabel={initial ? "Save" : "Connect"}
      submitDisabled={target === ""}
      onSubmit={() => onSave({ target, information: information.trim(), timestamp })}
      onClose={onClose}
      initialFocusRef={targetRef}
    >
      <FormControl required>
        <FormControl.Label>To</FormControl.Label>
        <Select ref={targetRef} value={target} onChange={(event) => setTarget(event.target.value)}>
          {targets.map((node) => (
            <Select.Option key={node.id} value={node.id}>
              {nodeTitle(node)}
            </Select.Option>
          ))}
        </Select>
        {targets.length === 0 ? (
          <FormControl.Validation variant="error">Plot another node to connect to.</FormControl.Validation>
        ) : null}
      </FormControl>
      <FormControl>
        <FormControl.Label>Information</FormControl.Label>
        <TextInput block value={information} onChange={(event) => setInformation(event.target.value)} />
      </FormControl>
      <FormControl>
        <FormControl.Label>Timestamp (UTC)</FormControl.Label>
        <TextInput
          type="datetime-local"
          step={1}
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
        <FormControl.Caption>
          {timestamp ? formatOffChainTimestamp(timestamp) : "No timestamp"}
        </FormControl.Caption>
      </FormControl>
    </GraphFormDialog>
  );
}
