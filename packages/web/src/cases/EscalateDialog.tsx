import { useStore } from "@nanostores/react";
import { Dialog, FormControl, Select, Spinner, Textarea } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  canEscalate,
  caseMessages,
  type Escalation,
  escalationCases,
  escalationMessages,
  inboxMessages,
  isApiError,
  notifyTargets,
  notifyTargetsMessages,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ActionFormFooter } from "../actions/ActionFormFooter.tsx";
import { actionQueries } from "../actions/actionQueries.ts";
import { UserSelect } from "../actions/UserSelect.tsx";
import { showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

export interface EscalateDialogProps {
  /** The element escalated (002 §7 trmUrn) and how it reads (alias). */
  trmUrn: string;
  alias: string;
  /** 002 §6: a restricted list of notify targets by e-mail; a single match is preselected and locked. */
  configuredEmails?: readonly string[];
  onClose: () => void;
  onEscalated?: (escalation: Escalation) => void;
}

/** The server's 400 names the uuids that are not members; the message names their e-mails when known. */
function failureMessage(error: unknown, members: ReadonlyArray<{ uuid: string; email: string }>): string {
  if (isApiError(error) && error.status === 400) {
    const notMembers = (error.details as { notMembers?: string[] } | undefined)?.notMembers;
    const notConfigured = (error.details as { notConfigured?: string[] } | undefined)?.notConfigured;
    if (notConfigured?.length) {
      const emails = notConfigured.map(
        (uuid) => members.find((member) => member.uuid === uuid)?.email ?? uuid,
      );
      return notifyTargetsMessages.notConfigured.replace("{emails}", emails.join(", "));
    }
    if (notMembers?.length) {
      const emails = notMembers.map((uuid) => members.find((member) => member.uuid === uuid)?.email ?? uuid);
      return escalationMessages.emailsNotInOrganization.replace("{emails}", emails.join(", "));
    }
  }
  return escalationMessages.escalateFailed;
}

/**
 * 002 §5 escalate: a case shared with the organization and at least one member to notify (chosen
 * with the user-select), and a note. Configured e-mails without a member are named in the error and
 * only the members are assigned.
 */
export function EscalateDialog({
  trmUrn,
  alias,
  configuredEmails,
  onClose,
  onEscalated,
}: EscalateDialogProps) {
  const view = useStore($signedIn);
  const cases = useQuery(actionQueries.cases({ isSharedWithOrg: true }));
  const members = useQuery(actionQueries.members());
  // 002 §6: the organization's restricted list, unless the caller passed one.
  const configured = useQuery({
    ...actionQueries.notifyTargets(view?.organization.uuid ?? ""),
    enabled: configuredEmails === undefined && Boolean(view),
  });
  const targets = notifyTargets(members.data ?? [], configuredEmails ?? configured.data?.emails ?? undefined);
  const [caseId, setCaseId] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [note, setNote] = useState("");
  const caseRef = useRef<HTMLSelectElement>(null);
  const client = useQueryClient();
  const loaded =
    cases.isSuccess && members.isSuccess && (configuredEmails !== undefined || configured.isSuccess);
  // The dialog opens before the cases arrive; the case list takes the focus once it is there.
  useEffect(() => {
    if (loaded) caseRef.current?.focus();
  }, [loaded]);
  const shared = escalationCases(cases.data?.cases ?? []);
  const chosenCase = caseId ?? shared[0]?.id ?? null;
  const assignees = picked ?? targets.preselected;
  const escalate = useMutation({
    mutationFn: () =>
      sleuthClient.escalations.escalate({
        assignToUserUuids: assignees,
        alias,
        caseId: chosenCase ?? "",
        customNote: note,
        trmUrn,
      }),
    onSuccess: (escalation) => {
      void client.invalidateQueries({ queryKey: ["cases"] });
      void client.invalidateQueries({ queryKey: ["escalations"] });
      showMessage({ variant: "success", title: inboxMessages.escalated });
      onEscalated?.(escalation);
      onClose();
    },
  });
  const ready = canEscalate({ caseId: chosenCase, assignToUserUuids: assignees });
  return (
    <Dialog title={`Escalate ${alias}`} onClose={onClose} width="large" initialFocusRef={caseRef}>
      {cases.isPending || members.isPending || (configuredEmails === undefined && configured.isPending) ? (
        <Spinner size="small" srText="Loading cases and colleagues" />
      ) : cases.isError || members.isError || configured.isError ? (
        <InlineMessage variant="critical">{caseMessages.loadFailed}</InlineMessage>
      ) : (
        <form
          className="sleuth-action-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready && !escalate.isPending) escalate.mutate();
          }}
        >
          {shared.length === 0 ? (
            <p className="sleuth-muted">
              No case is shared with your organization yet; share one or create a shared case first.
            </p>
          ) : (
            <FormControl required>
              <FormControl.Label>Case</FormControl.Label>
              <Select
                ref={caseRef}
                block
                value={chosenCase ?? ""}
                onChange={(event) => setCaseId(event.target.value)}
              >
                {shared.map((item) => (
                  <Select.Option key={item.id} value={item.id}>
                    {item.name}
                  </Select.Option>
                ))}
              </Select>
              <FormControl.Caption>Only cases shared with the organization are offered.</FormControl.Caption>
            </FormControl>
          )}
          <UserSelect
            users={targets.options}
            selected={assignees}
            onChange={setPicked}
            locked={targets.locked}
          />
          {targets.error ? <InlineMessage variant="warning">{targets.error}</InlineMessage> : null}
          <FormControl>
            <FormControl.Label>Note</FormControl.Label>
            <Textarea block rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
          </FormControl>
          <ActionFormFooter
            error={escalate.isError ? failureMessage(escalate.error, members.data ?? []) : null}
            onCancel={onClose}
            submitLabel="Escalate"
            disabled={!ready}
            loading={escalate.isPending}
          />
        </form>
      )}
    </Dialog>
  );
}
