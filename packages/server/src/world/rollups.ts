import { forgetSummaryRows, summaryWireSql } from "../metrics/index.ts";
import type { Queryable, Store } from "../store/index.ts";

// The rollups the analytics calls read (docs/DATA.md "Rollups"), rebuilt from the transfers and the
// attribution. Everything here is computed; nothing is assigned. Run after every load or import.

/** How many unattributed intermediaries indirect exposure looks through. */
export const indirectHops = 3;

export interface RefreshOptions {
  /** Re-copy address owners onto the transfer rows (needed after an import changed attribution). */
  owners?: boolean;
}

const usdIn = "coalesce(sum(amount_usd) FILTER (WHERE direction = 'incoming'), 0)";
const usdOut = "coalesce(sum(amount_usd) FILTER (WHERE direction = 'outgoing'), 0)";
const rawIn = "coalesce(sum(amount_raw) FILTER (WHERE direction = 'incoming'), 0)";
const rawOut = "coalesce(sum(amount_raw) FILTER (WHERE direction = 'outgoing'), 0)";
const countIn = "count(*) FILTER (WHERE direction = 'incoming')";
const countOut = "count(*) FILTER (WHERE direction = 'outgoing')";
const utcDay = "(block_timestamp AT TIME ZONE 'UTC')::date";
// An entity's own flows leave out transfers between its own addresses (sweeps, cold storage).
const externalToEntity = "entity_id IS NOT NULL AND counterparty_entity_id IS DISTINCT FROM entity_id";

const ownerStatements = [
  `UPDATE transfers t SET entity_id = a.entity_id FROM addresses a
   WHERE a.id = t.address_id AND t.entity_id IS DISTINCT FROM a.entity_id`,
  `UPDATE transfers t SET counterparty_entity_id = a.entity_id FROM addresses a
   WHERE a.id = t.counterparty_id AND t.counterparty_entity_id IS DISTINCT FROM a.entity_id`,
];

const flowStatements = [
  `TRUNCATE address_categories, address_balances, address_daily_flows, entity_daily_flows, address_counterparties,
     entity_counterparties, address_category_daily, entity_category_daily, address_exposure, entity_exposure,
     address_summary, entity_summary, chain_summary`,
  `UPDATE addresses a SET first_active = s.first_at, last_active = s.last_at
   FROM (SELECT address_id, min(block_timestamp) AS first_at, max(block_timestamp) AS last_at
         FROM transfers GROUP BY address_id) s
   WHERE a.id = s.address_id
     AND (a.first_active IS DISTINCT FROM s.first_at OR a.last_active IS DISTINCT FROM s.last_at)`,
  `INSERT INTO address_categories (address_id, category_id)
   SELECT a.id, e.category_id FROM addresses a JOIN entities e ON e.id = a.entity_id
   UNION
   SELECT address_id, category_id FROM attribution_tags WHERE tag_type = 'ordinary'`,
  `INSERT INTO address_daily_flows
   SELECT address_id, ${utcDay}, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut}
   FROM transfers GROUP BY address_id, ${utcDay}, asset_id`,
  `INSERT INTO entity_daily_flows
   SELECT entity_id, ${utcDay}, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut}
   FROM transfers WHERE ${externalToEntity} GROUP BY entity_id, ${utcDay}, asset_id`,
  // 002 §4 entity search hits: owned addresses, transfers and volume, one row per entity.
  `INSERT INTO entity_summary
   SELECT e.id, coalesce(a.addresses, 0), coalesce(f.transfers, 0), f.volume_usd
   FROM entities e
   LEFT JOIN (
     SELECT entity_id, count(*) AS addresses FROM addresses WHERE entity_id IS NOT NULL GROUP BY entity_id
   ) a ON a.entity_id = e.id
   LEFT JOIN (
     SELECT entity_id, sum(incoming_transfers + outgoing_transfers) AS transfers,
       sum(incoming_usd + outgoing_usd) AS volume_usd
     FROM entity_daily_flows GROUP BY entity_id
   ) f ON f.entity_id = e.id`,
  `INSERT INTO address_balances (address_id, asset_id, balance_raw, last_day)
   SELECT address_id, asset_id, sum(incoming_raw) - sum(outgoing_raw), max(day)
   FROM address_daily_flows GROUP BY address_id, asset_id`,
  `INSERT INTO address_counterparties
   SELECT address_id, counterparty_id, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
     min(block_timestamp), max(block_timestamp)
   FROM transfers WHERE counterparty_id IS NOT NULL GROUP BY address_id, counterparty_id, asset_id`,
  `INSERT INTO entity_counterparties
   SELECT entity_id, counterparty_entity_id, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
     min(block_timestamp), max(block_timestamp)
   FROM transfers WHERE ${externalToEntity} AND counterparty_entity_id IS NOT NULL
   GROUP BY entity_id, counterparty_entity_id, asset_id`,
  // A transfer with a counterparty of several categories counts once for each of them.
  `INSERT INTO address_category_daily
   SELECT t.address_id, c.category_id, ${utcDay}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut}, max(block_timestamp)
   FROM transfers t JOIN address_categories c ON c.address_id = t.counterparty_id
   GROUP BY t.address_id, c.category_id, ${utcDay}`,
  `INSERT INTO entity_category_daily
   SELECT t.entity_id, c.category_id, ${utcDay}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut}, max(block_timestamp)
   FROM transfers t JOIN address_categories c ON c.address_id = t.counterparty_id
   WHERE t.entity_id IS NOT NULL AND t.counterparty_entity_id IS DISTINCT FROM t.entity_id
   GROUP BY t.entity_id, c.category_id, ${utcDay}`,
  `INSERT INTO address_exposure
   SELECT address_id, 'counterparty', category_id, sum(incoming_usd), sum(outgoing_usd),
     sum(incoming_transfers + outgoing_transfers), max(last_transfer_at)
   FROM address_category_daily GROUP BY address_id, category_id`,
  `INSERT INTO entity_exposure
   SELECT entity_id, 'counterparty', category_id, sum(incoming_usd), sum(outgoing_usd),
     sum(incoming_transfers + outgoing_transfers), max(last_transfer_at)
   FROM entity_category_daily GROUP BY entity_id, category_id`,
];

type Side = "in" | "out";
const directionOf = { in: "incoming", out: "outgoing" } as const;
const usdColumnOf = { in: "incoming_usd", out: "outgoing_usd" } as const;

/**
 * Indirect exposure through unattributed addresses (those with no category): an unattributed
 * address's incoming volume is traced back to categories, through up to `indirectHops`
 * unattributed addresses, in proportion to the volume each source sent it (its outgoing volume
 * likewise forward). A transfer from such an address carries those shares of its value.
 */
function indirectStatements(side: Side): string[] {
  const direction = directionOf[side];
  const usd = usdColumnOf[side];
  const statements = [
    `CREATE TEMP TABLE exposure_total_${side} AS
     SELECT f.address_id, sum(f.${usd}) AS total FROM address_daily_flows f
     WHERE NOT EXISTS (SELECT 1 FROM address_categories c WHERE c.address_id = f.address_id)
     GROUP BY f.address_id HAVING sum(f.${usd}) > 0`,
    `CREATE TEMP TABLE exposure_direct_${side} AS
     SELECT d.address_id, d.category_id, sum(d.${usd}) AS usd
     FROM address_category_daily d JOIN exposure_total_${side} u ON u.address_id = d.address_id
     GROUP BY d.address_id, d.category_id HAVING sum(d.${usd}) > 0`,
    `CREATE TEMP TABLE exposure_share_${side}_1 AS
     SELECT d.address_id, d.category_id, d.usd / u.total AS share
     FROM exposure_direct_${side} d JOIN exposure_total_${side} u ON u.address_id = d.address_id`,
  ];
  for (let hop = 2; hop <= indirectHops; hop++) {
    statements.push(`CREATE TEMP TABLE exposure_share_${side}_${hop} AS
     SELECT x.address_id, x.category_id, sum(x.usd) / max(u.total) AS share
     FROM (
       SELECT address_id, category_id, usd FROM exposure_direct_${side}
       UNION ALL
       SELECT t.address_id, s.category_id, coalesce(t.amount_usd, 0) * s.share
       FROM transfers t JOIN exposure_share_${side}_${hop - 1} s ON s.address_id = t.counterparty_id
       WHERE t.direction = '${direction}'
     ) x JOIN exposure_total_${side} u ON u.address_id = x.address_id
     GROUP BY x.address_id, x.category_id`);
  }
  return statements;
}

const indirectInsert = `INSERT INTO address_exposure
  SELECT address_id, 'indirect', category_id, sum(incoming_usd), sum(outgoing_usd), count(*), max(block_timestamp)
  FROM (
    SELECT t.address_id, s.category_id, coalesce(t.amount_usd, 0) * s.share AS incoming_usd, 0 AS outgoing_usd, t.block_timestamp
    FROM transfers t JOIN exposure_share_in_${indirectHops} s ON s.address_id = t.counterparty_id
    WHERE t.direction = 'incoming'
    UNION ALL
    SELECT t.address_id, s.category_id, 0, coalesce(t.amount_usd, 0) * s.share, t.block_timestamp
    FROM transfers t JOIN exposure_share_out_${indirectHops} s ON s.address_id = t.counterparty_id
    WHERE t.direction = 'outgoing'
  ) x
  GROUP BY address_id, category_id`;

const entityIndirectInsert = `INSERT INTO entity_exposure
  SELECT a.entity_id, 'indirect', x.category_id, sum(x.incoming_usd), sum(x.outgoing_usd), sum(x.instances),
    max(x.last_transfer_at)
  FROM address_exposure x JOIN addresses a ON a.id = x.address_id
  WHERE x.risk_type = 'indirect' AND a.entity_id IS NOT NULL
  GROUP BY a.entity_id, x.category_id`;

/**
 * One row per address with what the 000 §7 address bulk calls answer, from the rollups above: the
 * 000 §3 metrics mini summary (flows over its daily rows, positive balances at each asset's latest
 * price), its risk indicators (ownership from its categories, behavioral from its signature tags,
 * counterparty and indirect from its exposure, each at its category's level for that risk type; levels
 * of 0 are left out) and its attribution (owner and tags, the most confident first), and all of it
 * printed once as the JSON text the bulk calls read (wire, summaryWireSql). Must run after the
 * exposure rows are complete.
 */
const summaryInsert = `INSERT INTO address_summary (address_id, chain, address, first_active, last_active,
    incoming_usd, outgoing_usd, incoming_transfers, outgoing_transfers, total_unique_assets,
    active_unique_assets, balance_usd, is_balance_estimated, risk_score, risk_category, risk_indicators,
    owner_slug, owner_name, owner_category_id, owner_category, tags, wire)
  SELECT s.*, ${summaryWireSql("s")} FROM (
  SELECT a.id, a.chain, a.address, a.first_active, a.last_active,
    coalesce(f.incoming_usd, 0) AS incoming_usd, coalesce(f.outgoing_usd, 0) AS outgoing_usd,
    coalesce(f.incoming_transfers, 0)::bigint AS incoming_transfers,
    coalesce(f.outgoing_transfers, 0)::bigint AS outgoing_transfers,
    coalesce(f.assets, 0)::int AS total_unique_assets, coalesce(b.held, 0)::int AS active_unique_assets,
    coalesce(b.usd, 0) AS balance_usd, coalesce(b.estimated, false) AS is_balance_estimated,
    coalesce(r.level, 0), r.category, r.indicators AS risk_indicators,
    oe.slug AS owner_slug, oe.name AS owner_name, oe.category_id AS owner_category_id,
    oc.name AS owner_category, tg.tags
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
    GROUP BY t.address_id
  ) tg ON tg.address_id = a.id
  LEFT JOIN (
    SELECT address_id, sum(incoming_usd) AS incoming_usd, sum(outgoing_usd) AS outgoing_usd,
      sum(incoming_transfers) AS incoming_transfers, sum(outgoing_transfers) AS outgoing_transfers,
      count(DISTINCT asset_id) AS assets
    FROM address_daily_flows GROUP BY address_id
  ) f ON f.address_id = a.id
  LEFT JOIN (
    SELECT b.address_id, count(*) AS held,
      coalesce(sum(b.balance_raw::float8 / 10::float8 ^ s.decimals * p.usd), 0) AS usd,
      bool_or(s.id IS NULL OR p.usd IS NULL) AS estimated
    FROM address_balances b
    LEFT JOIN assets s ON s.id = b.asset_id
    LEFT JOIN (
      SELECT DISTINCT ON (asset_id) asset_id, usd FROM asset_prices ORDER BY asset_id, day DESC
    ) p ON p.asset_id = b.asset_id
    WHERE b.balance_raw > 0
    GROUP BY b.address_id
  ) b ON b.address_id = a.id
  LEFT JOIN (
    SELECT u.address_id, max(l.level) AS level,
      (array_agg(c.name ORDER BY l.level DESC, coalesce(u.incoming_usd + u.outgoing_usd, 0) DESC, u.risk_type, c.name))[1]
        AS category,
      json_agg(json_build_array(u.risk_type, u.category_id, c.name, l.level, u.incoming_usd, u.outgoing_usd,
                                  u.instances)) AS indicators
    FROM (
      SELECT address_id, 'ownership' AS risk_type, category_id, NULL::float8 AS incoming_usd,
        NULL::float8 AS outgoing_usd, NULL::int AS instances
      FROM address_categories
      UNION ALL
      SELECT address_id, 'behavioral', category_id, NULL, NULL, count(*)::int
      FROM attribution_tags WHERE tag_type = 'behavioral_signature'
      GROUP BY address_id, category_id
      UNION ALL
      SELECT address_id, risk_type, category_id, incoming_usd, outgoing_usd, instances FROM address_exposure
    ) u
    JOIN category_risk_levels l ON l.category_id = u.category_id AND l.risk_type = u.risk_type
    JOIN categories c ON c.id = u.category_id
    WHERE l.level > 0
    GROUP BY u.address_id
  ) r ON r.address_id = a.id
  ) s`;

/** The chains the store holds addresses on (migration 0090), from the summaries just built. */
const chainSummaryInsert = `INSERT INTO chain_summary (chain, addresses)
  SELECT chain, count(*) FROM address_summary GROUP BY chain`;

// seedWorld analyzes the loaded tables before the rollups exist; without statistics of their own
// the planner would guess at every rollup read.
const analyzeRollups = `ANALYZE address_categories, address_balances, address_daily_flows, entity_daily_flows,
  address_counterparties, entity_counterparties, address_category_daily, entity_category_daily, address_exposure,
  entity_exposure, address_summary, entity_summary`;

function dropTemporaries(): string {
  const tables = (["in", "out"] as const).flatMap((side) => [
    `exposure_total_${side}`,
    `exposure_direct_${side}`,
    ...Array.from({ length: indirectHops }, (_, index) => `exposure_share_${side}_${index + 1}`),
  ]);
  return `DROP TABLE IF EXISTS ${tables.join(", ")}`;
}

async function refresh(tx: Queryable, options: RefreshOptions): Promise<void> {
  const statements = [
    ...(options.owners ? ownerStatements : []),
    ...flowStatements,
    dropTemporaries(),
    ...indirectStatements("in"),
    ...indirectStatements("out"),
    indirectInsert,
    entityIndirectInsert,
    dropTemporaries(),
    summaryInsert,
    chainSummaryInsert,
    analyzeRollups,
  ];
  for (const statement of statements) await tx.query(statement);
}

/**
 * Rebuilds the rollups of a store whose data predates one of their tables: a migration adds such a
 * table empty (0040 address_summary, 0050 entity_summary), or empties one to rebuild it (0060 adds the
 * attribution columns to address_summary, 0080 its wire text). True when it rebuilt them.
 */
export async function ensureRollups(
  store: Store,
  options: { beforeRebuild?: () => void } = {},
): Promise<boolean> {
  const [state] = await store.query<{ stale: boolean }>(
    `SELECT (EXISTS (SELECT 1 FROM addresses) AND NOT EXISTS (SELECT 1 FROM address_summary))
         OR (EXISTS (SELECT 1 FROM entities) AND NOT EXISTS (SELECT 1 FROM entity_summary)) AS stale`,
  );
  if (!state?.stale) return false;
  // A large store takes minutes: whoever started it hears why before, not after.
  options.beforeRebuild?.();
  await refreshRollups(store);
  return true;
}

/**
 * Rebuilds every rollup from the transfers and the attribution in one transaction (a store opens its
 * own; a Queryable must already be one: the exposure steps use temporary tables).
 */
export async function refreshRollups(target: Store | Queryable, options: RefreshOptions = {}): Promise<void> {
  try {
    if ("transaction" in target) await target.transaction((tx) => refresh(tx, options));
    else await refresh(target, options);
  } finally {
    forgetSummaryRows();
  }
}
