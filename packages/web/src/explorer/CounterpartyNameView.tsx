import { Label } from "@primer/react";
import { type CounterpartyName, counterpartyNameKindText } from "@sleuth/sdk";
import type { ReactNode } from "react";

/**
 * Issue 39: a counterparty's name (the SDK's counterpartyNameOf) with its kind beside it, "entity"
 * or "label" and the label's source, so an investigator sees whether an owner or a list named it.
 * `children` is the name as the table links it; the plain name otherwise.
 */
export function CounterpartyNameView({ name, children }: { name: CounterpartyName; children?: ReactNode }) {
  return (
    <span className="sleuth-counterparty-name" data-name-kind={name.kind}>
      {children ?? <span>{name.name}</span>}{" "}
      <Label
        variant={name.kind === "entity" ? "accent" : "secondary"}
        size="small"
        title={counterpartyNameKindText(name)}
      >
        {name.kind}
      </Label>
      {name.source ? <span className="sleuth-muted"> {name.source}</span> : null}
    </span>
  );
}
