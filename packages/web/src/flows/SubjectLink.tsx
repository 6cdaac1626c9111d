import type { ReactNode } from "react";
import { Link } from "wouter";
import { pathOfUrn } from "../navigation/index.ts";

/** A table row's link to a URN's page: focusable by j/k (data-row-link), opened by Enter. */
export function SubjectLink({ urn, children }: { urn: string; children: ReactNode }) {
  const path = pathOfUrn(urn);
  if (!path) return <span>{children}</span>;
  return (
    <Link href={path} data-row-link="" className="sleuth-row-link">
      {children}
    </Link>
  );
}
