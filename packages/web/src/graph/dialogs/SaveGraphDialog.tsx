import { FormControl, TextInput } from "@primer/react";
import { graphDocumentLimits } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

/** Names the graph before its first save (or renames it); a blank name leaves it unnamed. */
export function SaveGraphDialog({
  initial,
  title,
  onSave,
  onClose,
}: {
  initial: string | null;
  title: string;
  onSave: (name: string | null) => void;
  onClose: () => void;
}) {
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial ?? "");
  return (
    <GraphFormDialog
      title={title}
      submitLabel="Save"
      onSubmit={() => onSave(name.trim() === "" ? null : name.trim())}
      onClose={onClose}
      initialFocusRef={nameRef}
    >
      <FormControl>
        <FormControl.Label>Graph name</FormControl.Label>
        <TextInput
          ref={nameRef}
          block
          maxLength={graphDocumentLimits.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <FormControl.Caption>Left blank, the graph is unnamed.</FormControl.Caption>
      </FormControl>
    </GraphFormDialog>
  );
}
