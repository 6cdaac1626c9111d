import { type ChainId, chainById, chains, decodeAddress } from "@sleuth/sdk";

// Tickers the public lists use (OFAC SDN feature types, GraphSense `currency`/`network`,
// CryptoScamDB keys) for chains we model. Chains we do not model (XMR, ZEC, DASH, ETC, BSV, …) are
// left out on purpose: their addresses would otherwise be taken for a look-alike chain's.
const chainByTicker: Readonly<Record<string, ChainId>> = {
  BTC: "bitcoin",
  XBT: "bitcoin",
  ETH: "ethereum",
  TRX: "tron",
  LTC: "litecoin",
  BCH: "bitcoin-cash",
  DOGE: "dogecoin",
  SOL: "solana",
  MATIC: "polygon",
  POL: "polygon",
  POLYGON: "polygon",
  BNB: "bsc",
  BSC: "bsc",
  BEP20: "bsc",
  ARB: "arbitrum",
  ARBITRUM: "arbitrum",
  AVAX: "avalanche-c",
  OP: "optimism",
  OPTIMISM: "optimism",
  BASE: "base",
  // Omni Layer tokens (the first USDT) live in bitcoin transactions, at bitcoin addresses.
  OMNI: "bitcoin",
};

// Tokens issued on several chains: the address form tells which (the OFAC USDT list mixes
// Ethereum `0x…`, Tron `T…` and Omni `1…`/`3…` addresses).
const multiChainTokens = new Set([
  "USDT",
  "USDC",
  "DAI",
  "BUSD",
  "TUSD",
  "USDP",
  "PYUSD",
  "USDD",
  "EURC",
  "WBTC",
  "WETH",
]);

export type ResolvedAddress = { chain: ChainId; address: string } | { chain: null; reason: string };

/**
 * The chain and canonical address for an address listed under a ticker. A ticker naming a chain
 * checks the address on it; a multi-chain token, or no ticker, infers the chain from the address
 * form, taking the first chain in registry order that accepts it (ethereum for `0x…`, bitcoin for
 * `1…`/`3…`/`bc1…`, tron for `T…`); the registry lists the main chain of each form first.
 */
export function resolveListedAddress(ticker: string | null, rawAddress: string): ResolvedAddress {
  const address = rawAddress.trim();
  if (address === "") return { chain: null, reason: "no address" };
  const code = ticker?.trim().toUpperCase() ?? "";
  if (code !== "" && !multiChainTokens.has(code)) {
    const chain = chainByTicker[code] ?? chainById(code)?.id;
    if (chain === undefined) return { chain: null, reason: `${ticker?.trim()} is not a chain Sleuth models` };
    const decoded = decodeAddress(chain, address);
    if (decoded === null) return { chain: null, reason: `not a valid ${chain} address: ${address}` };
    return { chain, address: decoded.canonical };
  }
  return inferChain(address);
}

/** The chain of an address from its form alone: the first chain in registry order that accepts it. */
export function inferChain(address: string): ResolvedAddress {
  const trimmed = address.trim();
  for (const chain of chains) {
    const decoded = decodeAddress(chain.id, trimmed);
    if (decoded !== null) return { chain: chain.id, address: decoded.canonical };
  }
  return { chain: null, reason: `not an address of a chain Sleuth models: ${trimmed}` };
}

/** A chain named by id, symbol or ticker ("ethereum", "eth", "ETH", "BEP20"), or null. */
export function chainOfName(name: string): ChainId | null {
  const code = name.trim();
  return chainById(code)?.id ?? chainByTicker[code.toUpperCase()] ?? null;
}
