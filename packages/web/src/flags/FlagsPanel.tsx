import { useStore } from "@nanostores/react";
import { Button, Heading } from "@primer/react";
import { SkeletonText } from "@primer/react/experimental";
import {
  flagMessages,
  flagRelatableUrn,
  formatUtc,
  platformMessages,
  roleAtLeast,
  type UserAttributionRecord,
} from "@sleuth/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { openActionDialog } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";
import { showError, showMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/** Opens "Add to a case" for one of the organization's flags (a case holds flags, issue "Act on findings"). */
export function attachFlag(flag: UserAttributionRecord): void {
  openActionDialog({
    kind: "attach",
    subject: { urn: flagRelatableUrn(flag.uuid), label: `the ${flag.categoryLabel} flag` },
  });
}

/** One flag: category, who and when; the author (or an admin) may remove it. */
function FlagItem({
  flag,
  canRemove,
  canAttach,
}: {
  flag: UserAttributionRecord;
  canRemove: boolean;
  canAttach: boolean;
}) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => sleuthClient.flags.delete(flag.uuid),
    onSuccess: () => {
      showMessage({ variant: "success", title: flagMessages.removed });
      void client.invalidateQueries({ queryKey: ["flags"] });
    },
    onError: (error) => showError(flagMessages.removeFailed, error),
  });
  const category = flag.userProvidedCategory
    ? `${flag.categoryLabel}: ${flag.userProvidedCategory}`
    : flag.categoryLabel;
  return (
    <li className="sleuth-action-item" data-testid="flag-item">
      <strong>{category}</strong>{" "}
      <span className="sleuth-muted">
        {flag.isOwnOrganization
          ? `by ${flag.createdBy?.fullName ?? flag.createdBy?.email ?? "a former member"}`
          : "from another organization"}
        {", "}
        {formatUtc(flag.createdAt)}
      </span>
      {canAttach ? (
        <Button size="small" onClick={() => attachFlag(flag)}>
          Add flag to a case
        </Button>
      ) : null}
      {canRemove ? (
        <Button size="small" variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
          Remove flag
        </Button>
      ) : null}
    </li>
  );
}

/** The flags on an element the organization may see (001 §3; docs/API.md "Flags"). */
export function FlagsPanel({ urn }: { urn: string }) {
  const view = useStore($signedIn);
  const flags = useQuery(actionQueries.flagsOf(urn));
  const isAdmin = roleAtLeast(view?.role, "admin");
  return (
    <section className="sleuth-panel" aria-labelledby="panel-flags" aria-busy={flags.isPending || undefined}>
      <Heading as="h2" id="panel-flags" className="sleuth-panel-title">
        Flags
      </Heading>
      {flags.isPending ? (
        <SkeletonText lines={1} />
      ) : flags.isError ? (
        <div role="alert" className="sleuth-panel-error">
          <p>{platformMessages.genericPanel}</p>
          <Button size="small" onClick={() => void flags.refetch()}>
            Retry
          </Button>
        </div>
      ) : flags.data.flags.length === 0 ? (
        <p className="sleuth-muted">{flagMessages.none}</p>
      ) : (
        <ul className="sleuth-action-list" aria-label="Flags">
          {flags.data.flags.map((flag) => (
            <FlagItem
              key={flag.uuid}
              flag={flag}
              canRemove={flag.isOwnOrganization && (isAdmin || flag.createdBy?.uuid === view?.user.uuid)}
              canAttach={flag.isOwnOrganization && roleAtLeast(view?.role, "editor")}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
