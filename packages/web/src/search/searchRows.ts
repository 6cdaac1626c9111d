import {
  type AddressHit,
  type ChainId,
  type CustomEntityHit,
  chainById,
  countText,
  dateText,
  displayAddress,
  type EntityHit,
  formatMoney,
  formatUtc,
  type InetHit,
  missingValueText,
  moneyText,
  type SearchSection,
  type SuggestionItem,
  subjectRiskText,
  type TransactionRow,
  textOrMissing,
  truncateSearchTitle,
  truncateTag,
  usdText,
} from "@sleuth/sdk";

/** One result of a search section: the SDK's 002 §3 suggestion item and what its row shows. */
export interface SearchRow {
  section: SearchSection;
  item: SuggestionItem;
  /** The URN the row opens; also its key. */
  urn: string;
  /** The title as shown (002 §9 truncation for identifiers). */
  title: string;
  /** The untruncated title, for the accessible name and the tooltip. */
  fullTitle: string;
  /** Secondary text: chain, category, creator, dates. */
  detail: string;
  chain: ChainId | null;
  /** 002 §3 seeMore: the other chains the same address is on (addresses only). */
  otherChains: { chain: ChainId; address: string; urn: string }[];
  /** The results-page cells after the title, in the order of `searchSectionColumns`. */
  cells: string[];
}

/** The results tables' columns per section; the first is the row's title. */
export const searchSectionColumns = {
  transactions: ["Transaction", "Chain", "Time (UTC)", "Value"],
  entities: ["Entity", "Category", "Risk", "Addresses", "Transfers", "Volume"],
  customEntities: ["Custom entity", "Created by", "Addresses", "Transfers", "Volume", "Last active"],
  addresses: ["Address", "Chain", "Attribution", "Risk", "Transfers", "Volume"],
  ips: ["IP", "Country", "ISP", "Associated addresses", "Observations"],
} as const satisfies Record<SearchSection, readonly string[]>;

/** Issue 39: a hit's risk as its page reads it; nothing when the server sent none. */
const riskDetail = (riskScore: number | null | undefined) =>
  riskScore === undefined ? null : subjectRiskText(riskScore);

const chainName = (chain: string) => chainById(chain)?.name ?? chain;

const joinDetail = (parts: readonly (string | null | undefined | false)[]) =>
  parts.filter((part): part is string => typeof part === "string" && part !== "").join(" · ");

const count = (value: number, noun: string, plural = `${noun}s`) =>
  `${value.toLocaleString("en-US")} ${value === 1 ? noun : plural}`;

export function transactionRow(row: TransactionRow): SearchRow {
  return {
    section: "transactions",
    item: { title: row.tx_hash, transactionUrn: row.transactionUrn },
    urn: row.transactionUrn,
    title: truncateSearchTitle(row.tx_hash, "transaction"),
    fullTitle: row.tx_hash,
    detail: joinDetail([
      chainName(row.chain),
      dateText(row.block_timestamp),
      row.value_usd === null ? null : formatMoney(row.value_usd),
    ]),
    chain: row.chain,
    otherChains: [],
    cells: [chainName(row.chain), formatUtc(row.block_timestamp), usdText(row.value_usd)],
  };
}

export function entityRow(hit: EntityHit): SearchRow {
  return {
    section: "entities",
    item: { title: hit.name, entityUrn: hit.entityUrn, tags: hit.tags },
    urn: hit.entityUrn,
    title: hit.name,
    fullTitle: hit.name,
    detail: joinDetail([
      hit.category,
      riskDetail(hit.riskScore),
      hit.addresses === null ? null : count(hit.addresses, "address", "addresses"),
    ]),
    chain: null,
    otherChains: [],
    cells: [
      hit.category,
      riskDetail(hit.riskScore) ?? missingValueText,
      countText(hit.addresses),
      countText(hit.totalTransfers),
      moneyText(hit.totalVolume),
    ],
  };
}

export function customEntityRow(hit: CustomEntityHit): SearchRow {
  return {
    section: "customEntities",
    item: {
      title: hit.name,
      customEntityUrn: hit.entityUrn,
      ...(hit.createdByUser ? { createdByUser: hit.createdByUser } : {}),
    },
    urn: hit.entityUrn,
    title: hit.name,
    fullTitle: hit.name,
    detail: joinDetail([
      hit.createdByUser ? `by ${truncateSearchTitle(hit.createdByUser, "creator")}` : null,
      count(hit.addressCount, "address", "addresses"),
    ]),
    chain: null,
    otherChains: [],
    cells: [
      hit.createdByUser ? truncateSearchTitle(hit.createdByUser, "creator") : missingValueText,
      countText(hit.addressCount),
      countText(hit.totalTransfers),
      moneyText(hit.totalVolumeUsd),
      dateText(hit.lastActiveDate),
    ],
  };
}

export function addressRow(hit: AddressHit): SearchRow {
  const shown = displayAddress(hit.chain, hit.address);
  const others = hit.seeMore?.length ?? 0;
  const [tag] = hit.tags;
  // 000 §9: a tag's name shows 20 characters (the results table's cell, and the palette's detail).
  const attribution = tag
    ? `${truncateTag(tag.entity ?? tag.signatureName ?? tag.category)} (${tag.category})`
    : hit.category;
  return {
    section: "addresses",
    item: {
      title: shown,
      addressChainUrn: hit.addressChainUrn,
      tags: hit.tags,
      ...(hit.multiple ? { multiple: true } : {}),
    },
    urn: hit.addressChainUrn,
    title: truncateSearchTitle(shown, "address"),
    fullTitle: shown,
    detail: joinDetail([
      others > 0 ? `${chainName(hit.chain)} and ${count(others, "other chain")}` : chainName(hit.chain),
      attribution,
      riskDetail(hit.riskScore),
    ]),
    chain: hit.chain,
    otherChains: (hit.seeMore ?? []).map((other) => ({
      chain: other.chain,
      address: other.address,
      urn: other.addressChainUrn,
    })),
    cells: [
      others > 0 ? `${chainName(hit.chain)} +${others}` : chainName(hit.chain),
      attribution ?? missingValueText,
      riskDetail(hit.riskScore) ?? missingValueText,
      countText(hit.transactions),
      moneyText(hit.totalVolume),
    ],
  };
}

export function inetRow(hit: InetHit): SearchRow {
  return {
    section: "ips",
    item: { title: hit.ip, inetUrn: hit.entityUrn },
    urn: hit.entityUrn,
    title: hit.ip,
    fullTitle: hit.ip,
    detail: joinDetail([
      hit.country,
      hit.isp,
      count(hit.numAssociatedAddresses, "associated address", "associated addresses"),
    ]),
    chain: null,
    otherChains: [],
    cells: [
      textOrMissing(hit.country),
      textOrMissing(hit.isp),
      countText(hit.numAssociatedAddresses),
      countText(hit.totalObservations),
    ],
  };
}

/**
 * 000 §2: an address found on several chains opens on its first chain with the others in navigation
 * state (searchCriteria, searchResults, searchType), as a search matching several chains does.
 */
export function severalChainsState(row: SearchRow, query: string): Record<string, unknown> | undefined {
  if (row.section !== "addresses" || row.otherChains.length === 0 || row.chain === null) return undefined;
  return {
    searchCriteria: query,
    searchType: "address",
    searchResults: [{ chain: row.chain, address: row.fullTitle, urn: row.urn }, ...row.otherChains].map(
      (match) => ({
        kind: "address",
        chain: match.chain,
        value: match.address,
        urn: match.urn,
      }),
    ),
  };
}
