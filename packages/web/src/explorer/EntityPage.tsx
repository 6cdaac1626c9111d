import { Label } from "@primer/react";
import { entityUrn, parseUrn } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { SubjectActions } from "../actions/SubjectActions.tsx";
import { entityPanes } from "../workspace/panes.ts";
import { SubjectWorkspace } from "../workspace/SubjectWorkspace.tsx";
import { AttributionTags } from "./AttributionTags.tsx";
import { DataPanel } from "./DataPanel.tsx";
import { explorerQueries } from "./explorerQueries.ts";
import { IdentifierHeader } from "./IdentifierHeader.tsx";
import { InvalidIdentifier } from "./InvalidIdentifier.tsx";
import { ActivityPanel } from "./MetricsList.tsx";
import { RiskBadge } from "./RiskBadge.tsx";
import { decodeSegment, urnOfSegment } from "./routeParams.ts";

/** The entity page (`/entity/:id`, the entity's slug): name, category, risk, attribution and metrics. */
export function EntityPage({ id }: { id: string }) {
  const slug = decodeSegment(id);
  const urn = urnOfSegment(entityUrn, slug);
  if (urn === null) return <InvalidIdentifier message="This is not a known kind of entity." value={slug} />;
  const parts = parseUrn(urn);
  return <EntityDetails slug={parts?.kind === "entity" ? parts.id : slug} urn={urn} />;
}

function EntityDetails({ slug, urn }: { slug: string; urn: string }) {
  const hit = useQuery(explorerQueries.exactHit("entity", slug, (candidate) => candidate.entityUrn === urn));
  const metrics = useQuery(explorerQueries.entityMetrics(urn));
  const risk = useQuery(explorerQueries.entityRisk(urn));
  const attribution = useQuery(explorerQueries.entityAttribution(urn));
  const name = hit.data?.name ?? slug;
  return (
    <div className="sleuth-page sleuth-subject-page" data-testid="entity-page">
      <IdentifierHeader
        kind="Entity"
        identifier={name}
        shortIdentifier={name}
        monospace={false}
        badges={
          <>
            {hit.data ? (
              <Label size="large" variant="secondary">
                {hit.data.category}
              </Label>
            ) : null}
            {risk.data ? (
              <RiskBadge level={risk.data.riskScoreLevel} label={risk.data.riskScoreLabel} />
            ) : null}
          </>
        }
      />
      <SubjectActions subject={{ urn, label: name, kind: "entity" }} />
      <SubjectWorkspace
        subject={{ kind: "entity", urn, name }}
        panes={entityPanes}
        summary={
          <>
            <DataPanel title="Attribution" query={attribution}>
              {(data) => <AttributionTags tags={data?.tags ?? []} commandId="subject.tagDetails" />}
            </DataPanel>
            <ActivityPanel query={metrics} showAddressCount emptyText="No activity recorded." />
          </>
        }
      />
    </div>
  );
}
