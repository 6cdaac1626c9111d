import { useStore } from "@nanostores/react";
import { Button, Heading, Spinner } from "@primer/react";
import { flagMessages, formatUtc, platformMessages, roleAtLeast } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { actionQueries } from "../actions/actionQueries.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";
import { attachFlag } from "./FlagsPanel.tsx";

/** The organization's flags, newest first (001 §7 GET v1/users/user-attributions). */
export function FlagsPage() {
  const flags = useQuery(actionQueries.myFlags());
  const canWrite = roleAtLeast(useStore($signedIn)?.role, "editor");
  return (
    <div className="sleuth-page" data-testid="flags-page">
      <Heading as="h1" className="sleuth-page-title">
        Flags
      </Heading>
      {flags.isPending ? (
        <Spinner size="small" srText="Loading flags" />
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
        <ConfigurableTable
          table="flags"
          className="sleuth-table"
          aria-label="Flags"
          rows={flags.data.flags}
          rowKey={(flag) => flag.uuid}
          cells={{
            flagged: (flag) => formatUtc(flag.createdAt),
            element: (flag) => {
              const path = pathOfUrn(flag.trmResourceUrn);
              return path ? <Link href={path}>{flag.trmResourceUrn}</Link> : flag.trmResourceUrn;
            },
            category: (flag) => flag.userProvidedCategory ?? flag.categoryLabel,
            by: (flag) => flag.createdBy?.fullName ?? flag.createdBy?.email ?? "—",
            case: (flag) =>
              canWrite && flag.isOwnOrganization ? (
                <Button size="small" onClick={() => attachFlag(flag)}>
                  Add to a case
                </Button>
              ) : null,
          }}
        />
      )}
    </div>
  );
}
