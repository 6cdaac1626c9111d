import { Heading, Link as PrimerLink, Text } from "@primer/react";
import { Link, useSearch } from "wouter";
import { pathOfUrn, transactionPath } from "../navigation/index.ts";
import { usePageHeading } from "./usePageHeading.ts";

/**
 * The graph visualizer's place (000 §2: query chain and txn, or the URNs to plot). The graph itself
 * is not part of this console yet; search never routes here (see navigation/routeAccess.ts), and a
 * link that does lists what it would have plotted.
 */
export function GraphPage() {
  const params = new URLSearchParams(useSearch());
  const headingRef = usePageHeading("graph");
  const chain = params.get("chain");
  const txn = params.get("txn");
  const urns = params.getAll("trmUrn");
  const links = [
    ...(chain && txn ? [{ path: transactionPath(chain, txn), label: `Transaction ${txn}` }] : []),
    ...urns.flatMap((urn) => {
      const path = pathOfUrn(urn);
      return path ? [{ path, label: urn }] : [];
    }),
  ];
  return (
    <div className="sleuth-page">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Graph visualizer
      </Heading>
      <Text as="p">The graph visualizer is not available in this console yet.</Text>
      {links.length > 0 ? (
        <>
          <Text as="p">It would plot:</Text>
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                <PrimerLink as={Link} href={link.path} className="sleuth-mono sleuth-break">
                  {link.label}
                </PrimerLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
