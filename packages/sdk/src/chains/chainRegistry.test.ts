import { describe, expect, test } from "vitest";
import {
  chainById,
  chainIdSchema,
  chainIds,
  chainInfo,
  chains,
  chainsOfFamily,
  defaultChain,
} from "./chainRegistry.ts";

describe("chain registry", () => {
  test("000 §5 jump-to defaults to btc", () => {
    expect(defaultChain).toBe("bitcoin");
    expect(chainInfo(defaultChain).symbol).toBe("btc");
  });

  test("chains are found by id or symbol, ignoring case", () => {
    expect(chainById("bitcoin")?.id).toBe("bitcoin");
    expect(chainById("BTC")?.id).toBe("bitcoin");
    expect(chainById(" Eth ")?.id).toBe("ethereum");
    expect(chainById("bch")?.id).toBe("bitcoin-cash");
    expect(chainById("trx")?.id).toBe("tron");
    expect(chainById("ripple")).toBeUndefined();
  });

  test("every id and symbol names exactly one chain", () => {
    for (const chain of chains) {
      expect(chainById(chain.id)).toBe(chain);
      expect(chainById(chain.symbol)).toBe(chain);
    }
    expect(chains.map((chain) => chain.id)).toEqual([...chainIds]);
  });

  test("the chain id schema accepts ids only", () => {
    expect(chainIdSchema.safeParse("dogecoin").success).toBe(true);
    expect(chainIdSchema.safeParse("doge").success).toBe(false);
  });

  test("native assets carry their decimals", () => {
    expect(chainInfo("bitcoin").nativeAsset).toEqual({ symbol: "BTC", name: "Bitcoin", decimals: 8 });
    expect(chainInfo("ethereum").nativeAsset.decimals).toBe(18);
    expect(chainInfo("tron").nativeAsset.decimals).toBe(6);
    expect(chainInfo("solana").nativeAsset.decimals).toBe(9);
  });

  test("002 §2 OP_RETURN data exists only on UTXO chains", () => {
    for (const chain of chains) expect(chain.hasOpReturn).toBe(chain.family === "utxo");
  });

  test("EVM chains are the case-insensitive ones", () => {
    expect(chainsOfFamily("evm").map((chain) => chain.id)).toContain("ethereum");
    for (const chain of chains) expect(chain.addressCaseSensitive).toBe(chain.family !== "evm");
  });
});
