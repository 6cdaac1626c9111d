import type { ChainId } from "@sleuth/sdk";
import { decodeAddress } from "@sleuth/sdk";
import { ImportFormatError, type SkippedRecord } from "./importErrors.ts";
import { parseJsonExact } from "./jsonLines.ts";
import type { AssetRecord } from "./ledgerRecords.ts";
import { isRecord, type ParsedYaml, parseYaml, textField, type YamlValue } from "./yamlDocument.ts";

// Token Lists (https://tokenlists.org, schema uniswap/token-lists): `{name, tokens: [{chainId,
// address, name, symbol, decimals}]}`. Also MetaMask's contract-metadata `contract-map.json`
// (`{<address>: {name, symbol, decimals}}`, Ethereum mainnet), the other common token registry.

/** EIP-155 chain ids of the EVM chains Sleuth models. */
const chainByEvmId: Readonly<Record<string, ChainId>> = {
  "1": "ethereum",
  "10": "optimism",
  "56": "bsc",
  "137": "polygon",
  "8453": "base",
  "42161": "arbitrum",
  "43114": "avalanche-c",
};

function decimalsOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const decimals = Number(value);
  return decimals <= 36 ? decimals : null;
}

export function parseTokenList(text: string): { records: AssetRecord[]; skipped: SkippedRecord[] } {
  let root: unknown;
  try {
    root = parseJsonExact(text);
  } catch {
    // The YAML parser names the line of the problem; JSON.parse only an offset.
    parseYaml(text, "a token list");
    throw new ImportFormatError("Not a token list: expected a JSON object", 1);
  }
  if (typeof root !== "object" || root === null || Array.isArray(root)) {
    throw new ImportFormatError("Not a token list: expected a JSON object", 1);
  }
  const list = root as { [key: string]: YamlValue };
  // Lines are looked up (a slower, line-aware parse) only for the tokens that are skipped.
  let located: ParsedYaml | null = null;
  const locate = () => {
    located ??= parseYaml(text, "a token list");
    return located;
  };
  const records: AssetRecord[] = [];
  const skipped: SkippedRecord[] = [];
  const add = (result: AssetRecord | SkippedRecord, lineOf: () => number) => {
    if ("reason" in result) skipped.push({ line: lineOf(), reason: result.reason });
    else records.push(result);
  };
  if (Array.isArray(list.tokens)) {
    for (const [index, value] of list.tokens.entries()) {
      add(tokenOf(value), () => locate().items("tokens")[index]?.line ?? 0);
    }
    return { records, skipped };
  }
  // contract-map.json: every key is a contract address.
  const entries = Object.entries(list);
  if (entries.length > 0 && !entries.every(([key]) => /^0x[0-9a-f]{40}$/i.test(key))) {
    throw new ImportFormatError(
      "Not a token list: it needs a `tokens` list (or contract-map.json's address keys)",
      1,
    );
  }
  for (const [index, [key, value]] of entries.entries()) {
    const result = isRecord(value)
      ? assetOf("ethereum", key, value)
      : { line: 0, reason: "a token must be an object" };
    add(result, () => locate().entries()[index]?.line ?? 0);
  }
  return { records, skipped };
}

function tokenOf(value: YamlValue): AssetRecord | SkippedRecord {
  if (!isRecord(value)) return { line: 0, reason: "a token must be an object" };
  const chainId = textField(value, "chainId");
  const chain = chainId === null ? undefined : chainByEvmId[chainId];
  if (chain === undefined)
    return { line: 0, reason: `chainId ${chainId ?? "(none)"} is not a chain Sleuth models` };
  return assetOf(chain, textField(value, "address"), value);
}

function assetOf(
  chain: ChainId,
  address: string | null,
  fields: Parameters<typeof textField>[0],
): AssetRecord | SkippedRecord {
  const contract = address === null ? null : decodeAddress(chain, address)?.canonical;
  if (!contract) return { line: 0, reason: `not a valid ${chain} token address: ${address ?? "(none)"}` };
  const decimals = decimalsOf(textField(fields, "decimals"));
  if (decimals === null)
    return { line: 0, reason: `decimals is not 0..36: ${textField(fields, "decimals") ?? "(none)"}` };
  const symbol = textField(fields, "symbol");
  const name = textField(fields, "name");
  if (symbol === null && name === null) return { line: 0, reason: "the token has neither symbol nor name" };
  return { line: null, chain, contract, symbol: symbol ?? name ?? "", name: name ?? symbol ?? "", decimals };
}
