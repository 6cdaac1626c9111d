import { useStore } from "@nanostores/react";
import {
  Button,
  ConfirmationDialog,
  FormControl,
  Heading,
  Spinner,
  Text,
  Textarea,
  TextInput,
  ToggleSwitch,
} from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import {
  type CaseRecord,
  type CaseRelatable,
  caseLimits,
  caseMessages,
  caseRelatableTarget,
  caseUpdateFailedMessage,
  consolePaths,
  formatUtc,
  roleAtLeast,
  type UpdateCaseRequest,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { useCommands } from "../commands/useCommands.ts";
import { showError, showMessage } from "../messages/messageStore.ts";
import { pathOfUrn, savedGraphPath } from "../navigation/routePaths.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
// The panels share the explorer's look (the case page may be the first page opened).
import "../explorer/explorer.css";
import { actionQueries } from "../actions/actionQueries.ts";

/**
 * 000 §4 case update, optimistic: the change shows at once and is rolled back on failure with
 * 000 §8's 'There was an issue updating case: {id}'.
 */
function useCaseUpdate(id: string) {
  const client = useQueryClient();
  const key = actionQueries.case(id).queryKey;
  return useMutation({
    mutationFn: (body: UpdateCaseRequest) => sleuthClient.cases.update(id, body),
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<CaseRecord>(key);
      if (previous) client.setQueryData<CaseRecord>(key, { ...previous, ...body } as CaseRecord);
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      showMessage({ variant: "critical", title: caseUpdateFailedMessage(id) });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ["cases"] }),
  });
}

/** Where a relatable opens: an element's page, a saved graph, or the flagged element's page. */
function relatableLink(relatable: CaseRelatable): { path: string | null; text: string } {
  const target = caseRelatableTarget(relatable.resourceUrn);
  if (target.kind === "graph") {
    return {
      path: relatable.label === null ? null : savedGraphPath(target.uuid),
      text: relatable.label ?? "A graph that was deleted",
    };
  }
  if (target.kind === "flag") {
    const subject = relatable.subjectUrn ?? null;
    return {
      path: subject ? pathOfUrn(subject) : null,
      text: relatable.label ? `${relatable.label} · ${subject}` : "A flag that was removed",
    };
  }
  return { path: pathOfUrn(relatable.resourceUrn), text: relatable.resourceUrn };
}

/** The case page's lists: what a case holds, each kind under its own heading. */
const relatableSections = [
  {
    id: "case-elements",
    kind: "element",
    title: "Elements",
    empty: "Nothing is attached yet. Use “Add to a case” (a c) on an address or entity page.",
  },
  {
    id: "case-graphs",
    kind: "graph",
    title: "Graphs",
    empty: "No graph yet. On a saved graph, “Add this graph to a case” (a c) adds it.",
  },
  {
    id: "case-flags",
    kind: "flag",
    title: "Flags",
    empty: "No flag yet. “Add flag to a case” on a flag of an address or entity adds it.",
  },
] as const;

function RelatablesSection({
  id,
  title,
  empty,
  items,
  canWrite,
  onRemove,
}: {
  id: string;
  title: string;
  empty: string;
  items: CaseRelatable[];
  canWrite: boolean;
  onRemove: (urn: string) => void;
}) {
  return (
    <section className="sleuth-panel" aria-labelledby={id} data-testid={id}>
      <Heading as="h2" id={id} className="sleuth-panel-title">
        {title}
      </Heading>
      {items.length === 0 ? (
        <p className="sleuth-muted">{empty}</p>
      ) : (
        <ul className="sleuth-action-list" aria-label={title}>
          {items.map((relatable) => {
            const link = relatableLink(relatable);
            return (
              <li key={relatable.resourceUrn} className="sleuth-action-item">
                {link.path ? <Link href={link.path}>{link.text}</Link> : <code>{link.text}</code>}
                {relatable.note ? <span className="sleuth-muted"> · {relatable.note}</span> : null}
                {canWrite ? (
                  <Button size="small" onClick={() => onRemove(relatable.resourceUrn)}>
                    Remove
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CaseDetails({ record }: { record: CaseRecord }) {
  const view = useStore($signedIn);
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const update = useCaseUpdate(record.id);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(record.name);
  const [deleting, setDeleting] = useState(false);
  const [note, setNote] = useState("");
  const nameRef = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const canWrite = roleAtLeast(view?.role, "editor");
  const isOwnerOrAdmin = record.owner?.uuid === view?.user.uuid || roleAtLeast(view?.role, "admin");
  const startRename = () => {
    setName(record.name);
    setRenaming(true);
    setTimeout(() => nameRef.current?.select(), 0);
  };
  const rename = () => {
    if (name.trim() !== "" && name.trim() !== record.name) update.mutate({ name: name.trim() });
    setRenaming(false);
  };
  const toggleShared = () => update.mutate({ isSharedWithOrg: !record.isSharedWithOrg });
  const remove = useMutation({
    mutationFn: () => sleuthClient.cases.delete(record.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ["cases"] });
      showMessage({ variant: "success", title: `Case “${record.name}” deleted.` });
      navigate(consolePaths.workspaceCases);
    },
    onError: (error) => showError(caseMessages.deleteFailed, error),
  });
  const detach = useMutation({
    mutationFn: (urn: string) => sleuthClient.cases.detach(record.id, urn),
    onSuccess: (updated) => client.setQueryData(actionQueries.case(record.id).queryKey, updated),
    onError: () => showMessage({ variant: "critical", title: caseUpdateFailedMessage(record.id) }),
  });
  const addNote = useMutation({
    mutationFn: () => sleuthClient.cases.addNote(record.id, note),
    onSuccess: (updated) => {
      setNote("");
      client.setQueryData(actionQueries.case(record.id).queryKey, updated);
    },
    onError: () => showMessage({ variant: "critical", title: caseUpdateFailedMessage(record.id) }),
  });
  const relatables = record.relatables ?? [];
  const kindOf = (relatable: CaseRelatable) => caseRelatableTarget(relatable.resourceUrn).kind;
  const group = "This case";
  useCommands(
    canWrite
      ? [
          { id: "case.rename", title: "Rename this case", group, keys: "e r", run: startRename },
          ...(isOwnerOrAdmin
            ? [
                {
                  id: "case.share",
                  title: record.isSharedWithOrg
                    ? "Stop sharing this case"
                    : "Share this case with the organization",
                  group,
                  keys: "e s",
                  run: toggleShared,
                },
                {
                  id: "case.delete",
                  title: "Delete this case",
                  group,
                  keys: "e d",
                  run: () => setDeleting(true),
                },
              ]
            : []),
        ]
      : [],
  );
  return (
    <div className="sleuth-page" data-testid="case-page">
      <Text as="p" className="sleuth-muted">
        <Link href={consolePaths.workspaceCases}>Cases</Link> / case {record.id}
      </Text>
      {renaming ? (
        <form
          className="sleuth-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            rename();
          }}
        >
          <FormControl>
            <FormControl.Label>Case name</FormControl.Label>
            <TextInput
              ref={nameRef}
              maxLength={caseLimits.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") {
                  event.preventDefault();
                  setRenaming(false);
                }
              }}
            />
          </FormControl>
          <Button type="submit" variant="primary" disabled={name.trim() === ""}>
            Save
          </Button>
          <Button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="sleuth-page-heading">
          <Heading as="h1" className="sleuth-page-title">
            {record.name}
          </Heading>
          {canWrite ? <Button onClick={startRename}>Rename</Button> : null}
          {canWrite && isOwnerOrAdmin ? (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          ) : null}
        </div>
      )}
      <Text as="p" className="sleuth-muted">
        Owner {record.owner?.fullName ?? record.owner?.email ?? "—"} · created {formatUtc(record.createdAt)}
      </Text>
      {record.description ? <Text as="p">{record.description}</Text> : null}
      <div className="sleuth-share-toggle">
        <Text id="share-label" className="sleuth-share-label">
          Shared with the organization
        </Text>
        <ToggleSwitch
          aria-labelledby="share-label"
          size="small"
          checked={record.isSharedWithOrg}
          disabled={!canWrite || !isOwnerOrAdmin}
          onClick={toggleShared}
        />
      </div>
      {relatableSections.map((section) => (
        <RelatablesSection
          key={section.id}
          {...section}
          items={relatables.filter((relatable) => kindOf(relatable) === section.kind)}
          canWrite={canWrite}
          onRemove={(urn) => detach.mutate(urn)}
        />
      ))}
      <section className="sleuth-panel" aria-labelledby="case-notes">
        <Heading as="h2" id="case-notes" className="sleuth-panel-title">
          Notes
        </Heading>
        {(record.notes ?? []).length === 0 ? <p className="sleuth-muted">No notes yet.</p> : null}
        <ul className="sleuth-action-list">
          {(record.notes ?? []).map((item) => (
            <li key={item.id}>
              <Text as="p">{item.text}</Text>
              <Text as="p" className="sleuth-muted">
                {item.author?.fullName ?? item.author?.email ?? "—"} · {formatUtc(item.createdAt)}
              </Text>
            </li>
          ))}
        </ul>
        {canWrite ? (
          <form
            className="sleuth-action-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (note.trim() !== "" && !addNote.isPending) addNote.mutate();
            }}
          >
            <FormControl>
              <FormControl.Label id={noteId}>Add a note</FormControl.Label>
              <Textarea
                block
                rows={2}
                maxLength={caseLimits.note}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </FormControl>
            <div className="sleuth-action-buttons">
              <Button type="submit" disabled={note.trim() === ""} loading={addNote.isPending}>
                Add note
              </Button>
            </div>
          </form>
        ) : null}
      </section>
      {deleting ? (
        <ConfirmationDialog
          title={`Delete “${record.name}”?`}
          confirmButtonContent="Delete case"
          confirmButtonType="danger"
          onClose={(gesture) => {
            setDeleting(false);
            if (gesture === "confirm") remove.mutate();
          }}
        >
          The case, its notes and its escalations are removed for everyone.
        </ConfirmationDialog>
      ) : null}
    </div>
  );
}

/** One case (`/workspace/cases/:id`): rename, share, delete, its elements and notes. */
export function CasePage({ id }: { id: string }) {
  const query = useQuery(actionQueries.case(id));
  if (query.isPending) {
    return (
      <div className="sleuth-page" aria-busy="true">
        <Spinner size="medium" srText="Loading the case" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="sleuth-page" role="alert">
        <InlineMessage variant="critical">This case does not exist or is not shared with you.</InlineMessage>
        <Link href={consolePaths.workspaceCases}>All cases</Link>
      </div>
    );
  }
  return <CaseDetails record={query.data} />;
}
