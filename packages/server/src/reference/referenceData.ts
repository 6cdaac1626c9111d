import { chains, riskTypes } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { categories } from "../taxonomy/categories.ts";
import { confidenceLevels } from "../taxonomy/confidenceLevels.ts";
import { catalogAssets } from "./assetCatalog.ts";

// Rows every store needs, demo world or not: chains, the catalog's assets, the category model and
// the confidence levels. Inserting them again changes nothing, so this runs on every start.

async function insertJson(tx: Queryable, sql: string, rows: readonly object[]): Promise<void> {
  await tx.query(sql, [JSON.stringify(rows)]);
}

export async function seedReferenceData(tx: Queryable): Promise<void> {
  await insertJson(
    tx,
    `INSERT INTO chains (id, name, symbol, family, has_op_return)
     SELECT id, name, symbol, family, has_op_return
     FROM jsonb_to_recordset($1::jsonb) AS r(id text, name text, symbol text, family text, has_op_return boolean)
     ON CONFLICT (id) DO NOTHING`,
    chains.map((chain) => ({
      id: chain.id,
      name: chain.name,
      symbol: chain.symbol,
      family: chain.family,
      has_op_return: chain.hasOpReturn,
    })),
  );
  await insertJson(
    tx,
    `INSERT INTO assets (id, chain, contract, symbol, name, decimals)
     SELECT id, chain, contract, symbol, name, decimals
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, chain text, contract text, symbol text, name text, decimals smallint)
     ON CONFLICT DO NOTHING`,
    catalogAssets.map(({ priceSymbol: _, ...asset }) => asset),
  );
  // Assets added later (imports) take ids after the catalog's.
  await tx.query(
    "SELECT setval(pg_get_serial_sequence('assets', 'id'), GREATEST((SELECT max(id) FROM assets), 1))",
  );
  await insertJson(
    tx,
    `INSERT INTO categories (id, key, name, parent_key, origin, description, flag_group, is_vasp)
     SELECT id, key, name, parent_key, origin, description, flag_group, is_vasp
     FROM jsonb_to_recordset($1::jsonb)
       AS r(id integer, key text, name text, parent_key text, origin text, description text, flag_group text, is_vasp boolean)
     ON CONFLICT (id) DO NOTHING`,
    categories.map((category) => ({
      id: category.id,
      key: category.key,
      name: category.name,
      parent_key: category.parentKey,
      origin: category.origin,
      description: category.description,
      flag_group: category.flagGroup,
      is_vasp: category.isVasp,
    })),
  );
  await insertJson(
    tx,
    `INSERT INTO category_risk_levels (category_id, risk_type, level)
     SELECT category_id, risk_type, level
     FROM jsonb_to_recordset($1::jsonb) AS r(category_id integer, risk_type text, level smallint)
     ON CONFLICT DO NOTHING`,
    categories.flatMap((category) =>
      riskTypes.map((riskType) => ({
        category_id: category.id,
        risk_type: riskType,
        level: category.riskLevels[riskType],
      })),
    ),
  );
  await insertJson(
    tx,
    `INSERT INTO confidence_levels (id, label, description, level)
     SELECT id, label, description, level
     FROM jsonb_to_recordset($1::jsonb) AS r(id text, label text, description text, level smallint)
     ON CONFLICT (id) DO NOTHING`,
    confidenceLevels,
  );
}
