import { Dialog, FormControl, Text, Textarea } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { platformMessages, searchMessages, stillLookingForMessage } from "@sleuth/sdk";
import { useMutation } from "@tanstack/react-query";
import { type RefObject, useId, useRef, useState } from "react";
import { useHotkey, useHotkeyScope } from "../keyboard/useHotkey.ts";
import { announce } from "../messages/messageStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { markInformationRequested } from "./requestedInformation.ts";

/**
 * 000 §4 / §5 request information: optional details, then POST /user-report/status-report; once it
 * succeeded the query reads 'Information requested'. A failure keeps the dialog open with 000 §8's
 * message.
 */
export function RequestInformationDialog({
  query,
  onClose,
  returnFocusRef,
}: {
  query: string;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const [details, setDetails] = useState("");
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const descriptionId = useId();
  const request = useMutation({
    mutationFn: () => sleuthClient.search.statusReport(query, details),
    onSuccess: () => {
      markInformationRequested(query);
      announce(searchMessages.informationRequested);
      onClose();
    },
  });
  const submit = () => {
    if (!request.isPending) request.mutate();
  };
  // Enter writes a new line in the details; Mod+Enter sends, as in GitHub's comment boxes.
  useHotkeyScope("request-information");
  useHotkey({
    id: "request-information.submit",
    keys: "Mod+Enter",
    description: "Send the request",
    group: "Request information",
    scope: "request-information",
    run: submit,
  });
  return (
    <Dialog
      title={searchMessages.requestInformation}
      subtitle={stillLookingForMessage(query)}
      onClose={onClose}
      width="medium"
      initialFocusRef={detailsRef}
      returnFocusRef={returnFocusRef}
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: onClose },
        {
          buttonType: "primary",
          content: searchMessages.requestInformation,
          onClick: submit,
          loading: request.isPending,
        },
      ]}
    >
      <Text as="p" id={descriptionId} className="sleuth-muted sleuth-request-text">
        Tell us what you expected to find; the data team looks into it.{" "}
        <HotkeyHint id="request-information.submit" size="small" /> sends.
      </Text>
      <FormControl>
        <FormControl.Label>Details (optional)</FormControl.Label>
        <Textarea
          ref={detailsRef}
          block
          rows={4}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          aria-describedby={descriptionId}
        />
      </FormControl>
      <div role="alert">
        {request.isError ? (
          <InlineMessage variant="critical">{platformMessages.requestInformationFailed}</InlineMessage>
        ) : null}
      </div>
    </Dialog>
  );
}
