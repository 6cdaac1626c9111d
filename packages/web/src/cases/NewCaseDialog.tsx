import { Checkbox, Dialog, FormControl, TextInput } from "@primer/react";
import { type CaseRecord, canCreateCase, caseLimits, caseMessages } from "@sleuth/sdk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ActionFormFooter } from "../actions/ActionFormFooter.tsx";
import { sleuthClient } from "../session/sleuthClient.ts";
import { addCreatedCaseToLists } from "./caseListCache.ts";

/**
 * 002 §5 new case: a name (Create enabled only when it is not blank) and whether the organization
 * shares it. `onCreated` gets the new case (the attach and escalate flows continue with it).
 */
export function NewCaseDialog({
  onClose,
  onCreated,
  defaultShared = false,
}: {
  onClose: () => void;
  onCreated: (created: CaseRecord) => void | Promise<void>;
  defaultShared?: boolean;
}) {
  const [name, setName] = useState("");
  const [shared, setShared] = useState(defaultShared);
  const nameRef = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: async () => {
      const answer = await sleuthClient.cases.create({ name, isSharedWithOrg: shared });
      return answer.case ?? (await sleuthClient.cases.get(answer.id));
    },
    onSuccess: async (created) => {
      addCreatedCaseToLists(client, created);
      await onCreated(created);
    },
  });
  return (
    <Dialog title="New case" onClose={onClose} width="medium" initialFocusRef={nameRef}>
      <form
        className="sleuth-action-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (canCreateCase(name) && !create.isPending) create.mutate();
        }}
      >
        <FormControl required>
          <FormControl.Label>Case name</FormControl.Label>
          <TextInput
            ref={nameRef}
            block
            maxLength={caseLimits.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </FormControl>
        <FormControl>
          <Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />
          <FormControl.Label>Share with my organization</FormControl.Label>
          <FormControl.Caption>Only shared cases can be escalated to colleagues.</FormControl.Caption>
        </FormControl>
        <ActionFormFooter
          error={create.isError ? caseMessages.createFailed : null}
          onCancel={onClose}
          submitLabel="Create"
          disabled={!canCreateCase(name)}
          loading={create.isPending}
        />
      </form>
    </Dialog>
  );
}
