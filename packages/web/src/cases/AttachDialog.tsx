import { Button, Dialog, FormControl, Select, Spinner } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { caseMessages } from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type AttachSubject, openActionDialog } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";
import { showMessage } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/**
 * Adds the subject (an element, a saved graph or a flag) to one of the caller's cases, or opens
 * "New case" to start one with it.
 */
export function AttachDialog({ subject, onClose }: { subject: AttachSubject; onClose: () => void }) {
  const cases = useQuery(actionQueries.cases());
  const [caseId, setCaseId] = useState("");
  const selectRef = useRef<HTMLSelectElement>(null);
  const client = useQueryClient();
  const loaded = cases.isSuccess;
  // The dialog opens before the cases arrive; the case list takes the focus once it is there.
  useEffect(() => {
    if (loaded) selectRef.current?.focus();
  }, [loaded]);
  const attach = useMutation({
    mutationFn: (id: string) => sleuthClient.cases.attach(id, { resourceUrn: subject.urn }),
    onSuccess: (updated) => {
      void client.invalidateQueries({ queryKey: ["cases"] });
      showMessage({ variant: "success", title: `${caseMessages.attached} (${updated.name})` });
      onClose();
    },
  });
  const list = cases.data?.cases ?? [];
  const chosen = caseId || list[0]?.id || "";
  return (
    <Dialog
      title={`Add ${subject.label} to a case`}
      onClose={onClose}
      width="medium"
      initialFocusRef={selectRef}
    >
      {cases.isPending ? (
        <Spinner size="small" srText="Loading cases" />
      ) : cases.isError ? (
        <InlineMessage variant="critical">{caseMessages.loadFailed}</InlineMessage>
      ) : (
        <form
          className="sleuth-action-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen && !attach.isPending) attach.mutate(chosen);
          }}
        >
          {list.length === 0 ? <p className="sleuth-muted">{caseMessages.noCases}</p> : null}
          {list.length > 0 ? (
            <FormControl>
              <FormControl.Label>Case</FormControl.Label>
              <Select
                ref={selectRef}
                block
                value={chosen}
                onChange={(event) => setCaseId(event.target.value)}
              >
                {list.map((item) => (
                  <Select.Option key={item.id} value={item.id}>
                    {item.name}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
          ) : null}
          <div role="alert">
            {attach.isError ? (
              <InlineMessage variant="critical">{caseMessages.attachFailed}</InlineMessage>
            ) : null}
          </div>
          <div className="sleuth-action-buttons">
            <Button type="button" onClick={() => openActionDialog({ kind: "newCase", attach: subject })}>
              New case…
            </Button>
            <Button type="submit" variant="primary" disabled={!chosen} loading={attach.isPending}>
              Add to case
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
