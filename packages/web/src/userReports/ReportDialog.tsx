import { Dialog, FormControl, Textarea, TextInput } from "@primer/react";
import {
  parseUrn,
  platformMessages,
  type UserReportKind,
  userReportBodySchemas,
  userReportMessages,
  userReportTitles,
} from "@sleuth/sdk";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ActionFormFooter } from "../actions/ActionFormFooter.tsx";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { showMessage } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/** The body of a report from the dialog's fields; the SDK's schema decides whether it can be sent. */
function bodyOf(
  kind: UserReportKind,
  subject: ActionSubject | null,
  fields: Record<string, string>,
): unknown {
  const details = fields.details?.trim() || undefined;
  switch (kind) {
    case "chainabuse-pro-request":
      return { details };
    case "le-contact-update-request":
      return { entityUrn: subject?.urn, email: fields.email?.trim(), details };
    case "tag-report": {
      const parts = subject ? parseUrn(subject.urn) : null;
      return {
        address: parts?.kind === "address" ? parts.address : "",
        chain: parts?.kind === "address" ? parts.chain : "",
        category: fields.category?.trim() ?? "",
        categoryId: "",
        entity: fields.entity?.trim() ?? "",
        entityUrn: null,
      };
    }
    case "status-report":
      return { query: subject?.label ?? "", details };
    default:
      return {
        trmResourceUrn: subject?.urn,
        details: kind === "attribution-report" ? (details ?? "") : details,
      };
  }
}

const extraFields: Partial<
  Record<UserReportKind, Array<{ name: string; label: string; required?: boolean }>>
> = {
  "le-contact-update-request": [{ name: "email", label: "Law-enforcement contact e-mail", required: true }],
  "tag-report": [
    { name: "entity", label: "Who owns this address, in your view", required: false },
    { name: "category", label: "Category", required: true },
  ],
};

/** 000 §7: one user report, sent to the provider and kept for the organization's admins. */
export function ReportDialog({
  kind,
  subject,
  onClose,
}: {
  kind: UserReportKind;
  subject: ActionSubject | null;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const body = bodyOf(kind, subject, fields);
  const valid = userReportBodySchemas[kind].safeParse(body).success;
  const send = useMutation({
    mutationFn: () => sleuthClient.userReports.send(kind, body as never),
    onSuccess: () => {
      showMessage({ variant: "success", title: userReportMessages.sent });
      onClose();
    },
  });
  const set = (name: string) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  return (
    <Dialog
      title={userReportTitles[kind]}
      subtitle={subject ? subject.label : undefined}
      onClose={onClose}
      width="medium"
    >
      <form
        className="sleuth-action-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !send.isPending) send.mutate();
        }}
      >
        {(extraFields[kind] ?? []).map((field) => (
          <FormControl key={field.name} required={field.required}>
            <FormControl.Label>{field.label}</FormControl.Label>
            <TextInput block value={fields[field.name] ?? ""} onChange={set(field.name)} />
          </FormControl>
        ))}
        {kind !== "tag-report" ? (
          <FormControl required={kind === "attribution-report"}>
            <FormControl.Label>
              {kind === "attribution-report" ? "What is wrong" : "Details (optional)"}
            </FormControl.Label>
            <Textarea block rows={4} value={fields.details ?? ""} onChange={set("details")} />
          </FormControl>
        ) : null}
        <ActionFormFooter
          error={send.isError ? platformMessages.requestFailed : null}
          onCancel={onClose}
          submitLabel="Send"
          disabled={!valid}
          loading={send.isPending}
        />
      </form>
    </Dialog>
  );
}
