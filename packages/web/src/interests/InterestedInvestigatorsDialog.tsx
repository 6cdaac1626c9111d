import { useStore } from "@nanostores/react";
import {
  Button,
  Checkbox,
  ConfirmationDialog,
  Dialog,
  FormControl,
  Spinner,
  Text,
  TextInput,
} from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  canDeleteInterest,
  formatUtc,
  type InterestViewer,
  type InvestigationInterest,
  interestDetailsVisible,
  interestMessages,
  interestNoteMaxLength,
  interestUpdateBody,
  revealActionLabels,
  revealActionOf,
  showsIndicateInterestButton,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { actionQueries } from "../actions/actionQueries.ts";
import { showError, showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

function InterestRow({
  interest,
  viewer,
  urn,
}: {
  interest: InvestigationInterest;
  viewer: InterestViewer;
  urn: string;
}) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ["interests"] });
  const reveal = useMutation({
    mutationFn: () => sleuthClient.interests.reveal(interest.uuid),
    onSuccess: refresh,
    // 001 §8: a failed reveal is only logged.
    onError: (error) => console.warn("reveal failed", error),
  });
  const remove = useMutation({
    mutationFn: () => sleuthClient.interests.delete(urn, interest.uuid),
    onSuccess: () => {
      showMessage({ variant: "success", title: interestMessages.deleteSucceeded });
      void refresh();
    },
    onError: (error) => showError(interestMessages.deleteFailed, error),
  });
  // 001 §7 PUT: the author edits the note (and whether the interest is open) in place.
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(interest.note ?? "");
  const [open, setOpen] = useState(interest.privacyOption === "OPEN");
  const update = useMutation({
    mutationFn: () =>
      sleuthClient.interests.update(
        urn,
        interest.uuid,
        interestUpdateBody(interest, { note, privacyOption: open ? "OPEN" : "PRIVATE" }),
      ),
    onSuccess: () => {
      setEditing(false);
      showMessage({ variant: "success", title: interestMessages.updateSucceeded });
      void refresh();
    },
    onError: (error) => showError(interestMessages.updateFailed, error),
  });
  const action = revealActionOf(interest, viewer);
  const visible = interestDetailsVisible(interest, viewer);
  const who = visible
    ? `${interest.user.fullName ?? interest.user.email} (${interest.organization.name})`
    : "An investigator (hidden until revealed)";
  return (
    <li className="sleuth-action-item" data-testid="interest-item">
      <div>
        <strong>{who}</strong>
        {visible && interest.contactEmail ? (
          <span className="sleuth-muted"> · {interest.contactEmail}</span>
        ) : null}
        {visible && interest.note ? <Text as="p">{interest.note}</Text> : null}
        <Text as="p" className="sleuth-muted">
          {interest.privacyOption === "OPEN" ? "Open" : "Private"} · {interest.visibilityLevel} ·{" "}
          {formatUtc(interest.createdAt)}
          {interest.isRevealed && !visible ? " · contact requested" : null}
        </Text>
      </div>
      {action ? (
        <Button
          size="small"
          loading={reveal.isPending}
          onClick={() => (action === "confirmRevealAndNotify" ? setConfirming(true) : reveal.mutate())}
        >
          {action === "requestContact" ? revealActionLabels.requestContact : revealActionLabels.reveal}
        </Button>
      ) : null}
      {canDeleteInterest(interest, viewer) && !editing ? (
        <Button size="small" onClick={() => setEditing(true)}>
          Edit my interest
        </Button>
      ) : null}
      {canDeleteInterest(interest, viewer) ? (
        <Button size="small" variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete my interest
        </Button>
      ) : null}
      {editing ? (
        <form
          className="sleuth-interest-edit"
          aria-label="Edit my interest"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate();
          }}
        >
          <FormControl>
            <FormControl.Label>Note</FormControl.Label>
            <TextInput
              value={note}
              maxLength={interestNoteMaxLength}
              onChange={(event) => setNote(event.target.value)}
              autoFocus
            />
            <FormControl.Caption>At most {interestNoteMaxLength} characters</FormControl.Caption>
          </FormControl>
          <FormControl>
            <Checkbox checked={open} onChange={(event) => setOpen(event.target.checked)} />
            <FormControl.Label>Open: others may reveal my contact</FormControl.Label>
          </FormControl>
          <div className="sleuth-action-buttons">
            <Button type="submit" variant="primary" size="small" loading={update.isPending}>
              Save
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {confirming ? (
        <ConfirmationDialog
          title={revealActionLabels.confirmRevealAndNotify}
          confirmButtonContent={revealActionLabels.confirmRevealAndNotify}
          onClose={(gesture) => {
            setConfirming(false);
            if (gesture === "confirm") reveal.mutate();
          }}
        >
          The investigator will be told, with your name and e-mail, that you revealed their contact.
        </ConfirmationDialog>
      ) : null}
    </li>
  );
}

/**
 * 001 §2 interested-investigators modal: others' interests masked until revealed ('Reveal and
 * Notify' for an open interest with notification on, 'Request contact' for a private one), one's
 * own in full with Delete. 001 §6: Indicate Interest is hidden in triage, when already interested
 * and while loading.
 */
export function InterestedInvestigatorsDialog({
  urn,
  title,
  inTriage = false,
  onClose,
  onIndicateInterest,
}: {
  urn: string;
  title: string;
  inTriage?: boolean;
  onClose: () => void;
  onIndicateInterest?: () => void;
}) {
  const view = useStore($signedIn);
  const interests = useQuery(actionQueries.interestsOf(urn));
  const viewer: InterestViewer = {
    userId: view?.user.id ?? -1,
    organizationUuid: view?.organization.uuid ?? "",
  };
  const alreadyInterested = (interests.data ?? []).some((interest) => interest.notificationConfig !== null);
  const showIndicate =
    onIndicateInterest !== undefined &&
    showsIndicateInterestButton({ inTriage, alreadyInterested, loading: interests.isPending });
  return (
    <Dialog title={`Interested investigators: ${title}`} onClose={onClose} width="large">
      {interests.isPending ? (
        <Spinner size="small" srText="Loading interested investigators" />
      ) : interests.isError ? (
        <InlineMessage variant="critical">{interestMessages.investigatorsFailed}</InlineMessage>
      ) : interests.data.length === 0 ? (
        <p className="sleuth-muted">{interestMessages.noInvestigators}</p>
      ) : (
        <ul className="sleuth-action-list" aria-label="Interested investigators">
          {interests.data.map((interest) => (
            <InterestRow key={interest.uuid} interest={interest} viewer={viewer} urn={urn} />
          ))}
        </ul>
      )}
      {showIndicate ? (
        <div className="sleuth-action-buttons">
          <Button variant="primary" onClick={onIndicateInterest}>
            Indicate interest
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
