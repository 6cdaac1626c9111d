import { FormControl, Textarea } from "@primer/react";
import { graphDocumentLimits } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { useHotkey, useHotkeyScope } from "../../keyboard/useHotkey.ts";
import { HotkeyHint } from "../../shortcuts/HotkeyHint.tsx";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

/** A note on a node (issue 30); an empty note removes it. Mod+Enter saves, as in multi-search. */
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
  useHotkeyScope("graph-note");
  useHotkey({
    id: "graph-note.save",
    keys: "Mod+Enter",
    description: "Save the note",
    group: "Note",
    scope: "graph-note",
    run: save,
  });
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
        />
        <FormControl.Caption>
          <HotkeyHint id="graph-note.save" size="small" /> saves.
        </FormControl.Caption>
      </FormControl>
    </GraphFormDialog>
  );
}
