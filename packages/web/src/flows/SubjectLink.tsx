import type { ReactNode } from "react";
import { Link } from "wouter";
import { plotUrnsAttribute } from "../graph/plotOnGraph.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";

/**
 * A table row's link to a URN's page: focusable by j/k (data-row-link), opened by Enter; with
 * `plotUrns`, what the workspace's "Plot the focused row" puts on the graph (001 §6).
 */
export function SubjectLink({
  urn,
  plotUrns,
  children,
}: {
  urn: string;
  plotUrns?: readonly string[];
  children: ReactNode;
}) {
  const path = pathOfUrn(urn);
  if (!path) return <span>{children}</span>;
  const plot = plotUrns ? { [plotUrnsAttribute]: plotUrns.join(" ") } : {};
  return (
    <Link href={path} data-row-link="" data-urn={urn} className="sleuth-row-link" {...plot}>
      {children}
    </Link>
  );
}
