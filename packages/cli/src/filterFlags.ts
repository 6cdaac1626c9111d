import {
  addressUrnOfText,
  counterpartyUrnOfText,
  filterMessages,
  flowMessages,
  type NumberFilter,
  type NumberFilterOperator,
  numberFilterOfText,
} from "@sleuth/sdk";
import { InvalidArgumentError } from "commander";

// The 000 §5 header filters of a table as command-line flags, by the SDK's rules.

/** A 000 §5 number filter flag (`>=3`, `!=0`, `lte:5`…) by the SDK's rule. */
export function numberFilterFlag(allowed?: readonly NumberFilterOperator[]) {
  return (value: string): NumberFilter => {
    const change = numberFilterOfText(value, allowed);
    if (change.kind === "set") return change.filter;
    throw new InvalidArgumentError(
      change.kind === "invalid" ? change.message : "a number after >=, <=, = or != (e.g. >=3)",
    );
  };
}

export function counterpartyUrnFlag(value: string): string {
  const urn = counterpartyUrnOfText(value);
  if (urn === null) throw new InvalidArgumentError(flowMessages.notCounterpartyUrn);
  return urn;
}

/** A 000 §5 address URN filter flag. */
export function addressUrnFlag(value: string): string {
  const urn = addressUrnOfText(value);
  if (urn === null) throw new InvalidArgumentError(filterMessages.notAddressUrn);
  return urn;
}
