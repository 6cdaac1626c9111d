import { summaryAnswersText, summaryRowOf, summaryValuesSql } from "../metrics/printedAnswers.ts";
import { rowSeparator } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import { withinIndexed } from "./rollupKeys.ts";

// Rows of the summary values read at once while their answers are printed: enough to keep the store
// busy between fetches, few enough that the text held at once stays small.
const fetchSize = 5_000;

/**
 * One row per address with what the 000 §7 address bulk calls answer, from the other rollups: the
 * 000 §3 metrics mini summary (flows over its daily rows, positive balances at each asset's latest
 * price), its risk indicators (ownership from its categories, behavioral from its signature tags,
 * counterparty and indirect from its exposure, each at its category's level for that risk type; levels
 * of 0 are left out) and its attribution (owner and tags, the most confident first). `only` names
 * the temporary table of the addresses to build (null: every address); each part reads those only.
 */
export const summaryRowsCreate = (only: string | null) => `CREATE TEMP TABLE summary_rows AS
  SELECT a.id, a.chain, a.address, a.first_active, a.last_active,
    coalesce(f.incoming_usd, 0) AS incoming_usd, coalesce(f.outgoing_usd, 0) AS outgoing_usd,
    coalesce(f.incoming_transfers, 0)::bigint AS incoming_transfers,
    coalesce(f.outgoing_transfers, 0)::bigint AS outgoing_transfers,
    coalesce(f.assets, 0)::int AS total_unique_assets, coalesce(b.held, 0)::int AS active_unique_assets,
    -- Issue 43: an imported history starts mid-way (its balances are relative to it), so holding
    -- nothing priced there is unknown, not $0.
    CASE WHEN b.address_id IS NULL THEN CASE WHEN a.has_imported_transfers THEN NULL ELSE 0 END
      ELSE b.usd END AS balance_usd,
    coalesce(b.estimated, false) AS is_balance_estimated,
    coalesce(r.level, 0) AS risk_score, r.category AS risk_category, r.indicators AS risk_indicators,
    oe.slug AS owner_slug, oe.name AS owner_name, oe.category_id AS owner_category_id,
    oc.name AS owner_category, tg.tags,
    coalesce(f.incoming_unpriced, 0)::bigint AS incoming_unpriced,
    coalesce(f.outgoing_unpriced, 0)::bigint AS outgoing_unpriced
  FROM addresses a
  LEFT JOIN entities oe ON oe.id = a.entity_id
  LEFT JOIN categories oc ON oc.id = oe.category_id
  LEFT JOIN (
    SELECT t.address_id,
      json_agg(json_build_array(t.tag_type, t.category_id, c.name, t.evidence, cl.level, e.slug, e.name,
                                  t.signature_id, t.signature_name, t.signature_description)
                ORDER BY cl.level DESC, t.id) AS tags
    FROM attribution_tags t
    JOIN categories c ON c.id = t.category_id
    JOIN confidence_levels cl ON cl.id = t.confidence
    LEFT JOIN entities e ON e.id = t.entity_id
    WHERE ${withinIndexed("t.address_id", only)}
    GROUP BY t.address_id
  ) tg ON tg.address_id = a.id
  LEFT JOIN (
    SELECT address_id, sum(incoming_usd) AS incoming_usd, sum(outgoing_usd) AS outgoing_usd,
      sum(incoming_transfers) AS incoming_transfers, sum(outgoing_transfers) AS outgoing_transfers,
      count(DISTINCT asset_id) AS assets, sum(incoming_unpriced) AS incoming_unpriced,
      sum(outgoing_unpriced) AS outgoing_unpriced
    FROM address_daily_flows WHERE ${withinIndexed("address_id", only)} GROUP BY address_id
  ) f ON f.address_id = a.id
  LEFT JOIN (
    SELECT b.address_id, count(*) AS held,
      sum(b.balance_raw::float8 / 10::float8 ^ s.decimals * coalesce(pd.usd, pi.usd)) AS usd,
      bool_or(s.id IS NULL OR coalesce(pd.usd, pi.usd) IS NULL) AS estimated
    FROM address_balances b
    JOIN addresses ba ON ba.id = b.address_id
    LEFT JOIN assets s ON s.id = b.asset_id
    -- Issue 43: an address with imported transfers is valued at imported prices only, never at the
    -- demo world's invented walk; a demo address at its asset's latest price of any origin.
    LEFT JOIN (
      SELECT DISTINCT ON (asset_id) asset_id, usd FROM asset_prices WHERE origin = 'import'
      ORDER BY asset_id, day DESC
    ) pi ON pi.asset_id = b.asset_id
    LEFT JOIN (
      SELECT DISTINCT ON (asset_id) asset_id, usd FROM asset_prices ORDER BY asset_id, day DESC
    ) pd ON pd.asset_id = b.asset_id AND NOT ba.has_imported_transfers
    WHERE b.balance_raw > 0 AND ${withinIndexed("b.address_id", only)}
    GROUP BY b.address_id
  ) b ON b.address_id = a.id
  LEFT JOIN (
    SELECT u.address_id, max(l.level) AS level,
      (array_agg(c.name ORDER BY l.level DESC, coalesce(u.incoming_usd + u.outgoing_usd, 0) DESC, u.risk_type, c.name))[1]
        AS category,
      json_agg(json_build_array(u.risk_type, u.category_id, c.name, l.level, u.incoming_usd, u.outgoing_usd,
                                  u.instances) ORDER BY u.risk_type, u.category_id) AS indicators
    FROM (
      SELECT address_id, 'ownership' AS risk_type, category_id, NULL::float8 AS incoming_usd,
        NULL::float8 AS outgoing_usd, NULL::int AS instances
      FROM address_categories WHERE ${withinIndexed("address_id", only)}
      UNION ALL
      SELECT address_id, 'behavioral', category_id, NULL, NULL, count(*)::int
      FROM attribution_tags WHERE tag_type = 'behavioral_signature' AND ${withinIndexed("address_id", only)}
      GROUP BY address_id, category_id
      UNION ALL
      -- To a hundredth of a cent: the order of the indicators may not hang on the order a sum was
      -- taken in (a rebuild and a settled batch sum the same shares in different orders).
      SELECT address_id, risk_type, category_id, round(incoming_usd::numeric, 4)::float8,
        round(outgoing_usd::numeric, 4)::float8, instances
      FROM address_exposure WHERE ${withinIndexed("address_id", only)}
    ) u
    JOIN category_risk_levels l ON l.category_id = u.category_id AND l.risk_type = u.risk_type
    JOIN categories c ON c.id = u.category_id
    WHERE l.level > 0
    GROUP BY u.address_id
  ) r ON r.address_id = a.id
  WHERE ${withinIndexed("a.id", only)}`;

/**
 * Builds address_summary (see summaryRowsCreate) with each address's answers printed once
 * (address_summary.answers, metrics/printedAnswers.ts). The values go through a temporary table and
 * a cursor, so the answers are printed in JavaScript by the functions the bulk calls would otherwise
 * run on every request, a few thousand rows at a time on any size of store, and each row is written
 * once (an UPDATE would leave a dead copy of every row behind). Must run after the exposure rows are
 * complete, in a transaction (the cursor). With `only` (a temporary table of address ids) it
 * rewrites those addresses' rows and moves chain_summary's counts by the rows it removed and added;
 * without, it fills the emptied table.
 */
export async function buildAddressSummaries(tx: Queryable, only: string | null): Promise<void> {
  await tx.query(summaryRowsCreate(only));
  await tx.query("CREATE TEMP TABLE summary_answers (id bigint PRIMARY KEY, answers text NOT NULL)");
  await tx.query(
    `DECLARE summary_values NO SCROLL CURSOR FOR SELECT s.id, ${summaryValuesSql("s")} AS v FROM summary_rows s`,
  );
  for (;;) {
    const rows = await tx.query<{ id: number; v: string }>(`FETCH ${fetchSize} FROM summary_values`);
    if (rows.length === 0) break;
    const ids: number[] = [];
    const answers: string[] = [];
    for (const { id, v } of rows) {
      ids.push(id);
      answers.push(summaryAnswersText(summaryRowOf(JSON.parse(v) as unknown[])));
    }
    // Two texts, not two arrays: an array parameter is sent as an array literal, and quoting every
    // JSON quote in it (and parsing it back) took the store longer than printing the answers.
    await tx.query(
      `INSERT INTO summary_answers
       SELECT v.id::bigint, v.answers FROM unnest(string_to_array($1, ','), string_to_array($2, chr(30))) AS v(id, answers)`,
      [ids.join(","), answers.join(rowSeparator)],
    );
  }
  await tx.query("CLOSE summary_values");
  if (only !== null) {
    await tx.query(`CREATE TEMP TABLE summary_chain_counts AS
      SELECT chain, -count(*) AS addresses FROM address_summary WHERE ${withinIndexed("address_id", only)} GROUP BY chain`);
    await tx.query(`DELETE FROM address_summary WHERE ${withinIndexed("address_id", only)}`);
  }
  await tx.query(
    `INSERT INTO address_summary (address_id, chain, address, first_active, last_active, incoming_usd,
       outgoing_usd, incoming_transfers, outgoing_transfers, total_unique_assets, active_unique_assets,
       balance_usd, is_balance_estimated, risk_score, risk_category, risk_indicators, owner_slug, owner_name,
       owner_category_id, owner_category, tags, incoming_unpriced, outgoing_unpriced, answers)
     SELECT s.*, a.answers FROM summary_rows s JOIN summary_answers a ON a.id = s.id`,
  );
  if (only !== null) {
    await tx.query(
      "INSERT INTO summary_chain_counts SELECT chain, count(*) FROM summary_rows GROUP BY chain",
    );
    await tx.query(`CREATE TEMP TABLE summary_chain_moves AS
      SELECT m.chain, coalesce(c.addresses, 0) + sum(m.addresses) AS addresses
      FROM summary_chain_counts m LEFT JOIN chain_summary c ON c.chain = m.chain
      GROUP BY m.chain, c.addresses`);
    await tx.query(
      "DELETE FROM chain_summary c USING summary_chain_moves m WHERE m.chain = c.chain AND m.addresses = 0",
    );
    await tx.query(`INSERT INTO chain_summary (chain, addresses)
      SELECT chain, addresses FROM summary_chain_moves WHERE addresses > 0
      ON CONFLICT (chain) DO UPDATE SET addresses = excluded.addresses`);
    await tx.query("DROP TABLE summary_chain_counts, summary_chain_moves");
  }
  await tx.query("DROP TABLE summary_rows, summary_answers");
}
