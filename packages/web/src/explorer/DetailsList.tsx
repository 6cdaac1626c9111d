import type { ReactNode } from "react";

/** A page's facts as a description list: each term with its value. */
export function DetailsList({
  entries,
  testId,
}: {
  entries: readonly (readonly [term: string, value: ReactNode])[];
  testId: string;
}) {
  return (
    <dl className="sleuth-metrics" data-testid={testId}>
      {entries.map(([term, value]) => (
        <div key={term} className="sleuth-metric">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
