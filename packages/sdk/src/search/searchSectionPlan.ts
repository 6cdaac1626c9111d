import type { RecognizedIdentifier } from "../chains/recognizeIdentifier.ts";
import { type SearchSection, searchSections } from "./searchSections.ts";

const sectionOfKind = {
  transaction: "transactions",
  address: "addresses",
  inet: "ips",
} as const satisfies Record<RecognizedIdentifier["kind"], SearchSection>;

// What a part of an address or an IP can hold: every chain's addresses are letters and digits (a
// CashAddr adds its prefix's colon), and `%` makes a pattern (docs/API.md); an IPv4 or IPv6 address is
// made of hex digits, dots and colons only.
const addressCharacters = /^[0-9a-z:%]+$/i;
const ipCharacters = /^[0-9a-f.:]+$/i;

/**
 * The sections a query searches, in the 002 §4 order. Choice: text recognised as an identifier
 * (000 §5) searches the sections of its kinds only: an address, hash or IP is nobody's name, so
 * asking the name sections would only add requests to wait for. Other text searches entities and
 * custom entities by name, addresses and IPs by prefix when it could begin one (an IP prefix such as
 * `203.0.113.` is no address's); the transaction lookup needs a whole hash (001 §7). Custom entities need their
 * flag, IPs the IP search rule (002 §6).
 */
export function searchSectionsFor(
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  options: { customEntitySearch: boolean; ipSearchAllowed: boolean },
): SearchSection[] {
  const text = query.trim();
  const recognised = new Set<SearchSection>(identifiers.map((identifier) => sectionOfKind[identifier.kind]));
  const wanted: ReadonlySet<SearchSection> =
    recognised.size > 0
      ? recognised
      : new Set<SearchSection>([
          "entities",
          "customEntities",
          ...(addressCharacters.test(text) ? (["addresses"] as const) : []),
          ...(ipCharacters.test(text) ? (["ips"] as const) : []),
        ]);
  return searchSections.filter(
    (section) =>
      wanted.has(section) &&
      (section !== "customEntities" || options.customEntitySearch) &&
      (section !== "ips" || options.ipSearchAllowed),
  );
}
