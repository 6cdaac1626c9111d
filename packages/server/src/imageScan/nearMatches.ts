import { type ImageScanRead, ocrLookalikeGroups, pairableTokens } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

// Issue 42: a checksummed address misread beyond the checksum correction's bound, or a hash with
// more misreads than storeConfirmation.ts's readings try, has too many readings to list. The store
// is asked instead for the identifiers it holds that begin like the token (an index range on the
// identifier's unique key, its first glyphs as read and with one OCR confusion undone), and a read
// is kept only when exactly one of them is within a few confusions of the whole token and no other
// comes near: a random identifier sharing a prefix differs from the token at nearly every other
// glyph, so the rule keeps precision.

/** The stored identifiers (addresses and transaction hashes) beginning with any of `prefixes`. */
export type NearIdentifiers = (prefixes: readonly string[]) => Promise<readonly string[]>;

// A swap within one of OCR's lookalike groups (the SDK's, beside its checksum confusions) costs
// half an edit.
const confusable = new Map<string, string>();
for (const group of ocrLookalikeGroups)
  for (const glyph of group) confusable.set(glyph, (confusable.get(glyph) ?? "") + group.replace(glyph, ""));

const cheapEdit = 0.5;

/** Whether reading `stored` as `read` is one of OCR's confusions (a lookalike, or case alone). */
function confused(read: string, stored: string): boolean {
  return read.toLowerCase() === stored.toLowerCase() || (confusable.get(read)?.includes(stored) ?? false);
}

/**
 * The edits turning `stored` into `read` (glyphs changed, lost or added), a confusion counting half;
 * hex identifiers compared regardless of case (an EIP-55 spelling of a lowercase stored address).
 */
export function ocrDistance(read: string, stored: string): number {
  const hex = /^(0x)?[0-9a-f]+$/.test(stored);
  const a = hex ? read.toLowerCase() : read;
  let previous = Array.from({ length: stored.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= stored.length; j++) {
      const glyph = a[i - 1]!;
      const wanted = stored[j - 1]!;
      const change = glyph === wanted ? 0 : confused(glyph, wanted) ? cheapEdit : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + change));
    }
    previous = current;
  }
  return previous[stored.length]!;
}

/** The most edits a read of an identifier this long may hold: about one glyph in eight. */
export function nearLimit(length: number): number {
  return length / 8;
}

// The glyphs of a token looked up as a prefix: enough that a prefix range holds few identifiers on
// a world-sized store, few enough that a misread rarely falls among them.
export const prefixLength = 8;
// Bounds on one scan's questions: tokens considered, prefixes of one token, identifiers one prefix
// may return (a prefix holding more is not selective enough to vouch for a match).
export const maxNearTokens = 48;
export const maxTokenPrefixes = 12;
export const maxPrefixMatches = 16;

/** Whether a token has an identifier's shape: a run of letters and digits an address or hash long. */
function identifierShaped(token: string): boolean {
  return /^[0-9A-Za-z]{24,68}$/.test(token);
}

/**
 * The prefixes a token is looked up by: its first glyphs as read (lowercase after a 0x or when all
 * hex-like), then with one glyph swapped for a lookalike, up to the bound.
 */
export function tokenPrefixes(token: string): string[] {
  const hexLike = /^[0oO]x/.test(token) || /^[0-9a-fA-FoOlI]+$/.test(token);
  const head = hexLike
    ? token
        .slice(0, prefixLength)
        .replace(/^[0oO]x/, "0x")
        .replace(/[oO]/g, "0")
        .replace(/[lI]/g, "1")
        .toLowerCase()
    : token.slice(0, prefixLength);
  const prefixes = new Set([head]);
  for (let at = hexLike && head.startsWith("0x") ? 2 : 0; at < head.length; at++)
    for (const other of confusable.get(head[at]!) ?? "") {
      if (hexLike && !/[0-9a-f]/.test(other)) continue;
      if (prefixes.size < maxTokenPrefixes) prefixes.add(head.slice(0, at) + other + head.slice(at + 1));
    }
  return [...prefixes];
}

/**
 * The tokens a scan looks up by near match, up to the bound: the reads the agreement rules held
 * back (`heldBack`: hashes and 0x addresses the store's listed readings did not settle), then the
 * tokens in passes' texts of an identifier's shape that no identifier explains.
 */
export function nearTokens(texts: readonly string[], heldBack: readonly string[]): string[] {
  const tokens = new Set([...heldBack, ...texts.flatMap((text) => pairableTokens(text))]);
  return [...tokens].filter(identifierShaped).slice(0, maxNearTokens);
}

/**
 * The reads the store settles by near match: each token whose prefixes lead to exactly one stored
 * identifier within `nearLimit` of it, every other stored identifier found at more than twice that,
 * and not already in `found`.
 */
export async function nearStoredReads(
  tokens: readonly string[],
  found: readonly string[],
  near: NearIdentifiers,
): Promise<ImageScanRead[]> {
  if (tokens.length === 0) return [];
  const prefixesOf = new Map(tokens.map((token) => [token, tokenPrefixes(token)]));
  const stored = await near([...new Set([...prefixesOf.values()].flat())]);
  const reads: ImageScanRead[] = [];
  for (const [token, prefixes] of prefixesOf) {
    const candidates = stored.filter((identifier) =>
      prefixes.some((prefix) => identifier.startsWith(prefix)),
    );
    const limit = nearLimit(token.length);
    const ranked = candidates
      .map((identifier) => ({ identifier, distance: ocrDistance(token, identifier) }))
      .sort((a, b) => a.distance - b.distance);
    const [best, next] = ranked;
    if (best === undefined || best.distance > limit) continue;
    if (next !== undefined && next.distance <= 2 * limit) continue;
    if (found.includes(best.identifier) || reads.some((read) => read.identifier === best.identifier))
      continue;
    reads.push({ identifier: best.identifier, source: "text", reading: "confirmed", checksummed: false });
  }
  return reads;
}

/**
 * The store's near lookup for a scan: one statement, each prefix an index range on the leading
 * column of the addresses' and transactions' unique keys (COLLATE "C"), at most `maxPrefixMatches`
 * a prefix and table. A prefix that fills its bound is dropped: its matches cannot be told apart.
 * Chain data is shared by every organization.
 */
export function nearIdentifiersIn(db: Queryable): NearIdentifiers {
  return async (prefixes) => {
    if (prefixes.length === 0) return [];
    const rows = await db.query<{ prefix: string; identifier: string }>(
      `SELECT p.prefix, m.identifier
         FROM unnest($1::text[]) AS p(prefix)
         CROSS JOIN LATERAL (
           (SELECT address AS identifier FROM addresses
             WHERE address >= p.prefix AND address < p.prefix || '~' ORDER BY address LIMIT $2)
           UNION ALL
           (SELECT hash FROM transactions
             WHERE hash >= p.prefix AND hash < p.prefix || '~' ORDER BY hash LIMIT $2)
         ) AS m`,
      [prefixes, maxPrefixMatches],
    );
    const perPrefix = new Map<string, Set<string>>();
    for (const row of rows) {
      const set = perPrefix.get(row.prefix) ?? new Set<string>();
      set.add(row.identifier);
      perPrefix.set(row.prefix, set);
    }
    const identifiers = new Set<string>();
    for (const set of perPrefix.values())
      if (set.size < maxPrefixMatches) for (const identifier of set) identifiers.add(identifier);
    return [...identifiers];
  };
}
