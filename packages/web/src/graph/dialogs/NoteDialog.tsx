import { FormControl, Textarea } from "@primer/react";
import { graphDocumentLimits } from "@sleuth/sdk";
import { type KeyboardEvent, useRef, useState } from "react";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

/** A note on a node (issue 30); an empty note removes it. Ctrl+Enter saves, as in multi-search. */
export function NoteDialog({
  subject,
  initial,
  onSave,
  onClose,
}: {
  subject: string;
  initial: string | null;
  onSave: (note: string | null) => void;
  onClose: () => void;
}) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState(initial ?? "");
  const save = () => onSave(note.trim() === "" ? null : note.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save();
    }
  };
  return (
    <GraphFormDialog
      title="Note"
      subtitle={subject}
      submitLabel="Save note"
      onSubmit={save}
      onClose={onClose}
      initialFocusRef={fieldRef}
    >
      <FormControl>
        <FormControl.Label>Note</FormControl.Label>
        <Textarea
          ref={fieldRef}
          block
          value={note}
          maxLength={graphDocumentLimits.text}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <FormControl.Caption>Ctrl+Enter (⌘+Enter) saves.</FormControl.Caption>
      </FormControl>
    </GraphFormDialog>
  );
}
