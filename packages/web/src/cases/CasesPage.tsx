import { useStore } from "@nanostores/react";
import { Button, Heading, Label, SegmentedControl, Spinner } from "@primer/react";
import { caseMessages, formatUtc } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { openActionDialog } from "../actions/actionDialogs.ts";
import { actionQueries } from "../actions/actionQueries.ts";
import { casePath } from "../actions/workspacePaths.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { ConfigurableTable } from "../tables/ConfigurableTable.tsx";

const filters = ["all", "mine", "shared"] as const;
type Filter = (typeof filters)[number];
const filterLabels: Record<Filter, string> = { all: "All", mine: "Mine", shared: "Shared with organization" };

/** 000 §7 cases: the caller's cases and those shared with the organization (000 §9: up to 1000). */
export function CasesPage() {
  const view = useStore($signedIn);
  const [filter, setFilter] = useState<Filter>("all");
  const query = useQuery(
    actionQueries.cases(
      filter === "mine"
        ? { ownerUserId: view?.user.id }
        : filter === "shared"
          ? { isSharedWithOrg: true }
          : {},
    ),
  );
  const canWrite = view?.role === "editor" || view?.role === "admin";
  return (
    <div className="sleuth-page" data-testid="cases-page">
      <div className="sleuth-page-heading">
        <Heading as="h1" className="sleuth-page-title">
          Cases
        </Heading>
        {canWrite ? (
          <Button
            variant="primary"
            onClick={() => openActionDialog({ kind: "newCase" })}
            trailingVisual={() => <HotkeyHint id="cases.new" size="small" />}
          >
            New case
          </Button>
        ) : null}
      </div>
      <SegmentedControl aria-label="Show">
        {filters.map((item) => (
          <SegmentedControl.Button key={item} selected={filter === item} onClick={() => setFilter(item)}>
            {filterLabels[item]}
          </SegmentedControl.Button>
        ))}
      </SegmentedControl>
      {query.isPending ? (
        <Spinner size="small" srText="Loading cases" />
      ) : query.isError ? (
        <div role="alert" className="sleuth-panel-error">
          <p>{caseMessages.loadFailed}</p>
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : query.data.cases.length === 0 ? (
        <p className="sleuth-muted">
          {filter === "all" ? caseMessages.noCases : caseMessages.noMatchingCases}
        </p>
      ) : (
        <ConfigurableTable
          table="cases"
          className="sleuth-table"
          aria-label="Cases"
          rows={query.data.cases}
          rowKey={(item) => String(item.id)}
          cells={{
            name: (item) => <Link href={casePath(item.id)}>{item.name}</Link>,
            owner: (item) => item.owner?.fullName ?? item.owner?.email ?? "—",
            sharing: (item) =>
              item.isSharedWithOrg ? <Label variant="accent">Shared</Label> : <Label>Private</Label>,
            elements: (item) => item.relatables?.length ?? 0,
            updated: (item) => formatUtc(item.updatedAt),
          }}
        />
      )}
    </div>
  );
}
