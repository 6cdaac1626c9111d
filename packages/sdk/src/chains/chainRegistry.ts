import { z } from "zod";

// The order is the order in which recognizeIdentifier lists candidates for a shared form.
export const chainIds = [
  "bitcoin",
  "ethereum",
  "tron",
  "litecoin",
  "bitcoin-cash",
  "dogecoin",
  "polygon",
  "bsc",
  "solana",
  "arbitrum",
  "avalanche-c",
  "base",
  "optimism",
] as const;
export const chainIdSchema = z.enum(chainIds);
export type ChainId = z.infer<typeof chainIdSchema>;

export const chainFamilies = ["utxo", "evm", "tron", "solana"] as const;
export const chainFamilySchema = z.enum(chainFamilies);
export type ChainFamily = z.infer<typeof chainFamilySchema>;

export interface ChainInfo {
  id: ChainId;
  /** Display name, e.g. "Bitcoin". */
  name: string;
  /** Short code, unique across chains, e.g. "btc"; chainById accepts it as well as the id. */
  symbol: string;
  family: ChainFamily;
  nativeAsset: { symbol: string; name: string; decimals: number };
  addressCaseSensitive: boolean;
  hasOpReturn: boolean;
}

const ether = { symbol: "ETH", name: "Ether", decimals: 18 };

export const chains: readonly ChainInfo[] = [
  {
    id: "bitcoin",
    name: "Bitcoin",
    symbol: "btc",
    family: "utxo",
    nativeAsset: { symbol: "BTC", name: "Bitcoin", decimals: 8 },
    addressCaseSensitive: true,
    hasOpReturn: true,
  },
  {
    id: "ethereum",
    name: "Ethereum",
    symbol: "eth",
    family: "evm",
    nativeAsset: ether,
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
  {
    id: "tron",
    name: "Tron",
    symbol: "trx",
    family: "tron",
    nativeAsset: { symbol: "TRX", name: "Tronix", decimals: 6 },
    addressCaseSensitive: true,
    hasOpReturn: false,
  },
  {
    id: "litecoin",
    name: "Litecoin",
    symbol: "ltc",
    family: "utxo",
    nativeAsset: { symbol: "LTC", name: "Litecoin", decimals: 8 },
    addressCaseSensitive: true,
    hasOpReturn: true,
  },
  {
    id: "bitcoin-cash",
    name: "Bitcoin Cash",
    symbol: "bch",
    family: "utxo",
    nativeAsset: { symbol: "BCH", name: "Bitcoin Cash", decimals: 8 },
    addressCaseSensitive: true,
    hasOpReturn: true,
  },
  {
    id: "dogecoin",
    name: "Dogecoin",
    symbol: "doge",
    family: "utxo",
    nativeAsset: { symbol: "DOGE", name: "Dogecoin", decimals: 8 },
    addressCaseSensitive: true,
    hasOpReturn: true,
  },
  {
    id: "polygon",
    name: "Polygon",
    symbol: "pol",
    family: "evm",
    nativeAsset: { symbol: "POL", name: "Polygon Ecosystem Token", decimals: 18 },
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
  {
    id: "bsc",
    name: "BNB Smart Chain",
    symbol: "bsc",
    family: "evm",
    nativeAsset: { symbol: "BNB", name: "BNB", decimals: 18 },
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
  {
    id: "solana",
    name: "Solana",
    symbol: "sol",
    family: "solana",
    nativeAsset: { symbol: "SOL", name: "Solana", decimals: 9 },
    addressCaseSensitive: true,
    hasOpReturn: false,
  },
  {
    id: "arbitrum",
    name: "Arbitrum One",
    symbol: "arb",
    family: "evm",
    nativeAsset: ether,
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
  {
    id: "avalanche-c",
    name: "Avalanche C-Chain",
    symbol: "avax",
    family: "evm",
    nativeAsset: { symbol: "AVAX", name: "Avalanche", decimals: 18 },
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
  {
    id: "base",
    name: "Base",
    symbol: "base",
    family: "evm",
    nativeAsset: ether,
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
  {
    id: "optimism",
    name: "OP Mainnet",
    symbol: "op",
    family: "evm",
    nativeAsset: ether,
    addressCaseSensitive: false,
    hasOpReturn: false,
  },
];

// 000 §5: jump-to-transaction combines the hash with the address's chain, defaulting to btc.
export const defaultChain: ChainId = "bitcoin";

const chainsByKey = new Map<string, ChainInfo>();
for (const chain of chains) {
  chainsByKey.set(chain.id, chain);
  chainsByKey.set(chain.symbol, chain);
}

/** Looks a chain up by id ("bitcoin") or symbol ("btc"), ignoring case and surrounding blanks. */
export function chainById(idOrSymbol: string): ChainInfo | undefined {
  return chainsByKey.get(idOrSymbol.trim().toLowerCase());
}

/** The registry entry of a known chain id. */
export function chainInfo(id: ChainId): ChainInfo {
  const chain = chainsByKey.get(id);
  if (chain === undefined) throw new RangeError(`Unknown chain: ${id}`);
  return chain;
}

export function chainsOfFamily(family: ChainFamily): readonly ChainInfo[] {
  return chains.filter((chain) => chain.family === family);
}
