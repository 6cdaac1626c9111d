import { useStore } from "@nanostores/react";
import { Button, Checkbox, Dialog, FormControl, Spinner, Text } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type BeaconCaseNumber,
  beaconCaseNumber,
  beaconMessages,
  beaconNotificationFileName,
  beaconNotificationText,
  formatUtc,
  platformMessages,
} from "@sleuth/sdk";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { $signedIn, sleuthClient } from "../session/index.ts";
import type { ActionSubject } from "./actionDialogs.ts";
import { actionQueries } from "./actionQueries.ts";
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
 * 000 §4 notify flow. With a beacon contact: certify urgency, get a BEACON- case number, saved
 * locally, the VASP marked notified, the notification downloadable as a file named after the case
 * number. Without: Invite VASP, the thank-you, the invitation date saved locally. A failed request
 * shows 000 §8's message.
 */
export function NotifyVaspDialog({ subject, onClose }: { subject: ActionSubject; onClose: () => void }) {
  const view = useStore($signedIn);
  const vasp = useQuery(actionQueries.vasp(subject.urn));
  const [certified, setCertified] = useState(false);
  const [notified, setNotified] = useState(() => beaconStorage.notified(subject.urn));
  const [invited, setInvited] = useState(() => beaconStorage.invited(subject.urn));
  const notify = useMutation({
    mutationFn: async () => {
      const caseNumber = beaconCaseNumber();
      const requestedDateTime = new Date().toISOString();
      await sleuthClient.userReports.send("notify-vasp-request", {
        entityUrn: subject.urn,
        requestedDateTime,
        caseNumber,
        email: view?.user.email,
      });
      return { caseNumber, notifiedAt: requestedDateTime };
    },
    onSuccess: (value) => {
      beaconStorage.saveNotified(subject.urn, value);
      setNotified(value);
    },
  });
  const invite = useMutation({
    mutationFn: async () => {
      const requestedDateTime = new Date().toISOString();
      await sleuthClient.userReports.send("notify-vasp-request", {
        entityUrn: subject.urn,
        requestedDateTime,
        email: view?.user.email,
      });
      return { invitedAt: requestedDateTime };
    },
    onSuccess: (value) => {
      beaconStorage.saveInvited(subject.urn, value);
      setInvited(value);
    },
  });
  const download = (caseNumber: BeaconCaseNumber, notifiedAt: string) =>
    downloadText(
      beaconNotificationFileName(caseNumber),
      beaconNotificationText({
        caseNumber,
        vaspName: vasp.data?.name ?? subject.label,
        entityUrn: subject.urn,
        requestedAt: new Date(notifiedAt),
        requester: {
          name: view?.user.fullName ?? view?.user.email ?? "",
          email: view?.user.email ?? "",
          organization: view?.organization.name,
        },
      }),
    );
  const failed = notify.isError || invite.isError;
  let body: React.ReactNode;
  if (vasp.isPending) body = <Spinner size="small" srText="Loading the service provider" />;
  else if (vasp.isError)
    body = <InlineMessage variant="critical">{platformMessages.genericPanel}</InlineMessage>;
  else if (notified) {
    body = (
      <>
        <Text as="p" role="status">
          {vasp.data.name} was notified on {formatUtc(new Date(notified.notifiedAt))}. Case number{" "}
          <strong data-testid="beacon-case-number">{notified.caseNumber}</strong>.
        </Text>
        <div className="sleuth-action-buttons">
          <Button onClick={onClose}>Close</Button>
          <Button
            variant="primary"
            autoFocus
            onClick={() => download(notified.caseNumber, notified.notifiedAt)}
          >
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
          {beaconMessages.inviteThanks} (invited {formatUtc(new Date(invited.invitedAt))})
        </Text>
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
