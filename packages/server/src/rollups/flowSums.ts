// The SQL aggregates the rollups sum transfers with, whether a key's whole history (rollups.ts) or a
// unit of writes' own rows are summed (addedRollups.ts): one spelling for both.

export const usdIn = "coalesce(sum(amount_usd) FILTER (WHERE direction = 'incoming'), 0)";
export const usdOut = "coalesce(sum(amount_usd) FILTER (WHERE direction = 'outgoing'), 0)";
export const rawIn = "coalesce(sum(amount_raw) FILTER (WHERE direction = 'incoming'), 0)";
export const rawOut = "coalesce(sum(amount_raw) FILTER (WHERE direction = 'outgoing'), 0)";
export const countIn = "count(*) FILTER (WHERE direction = 'incoming')";
export const countOut = "count(*) FILTER (WHERE direction = 'outgoing')";
// Issue 43: transfers without a USD price, counted beside the sums so that unknown never reads as zero.
export const unpricedIn = "count(*) FILTER (WHERE direction = 'incoming' AND amount_usd IS NULL)";
export const unpricedOut = "count(*) FILTER (WHERE direction = 'outgoing' AND amount_usd IS NULL)";
export const someTransferPriced =
  "ac.incoming_unpriced + ac.outgoing_unpriced < ac.incoming_transfers + ac.outgoing_transfers";
export const utcDay = "(block_timestamp AT TIME ZONE 'UTC')::date";
// An entity's own flows leave out transfers between its own addresses (sweeps, cold storage).
export const externalToEntity = "entity_id IS NOT NULL AND counterparty_entity_id IS DISTINCT FROM entity_id";
