import type { RecognizedIdentifier } from "../chains/index.ts";
import { type SearchSection, searchSections } from "./searchSections.ts";

const sectionOfKind = {
  transaction: "transactions",
  address: "addresses",
  inet: "ips",
} as const satisfies Record<RecognizedIdentifier["kind"], SearchSection>;

// What a part of an address or an IP can hold: no address of any chain contains white space, and an
// IPv4 or IPv6 address is made of hex digits, dots and colons only.
const whiteSpace = /\s/;
const ipCharacters = /^[0-9a-f.:]+$/i;

/**
 * The sections a query searches, in the 002 §4 order. Choice: text recognised as an identifier
 * (000 §5) searches the sections of its kinds only: an address, hash or IP is nobody's name, so
 * asking the name sections would only add requests to wait for. Other text searches entities and
 * custom entities by name, addresses by prefix unless it holds white space, and IPs by prefix when it
 * could begin one; the transaction lookup needs a whole hash (001 §7). Custom entities need their
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
          ...(whiteSpace.test(text) ? [] : (["addresses"] as const)),
          ...(ipCharacters.test(text) ? (["ips"] as const) : []),
        ]);
  return searchSections.filter(
    (section) =>
      wanted.has(section) &&
      (section !== "customEntities" || options.customEntitySearch) &&
      (section !== "ips" || options.ipSearchAllowed),
  );
}
