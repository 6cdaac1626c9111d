import { parseUrn } from "@sleuth/sdk";
import { queryJsonRows } from "../store/jsonRows.ts";
import type { Queryable } from "../store/store.ts";
import { type ExportRow, exportPageRows, type RowSource, windowCount } from "./rowSource.ts";

/**
 * Screening (batch) results: one row per address asked about, in the order asked, read from the
 * address_summary rollup by its (address, chain) key; an address the store does not hold is a row
 * with `known` false, so the file still answers every line of the list.
 */
export function screeningRowSource(
  db: Queryable,
  urns: readonly string[],
  window: { offset: number; limit: number },
): RowSource {
  const chosen = urns.slice(window.offset, window.offset + window.limit);
  return {
    async count() {
      return windowCount(urns.length, window.offset, window.limit);
    },
    async *pages() {
      for (let start = 0; start < chosen.length; start += exportPageRows) {
        const slice = chosen.slice(start, start + exportPageRows);
        const addresses: string[] = [];
        const chains: string[] = [];
        for (const urn of slice) {
          const parts = parseUrn(urn);
          addresses.push(parts?.kind === "address" ? parts.address : "");
          chains.push(parts?.kind === "address" ? parts.chain : "");
        }
        yield await queryJsonRows<ExportRow>(
          db,
          `SELECT u.ord, u.urn AS "addressChainUrn", u.chain AS "chain", u.address AS "address",
              (s.address_id IS NOT NULL) AS "known",
              e.name AS "entity", c.name AS "category",
              s.risk_score AS "riskScore", s.risk_category AS "riskCategory",
              s.balance_usd AS "balanceUsd", s.incoming_usd + s.outgoing_usd AS "totalVolumeUsd",
              to_char(s.first_active AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "firstActiveDate",
              to_char(s.last_active AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastActiveDate"
            FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(urn, address, chain, ord)
            LEFT JOIN address_summary s ON s.address = u.address AND s.chain = u.chain
            LEFT JOIN addresses ad ON ad.id = s.address_id
            LEFT JOIN entities e ON e.id = ad.entity_id
            LEFT JOIN categories c ON c.id = e.category_id`,
          [slice, addresses, chains],
          "q.ord",
        );
      }
    },
  };
}
