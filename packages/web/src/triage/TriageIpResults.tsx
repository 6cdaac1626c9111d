import { Flash, Heading, Link as PrimerLink, Text } from "@primer/react";
import { countedNoun, type InetHit, ipSearchRefusalOf, platformMessages } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ipPath } from "../navigation/routePaths.ts";
import { sleuthClient } from "../session/sleuthClient.ts";

/**
 * 002 §6 the IPs of a triage search, asked with the triage module so the server applies the forensics
 * licence rule itself; only run when the console's copy of the rule allows them.
 */
export function useTriageIpSearch(ips: readonly string[], allowed: boolean, organizationUuid: string | null) {
  return useQuery({
    queryKey: ["triage", "results", "ips", organizationUuid, ...ips],
    queryFn: async ({ signal }): Promise<InetHit[]> => {
      const answers = await Promise.all(
        ips.map((ip) =>
          sleuthClient.search.autocomplete(
            { query: ip, attributionType: "inet", module: "triage" },
            { signal },
          ),
        ),
      );
      const seen = new Set<string>();
      return answers.flatMap(({ hits }) =>
        hits.filter((hit) => !seen.has(hit.entityUrn) && seen.add(hit.entityUrn)),
      );
    },
    enabled: allowed && ips.length > 0,
    retry: false,
  });
}

/** The IP rows of triage results: each opens the block explorer's IP page; a refusal shows 002 §8's texts. */
export function TriageIpResults({ search }: { search: ReturnType<typeof useTriageIpSearch> }) {
  if (search.isError) {
    const refused = ipSearchRefusalOf(search.error);
    return (
      <Flash variant={refused ? "warning" : "danger"} role="alert" data-testid="triage-ip-refused">
        {(refused ?? [platformMessages.genericPanel]).map((message) => (
          <p key={message}>{message}</p>
        ))}
      </Flash>
    );
  }
  const hits = search.data ?? [];
  if (hits.length === 0) return null;
  return (
    <section aria-labelledby="triage-results-ips">
      <Heading as="h2" id="triage-results-ips" className="sleuth-section-title">
        IP addresses
      </Heading>
      <ul className="sleuth-triage-results" data-testid="triage-results-ips">
        {hits.map((hit) => (
          <li key={hit.entityUrn}>
            <Link href={ipPath(hit.ip)} asChild>
              <PrimerLink className="sleuth-mono">{hit.ip}</PrimerLink>
            </Link>{" "}
            <Text className="sleuth-muted">
              {[
                hit.country,
                hit.isp,
                countedNoun(hit.numAssociatedAddresses, "associated address", "associated addresses"),
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
