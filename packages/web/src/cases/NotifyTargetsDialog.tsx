import { useStore } from "@nanostores/react";
import { Dialog, FormControl, Spinner, Textarea } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  notifyTargetsMax,
  notifyTargetsMessages,
  parseNotifyTargetList,
  setEscalationNotifyTargetsRequestSchema,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ActionFormFooter } from "../actions/ActionFormFooter.tsx";
import { actionQueries } from "../actions/actionQueries.ts";
import { showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/**
 * 002 §6: an admin restricts who may be notified of an escalation to a list of e-mails (empty: every
 * member). The escalate dialog then offers only the members on it, one alone preselected and locked.
 */
export function NotifyTargetsDialog({ onClose }: { onClose: () => void }) {
  const organizationUuid = useStore($signedIn)?.organization.uuid ?? "";
  const current = useQuery(actionQueries.notifyTargets(organizationUuid));
  const [text, setText] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const client = useQueryClient();
  const loaded = current.isSuccess;
  useEffect(() => {
    if (loaded) fieldRef.current?.focus();
  }, [loaded]);
  const value = text ?? (current.data?.emails ?? []).join(", ");
  const emails = parseNotifyTargetList(value);
  const body = { emails: emails.length === 0 ? null : emails };
  const valid = setEscalationNotifyTargetsRequestSchema.safeParse(body).success;
  const save = useMutation({
    mutationFn: () => sleuthClient.escalations.setNotifyTargets(organizationUuid, body),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: ["escalations", "notifyTargets"] });
      showMessage({
        variant: "success",
        title: saved.emails === null ? notifyTargetsMessages.cleared : notifyTargetsMessages.saved,
      });
      onClose();
    },
  });
  return (
    <Dialog title="Escalation notify targets" onClose={onClose} width="medium" initialFocusRef={fieldRef}>
      {current.isPending ? (
        <Spinner size="small" srText="Loading the notify targets" />
      ) : current.isError ? (
        <InlineMessage variant="critical">{notifyTargetsMessages.saveFailed}</InlineMessage>
      ) : (
        <form
          className="sleuth-action-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid && !save.isPending) save.mutate();
          }}
        >
          <FormControl>
            <FormControl.Label>E-mails that may be notified</FormControl.Label>
            <Textarea
              ref={fieldRef}
              block
              rows={3}
              value={value}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <FormControl.Caption>
              Comma-separated, at most {notifyTargetsMax}. Leave empty to let every member be notified.
            </FormControl.Caption>
            {valid ? null : (
              <FormControl.Validation variant="error">
                One of these is not an e-mail address.
              </FormControl.Validation>
            )}
          </FormControl>
          <ActionFormFooter
            error={save.isError ? notifyTargetsMessages.saveFailed : null}
            onCancel={onClose}
            submitLabel="Save"
            disabled={!valid}
            loading={save.isPending}
          />
        </form>
      )}
    </Dialog>
  );
}
