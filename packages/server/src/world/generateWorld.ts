import { catalogAssets } from "../reference/assetCatalog.ts";
import { writeInetObservations } from "./inetObservations.ts";
import { isoDay } from "./prices.ts";
import { Random } from "./random.ts";
import { dayMs, type ScaleSettings, scaleSettings, type WorldScale } from "./scales.ts";
import { writeScamReports } from "./scamReports.ts";
import { nextActivity } from "./scenarios/activity.ts";
import { openBalances } from "./scenarios/openingBalances.ts";
import type { WorldBatch } from "./tables.ts";
import { type WorldHighlights, WorldState } from "./worldState.ts";

export interface WorldOptions {
  scale: WorldScale;
  /** Any 32-bit number; the same seed and scale give byte-identical rows. Default 1. */
  seed?: number;
  /** Overrides of the scale's settings (tests and benchmarks). */
  settings?: Partial<ScaleSettings>;
}

export interface GeneratedWorld {
  /** Row batches in load order; the world is generated as they are drawn, so memory stays flat. */
  batches: Iterable<WorldBatch>;
  /** Filled while the batches are drawn; complete once they are exhausted. */
  highlights: WorldHighlights;
  /** Filled while the batches are drawn. */
  counts: { transactions: number; transferRows: number; addresses: number; entities: number };
}

export const defaultWorldSeed = 1;

/**
 * The deterministic demo world (docs/DATA.md "Demo world"): parties and wallets on nine chains whose
 * activity is simulated in time order, so every transfer, balance and exposure follows from what
 * happened before it. Pure: no clock, no Math.random, no I/O.
 */
export function generateWorld(options: WorldOptions): GeneratedWorld {
  const settings = { ...scaleSettings[options.scale], ...options.settings };
  const world = new WorldState(options.seed ?? defaultWorldSeed, settings);
  const counts = { transactions: 0, transferRows: 0, addresses: 0, entities: 0 };
  function* batches(): Generator<WorldBatch> {
    for (const asset of catalogAssets) {
      for (let day = world.start; day <= world.end; day += dayMs) {
        world.buffers.push("asset_prices", [asset.id, isoDay(day), world.prices.usd(asset, day)]);
      }
    }
    world.planServices();
    openBalances(world);
    yield* world.buffers.drain();
    const span = world.end - world.start;
    const target = settings.transferRows;
    let time = world.start;
    while (world.ledger.transferRows < target) {
      const planned = world.start + Math.floor((span * world.ledger.transferRows) / target);
      time = Math.min(Math.max(time, planned + world.random.int(600_000)), world.end);
      world.scheduler.runUntil(time);
      nextActivity(world)(world, time);
      if (world.buffers.full) {
        updateCounts();
        yield* world.buffers.drain();
      }
    }
    world.scheduler.runUntil(world.end);
    writeInetObservations(world, new Random(world.seed, "inet"));
    writeScamReports(world, new Random(world.seed, "scam-reports"));
    updateCounts();
    yield* world.buffers.drain();
  }
  function updateCounts() {
    counts.transactions = world.ledger.transactionCount;
    counts.transferRows = world.ledger.transferRows;
    counts.addresses = world.book.size;
    counts.entities = world.services.length;
  }
  return { batches: batches(), highlights: world.highlights, counts };
}
