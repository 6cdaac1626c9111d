import { Link as PrimerLink } from "@primer/react";
import {
  counterpartyNameOf,
  displayAddress,
  formatBalance,
  formatUtc,
  missingCounterpartyText,
  missingValueText,
  parseUrn,
  truncateMiddle,
  unknownUsdReason,
  usdText,
} from "@sleuth/sdk";
import { Link } from "wouter";
import { CounterpartyNameView } from "../explorer/CounterpartyNameView.tsx";
import { plotUrnsAttribute } from "../graph/plotOnGraph.ts";
import { pathOfUrn } from "../navigation/routePaths.ts";
import type { AnyTransferRow } from "./transferQueries.ts";

/** 001 §2 transfer table cells, in 001 §9 / 002 §9 formats. */

/** The column header says UTC; each cell need not. */
const tableTimePattern = "yyyy-MM-dd HH:mm:ss";

export function TimestampCell({ row }: { row: AnyTransferRow }) {
  return (
    <span className="sleuth-mono sleuth-nowrap">{formatUtc(row.transactionTimestamp, tableTimePattern)}</span>
  );
}

/**
 * The transaction link is the row's focus target: Enter opens the transaction; plotting the row
 * (001 §6) puts its transaction and its counterparty (address, else entity) on the graph.
 */
export function HashCell({ row }: { row: AnyTransferRow }) {
  const parts = parseUrn(row.transactionUrn);
  const hash = parts?.kind === "transaction" ? parts.hash : row.transactionUrn;
  const counterparty = row.counterpartyAddressChainUrns[0] ?? row.counterpartyEntities[0]?.entityUrn;
  const plot = { [plotUrnsAttribute]: [row.transactionUrn, counterparty].filter(Boolean).join(" ") };
  return (
    <PrimerLink
      as={Link}
      href={pathOfUrn(row.transactionUrn) ?? "#"}
      className="sleuth-mono"
      title={hash}
      data-transfer-link=""
      {...plot}
    >
      {truncateMiddle(hash, 10, 6)}
    </PrimerLink>
  );
}

export function CounterpartyAddressCell({ row }: { row: AnyTransferRow }) {
  const [urn] = row.counterpartyAddressChainUrns;
  const parts = urn ? parseUrn(urn) : null;
  if (!urn || parts?.kind !== "address")
    return <span className="sleuth-muted">{missingCounterpartyText(row)}</span>;
  const shown = displayAddress(parts.chain, parts.address);
  return (
    <PrimerLink as={Link} href={pathOfUrn(urn) ?? "#"} className="sleuth-mono" title={shown}>
      {truncateMiddle(shown, 8, 6)}
    </PrimerLink>
  );
}

/**
 * Issue 39: the counterparty named by the SDK's one rule (owner entity, else best label with its
 * source), its kind shown beside the name.
 */
export function CounterpartyEntityCell({ row }: { row: AnyTransferRow }) {
  const [entity] = row.counterpartyEntities;
  const name = counterpartyNameOf({ entity: entity?.entity, label: row.counterpartyLabel });
  if (!name) return <span className="sleuth-muted">{missingValueText}</span>;
  const href = entity ? pathOfUrn(entity.entityUrn) : null;
  return (
    <CounterpartyNameView name={name}>
      {href ? (
        <PrimerLink as={Link} href={href}>
          {name.name}
        </PrimerLink>
      ) : null}
    </CounterpartyNameView>
  );
}

export function DirectionCell({ row }: { row: AnyTransferRow }) {
  return (
    <span className={`sleuth-direction sleuth-direction-${row.direction}`}>
      {row.direction === "incoming" ? "In" : "Out"}
    </span>
  );
}

export function AmountCell({ value }: { value: string | null }) {
  return <span className="sleuth-number">{value === null ? missingValueText : formatBalance(value)}</span>;
}

/** A missing price says so (never $0.00). */
export function UsdCell({ row }: { row: AnyTransferRow }) {
  return (
    <span className="sleuth-number" title={row.relevantAmountUsd === null ? unknownUsdReason : undefined}>
      {usdText(row.relevantAmountUsd)}
    </span>
  );
}

export function CategoriesCell({ row }: { row: AnyTransferRow }) {
  return (
    <>{row.counterpartyCategories.map((category) => category.category).join(", ") || missingValueText}</>
  );
}
