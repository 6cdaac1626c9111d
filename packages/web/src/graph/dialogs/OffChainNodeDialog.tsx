import { FormControl, Select, TextInput } from "@primer/react";
import { type OffChainNodeForm, offChainNodeFormSchema, offChainNodeIcons } from "@sleuth/sdk";
import { useRef, useState } from "react";
import { GraphFormDialog } from "./GraphFormDialog.tsx";

/** 002 §2 / §5 add or edit an off-chain node: a name (required) and an icon. */
export function OffChainNodeDialog({
  initial,
  onSave,
  onClose,
}: {
  initial: OffChainNodeForm | null;
  onSave: (form: OffChainNodeForm) => void;
  onClose: () => void;
}) {
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial?.name ?? "");
  const [icon, setIcon] = useState<OffChainNodeForm["icon"]>(initial?.icon ?? "person");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = offChainNodeFormSchema.safeParse({ name, icon });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      nameRef.current?.focus();
      return;
    }
    onSave(parsed.data);
  };
  return (
    <GraphFormDialog
      title={initial ? "Edit off-chain node" : "Add off-chain node"}
      submitLabel={initial ? "Save" : "Add"}
      onSubmit={submit}
      onClose={onClose}
      initialFocusRef={nameRef}
    >
      <FormControl required>
        <FormControl.Label>Name</FormControl.Label>
        <TextInput ref={nameRef} block value={name} onChange={(event) => setName(event.target.value)} />
        {error ? <FormControl.Validation variant="error">{error}</FormControl.Validation> : null}
      </FormControl>
      <FormControl>
        <FormControl.Label>Icon</FormControl.Label>
        <Select value={icon} onChange={(event) => setIcon(event.target.value as OffChainNodeForm["icon"])}>
          {offChainNodeIcons.map((value) => (
            <Select.Option key={value} value={value}>
              {value[0]!.toUpperCase() + value.slice(1)}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
    </GraphFormDialog>
  );
}
