import { type ChainId, chains, nativeAssetId, normalizeAddress } from "@sleuth/sdk";

// The assets the store knows from the start (docs/DATA.md "Reference data"), real data and the demo
// world alike. Asset ids are fixed by their place in this list, so the demo world and the reference
// rows agree; assets added later (Token Lists imports) take ids after these.

export interface CatalogAsset {
  id: number;
  chain: ChainId;
  /** "native" or the canonical token contract address. */
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  /** The price series it follows (a wrapped coin follows its coin). */
  priceSymbol: string;
}

interface TokenSpec {
  chain: ChainId;
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  priceSymbol?: string;
}

// Real, public token contracts: investigators recognise them, and the SDK checks their checksums.
const tokens: readonly TokenSpec[] = [
  {
    chain: "ethereum",
    contract: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    symbol: "USDT",
    name: "Tether USD",
    decimals: 6,
  },
  {
    chain: "ethereum",
    contract: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
  },
  {
    chain: "ethereum",
    contract: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
    symbol: "DAI",
    name: "Dai Stablecoin",
    decimals: 18,
  },
  {
    chain: "ethereum",
    contract: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
    symbol: "WBTC",
    name: "Wrapped BTC",
    decimals: 8,
    priceSymbol: "BTC",
  },
  {
    chain: "tron",
    contract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    symbol: "USDT",
    name: "Tether USD",
    decimals: 6,
  },
  {
    chain: "bsc",
    contract: "0x55d398326f99059fF775485246999027B3197955",
    symbol: "USDT",
    name: "Tether USD",
    decimals: 18,
  },
  {
    chain: "bsc",
    contract: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 18,
  },
  {
    chain: "polygon",
    contract: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
    symbol: "USDT",
    name: "Tether USD",
    decimals: 6,
  },
  {
    chain: "polygon",
    contract: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
  },
  {
    chain: "solana",
    contract: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
    symbol: "USDT",
    name: "Tether USD",
    decimals: 6,
  },
  {
    chain: "solana",
    contract: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
  },
];

function buildCatalog(): CatalogAsset[] {
  const natives = chains.map((chain) => ({
    chain: chain.id,
    contract: nativeAssetId,
    symbol: chain.nativeAsset.symbol,
    name: chain.nativeAsset.name,
    decimals: chain.nativeAsset.decimals,
    priceSymbol: chain.nativeAsset.symbol,
  }));
  const tokenAssets = tokens.map((token) => ({
    chain: token.chain,
    contract: normalizeAddress(token.chain, token.contract),
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    priceSymbol: token.priceSymbol ?? token.symbol,
  }));
  return [...natives, ...tokenAssets].map((asset, index) => ({ id: index + 1, ...asset }));
}

export const catalogAssets: readonly CatalogAsset[] = buildCatalog();

export function nativeAssetOf(chain: ChainId): CatalogAsset {
  const asset = catalogAssets.find(
    (candidate) => candidate.chain === chain && candidate.contract === nativeAssetId,
  );
  if (asset === undefined) throw new RangeError(`No native asset for ${chain}`);
  return asset;
}

export function assetsOnChain(chain: ChainId): CatalogAsset[] {
  return catalogAssets.filter((asset) => asset.chain === chain);
}

export function assetBySymbol(chain: ChainId, symbol: string): CatalogAsset | undefined {
  return catalogAssets.find((asset) => asset.chain === chain && asset.symbol === symbol);
}

export function isStablecoin(asset: CatalogAsset): boolean {
  return asset.priceSymbol === "USDT" || asset.priceSymbol === "USDC" || asset.priceSymbol === "DAI";
}
