import { useStore } from "@nanostores/react";
import { Button, Checkbox, Dialog, FormControl, Spinner, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type BeaconNotifiedValue,
  beaconMessages,
  beaconNotificationFileName,
  beaconNotificationText,
  formatUtc,
  notificationMessages,
  platformMessages,
} from "@sleuth/sdk";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ActionSubject } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";
import { DeliveryState } from "../actions/DeliveryState.tsx";
import { notificationStatusQuery } from "../organization/notificationQueries.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { beaconStorage } from "./beaconStorage.ts";

/** Saves text as a file through a temporary link, as a browser download. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 000 §4 notify flow. With a beacon contact: certify urgency, get a BEACON- case number (made by the
 * server, issue 40), saved locally, the e-mail's delivery shown as it goes (queued, sent, failed), the
 * e-mail's text downloadable as a file named after the case number. Without: Invite VASP (an e-mail
 * to the operator), the thank-you, the invitation date saved locally. With no SMTP on the server the
 * dialog says "recorded", never "notified". A failed request shows 000 §8's message.
 */
export function NotifyVaspDialog({ subject, onClose }: { subject: ActionSubject; onClose: () => void }) {
  const view = useStore($signedIn);
  const vasp = useQuery(actionQueries.vasp(subject.urn));
  const [certified, setCertified] = useState(false);
  const [notified, setNotified] = useState(() => beaconStorage.notified(subject.urn));
  const [invited, setInvited] = useState(() => beaconStorage.invited(subject.urn));
  const status = useQuery(notificationStatusQuery);
  // Issue 40: the server makes the case number, records the request and queues the e-mail; the
  // answer carries the e-mail's text (the 000 §4 download) and its delivery.
  const notify = useMutation({
    mutationFn: () =>
      sleuthClient.notifications.notifyVasp({
        entityUrn: subject.urn,
        action: "notify",
        certifiedUrgent: true,
      }),
    onSuccess: (record) => {
      const value: BeaconNotifiedValue = {
        caseNumber: record.caseNumber!,
        notifiedAt: record.requestedAt,
        deliveryUuid: record.delivery?.uuid ?? null,
        text: record.text,
      };
      beaconStorage.saveNotified(subject.urn, value);
      setNotified(value);
    },
  });
  const invite = useMutation({
    mutationFn: () => sleuthClient.notifications.notifyVasp({ entityUrn: subject.urn, action: "invite" }),
    onSuccess: (record) => {
      const value = { invitedAt: record.requestedAt, deliveryUuid: record.delivery?.uuid ?? null };
      beaconStorage.saveInvited(subject.urn, value);
      setInvited(value);
    },
  });
  // A notification saved before issue 40 has no stored text: rebuild 000 §4's text for it.
  const download = (value: BeaconNotifiedValue) =>
    downloadText(
      beaconNotificationFileName(value.caseNumber),
      value.text ??
        beaconNotificationText({
          caseNumber: value.caseNumber,
          vaspName: vasp.data?.name ?? subject.label,
          entityUrn: subject.urn,
          requestedAt: new Date(value.notifiedAt),
          requester: {
            name: view?.user.fullName ?? view?.user.email ?? "",
            email: view?.user.email ?? "",
            organization: view?.organization.name,
          },
        }),
    );
  // Issue 40 wording: "notified" only when an e-mail can leave the server.
  const emailOff = status.data?.emailEnabled === false;
  const failed = notify.isError || invite.isError;
  let body: React.ReactNode;
  if (vasp.isPending) body = <Spinner size="small" srText="Loading the service provider" />;
  else if (vasp.isError)
    body = <InlineMessage variant="critical">{platformMessages.genericPanel}</InlineMessage>;
  else if (notified) {
    const recorded = notified.deliveryUuid === null || (notified.deliveryUuid === undefined && emailOff);
    body = (
      <>
        <Text as="p" role="status">
          {recorded
            ? `The notification of ${vasp.data.name} was recorded on ${formatUtc(new Date(notified.notifiedAt))}.`
            : `${vasp.data.name} was notified on ${formatUtc(new Date(notified.notifiedAt))}.`}{" "}
          Case number <strong data-testid="beacon-case-number">{notified.caseNumber}</strong>.
        </Text>
        {notified.deliveryUuid !== undefined ? <DeliveryState uuid={notified.deliveryUuid} /> : null}
        <div className="sleuth-action-buttons">
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" autoFocus onClick={() => download(notified)}>
            Download notification
          </Button>
        </div>
      </>
    );
  } else if (vasp.data.hasBeaconContact) {
    body = (
      <form
        className="sleuth-action-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (certified && !notify.isPending) notify.mutate();
        }}
      >
        <Text as="p">
          {vasp.data.name} receives urgent law-enforcement notifications through the beacon network.
        </Text>
        {emailOff ? <InlineMessage variant="warning">{notificationMessages.emailOff}</InlineMessage> : null}
        <FormControl required>
          <Checkbox checked={certified} onChange={(event) => setCertified(event.target.checked)} />
          <FormControl.Label>{beaconMessages.certifyUrgency}</FormControl.Label>
        </FormControl>
        <div className="sleuth-action-buttons">
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!certified} loading={notify.isPending}>
            Notify
          </Button>
        </div>
      </form>
    );
  } else if (invited) {
    body = (
      <>
        <Text as="p" role="status">
          {invited.deliveryUuid === null ? "Recorded." : beaconMessages.inviteThanks} (invited{" "}
          {formatUtc(new Date(invited.invitedAt))})
        </Text>
        {invited.deliveryUuid !== undefined ? <DeliveryState uuid={invited.deliveryUuid} /> : null}
        <div className="sleuth-action-buttons">
          <Button autoFocus onClick={onClose}>
            Close
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <Text as="p">{vasp.data.name} has no beacon contact yet. Invite it to join the beacon network.</Text>
        <div className="sleuth-action-buttons">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={invite.isPending} onClick={() => invite.mutate()}>
            Invite VASP
          </Button>
        </div>
      </>
    );
  }
  return (
    <Dialog title={`Notify ${vasp.data?.name ?? subject.label}`} onClose={onClose} width="medium">
      {body}
      <div role="alert">
        {failed ? <InlineMessage variant="critical">{platformMessages.requestFailed}</InlineMessage> : null}
      </div>
    </Dialog>
  );
}
