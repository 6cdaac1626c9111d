import { type ChainId, chainInfo, encodeTransactionHash } from "@sleuth/sdk";
import { type CatalogAsset, nativeAssetOf } from "../reference/assetCatalog.ts";
import type { AddressBook } from "./addressBook.ts";
import type { PriceBook } from "./prices.ts";
import type { Random } from "./random.ts";
import type { RowBuffers } from "./tables.ts";
import { chainClocks, epoch2023, type WorldChain } from "./worldChains.ts";

/** One movement of value inside a transaction; `from` null mints new value (coinbase, token mint). */
export interface Edge {
  from: number | null;
  to: number;
  asset: CatalogAsset;
  amount: bigint;
}

export interface TransactOptions {
  /** Hex of the OP_RETURN payload, on chains that have one. */
  opReturn?: string | null;
  /** Coinbase and mints pay no fee. */
  feeless?: boolean;
}

/** A whole-unit amount as raw units of an asset with `decimals` (eight significant decimals at most). */
export function toRaw(units: number, decimals: number): bigint {
  if (!(units > 0)) return 0n;
  const kept = Math.min(decimals, 8);
  return BigInt(Math.round(units * 10 ** kept)) * 10n ** BigInt(decimals - kept);
}

export function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function roundUsd(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The books of the world: balances per address and asset, and the transaction and transfer rows.
 * A transfer is written once per side, each with the balance it leaves, so running balances add up
 * by construction; spending more than a balance is a bug in the caller and throws.
 */
export class Ledger {
  readonly #buffers: RowBuffers;
  readonly #book: AddressBook;
  readonly #prices: PriceBook;
  readonly #random: Random;
  readonly #balances = new Map<number, bigint>();
  #transactions = 0;
  #transfers = 0;
  #lastTime = 0;

  constructor(buffers: RowBuffers, book: AddressBook, prices: PriceBook, random: Random) {
    this.#buffers = buffers;
    this.#book = book;
    this.#prices = prices;
    this.#random = random;
  }

  get transferRows(): number {
    return this.#transfers;
  }

  get transactionCount(): number {
    return this.#transactions;
  }

  balance(address: number, asset: CatalogAsset): bigint {
    return this.#balances.get(address * 64 + asset.id) ?? 0n;
  }

  usdOf(asset: CatalogAsset, amount: bigint, time: number): number {
    return roundUsd((Number(amount) / 10 ** asset.decimals) * this.#prices.usd(asset, time));
  }

  /** The raw amount worth `usd` on the day of `time`. */
  rawOf(asset: CatalogAsset, usd: number, time: number): bigint {
    return toRaw(usd / this.#prices.usd(asset, time), asset.decimals);
  }

  /** Writes one transaction; answers its id, or null when every edge moved nothing. */
  transact(
    chain: WorldChain,
    time: number,
    edges: readonly Edge[],
    options: TransactOptions = {},
  ): number | null {
    const moving = edges.filter((edge) => edge.amount > 0n);
    if (moving.length === 0) return null;
    if (time < this.#lastTime) throw new RangeError("The world's clock went backwards");
    this.#lastTime = time;
    const clock = chainClocks[chain];
    const blockMs = clock.blockSeconds * 1000;
    const blocks = Math.floor((time - epoch2023) / blockMs);
    const blockTime = Math.floor((epoch2023 + blocks * blockMs) / 1000) * 1000;
    const timestamp = new Date(blockTime).toISOString();
    const id = ++this.#transactions;
    const hashBytes = this.#random.bytes(chainInfo(chain).family === "solana" ? 64 : 32);
    const native = nativeAssetOf(chain);
    const fee = options.feeless
      ? 0n
      : toRaw(clock.typicalFee * this.#random.logNormal(1, 0.5), native.decimals);
    let valueUsd = 0;
    for (const edge of moving) {
      if (edge.from === edge.to) throw new RangeError("A transfer needs two different addresses");
      const usd = this.usdOf(edge.asset, edge.amount, time);
      valueUsd += usd;
      if (edge.from !== null) this.#side(id, timestamp, edge.from, edge.to, edge, "outgoing", usd);
      this.#side(id, timestamp, edge.to, edge.from, edge, "incoming", usd);
    }
    const opReturn = chainInfo(chain).hasOpReturn ? (options.opReturn ?? null) : null;
    this.#buffers.push("transactions", [
      id,
      chain,
      encodeTransactionHash(chain as ChainId, hashBytes),
      clock.heightAt2023 + blocks,
      timestamp,
      fee,
      fee === 0n ? 0 : this.usdOf(native, fee, time),
      roundUsd(valueUsd),
      opReturn,
    ]);
    return id;
  }

  #side(
    transaction: number,
    timestamp: string,
    address: number,
    counterparty: number | null,
    edge: Edge,
    direction: "incoming" | "outgoing",
    usd: number,
  ): void {
    const key = address * 64 + edge.asset.id;
    const before = this.#balances.get(key) ?? 0n;
    const after = direction === "incoming" ? before + edge.amount : before - edge.amount;
    if (after < 0n) {
      throw new RangeError(
        `Address ${address} spends ${edge.amount} ${edge.asset.symbol} but holds ${before}`,
      );
    }
    this.#balances.set(key, after);
    this.#buffers.push("transfers", [
      ++this.#transfers,
      transaction,
      timestamp,
      address,
      counterparty,
      this.#book.ownerOf(address),
      counterparty === null ? null : this.#book.ownerOf(counterparty),
      edge.asset.id,
      direction,
      edge.amount,
      usd,
      after,
    ]);
  }
}
