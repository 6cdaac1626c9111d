// Issue 46: a real local Ethereum node for the follower's tests and benchmark. The binary ships in
// the npm package @foundry-rs/anvil-linux-amd64 (nothing is downloaded at run time); the ERC-20 is
// OpenZeppelin 4.9's ERC20PresetFixedSupply, compiled by OpenZeppelin and shipped in
// @openzeppelin/contracts (anvil has no Solidity compiler).
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type Account,
  type Chain,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicActions,
  publicActions,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { freePort } from "./ports.ts";

const require = createRequire(import.meta.url);

export const anvilBinary = require.resolve("@foundry-rs/anvil-linux-amd64/bin/anvil");

/** anvil's first funded account (its well-known test mnemonic). */
export const anvilFunder = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
);

const tokenBuild = JSON.parse(
  readFileSync(
    require.resolve("@openzeppelin/contracts/build/contracts/ERC20PresetFixedSupply.json"),
    "utf8",
  ),
) as { abi: readonly unknown[]; bytecode: Hex };
export const tokenAbi = tokenBuild.abi;

export interface Anvil {
  url: string;
  process: ChildProcess;
  /** A raw JSON-RPC call (no library between the test and the node). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  wallet(account: Account): WalletClient<Transport, Chain, Account> & PublicActions<Transport, Chain>;
  stop(): Promise<void>;
}

export async function startAnvil(args: string[] = []): Promise<Anvil> {
  const port = await freePort();
  const child = spawn(anvilBinary, ["--host", "127.0.0.1", "--port", String(port), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Listening on")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`anvil exited (${code}): ${output}`)));
  });
  child.stdout?.resume();
  const url = `http://127.0.0.1:${port}`;
  let id = 0;
  const node: Anvil = {
    url,
    process: child,
    async rpc<T>(method: string, params: unknown[] = []): Promise<T> {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
      const body = (await response.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result as T;
    },
    wallet: (account) =>
      createWalletClient({ account, chain: foundry, transport: http(url), pollingInterval: 20 }).extend(
        publicActions,
      ),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
  // Twelve seconds between blocks, as on mainnet, rather than many blocks in one second: a
  // balance is ordered by time, and rows of one second have no order between blocks.
  await node.rpc("anvil_setBlockTimestampInterval", [12]);
  return node;
}

/** The call data of the token's `transfer(to, amount)` (for raw `eth_sendTransaction` batches). */
export function tokenTransferData(to: Hex, amount: bigint): Hex {
  return encodeFunctionData({ abi: tokenAbi, functionName: "transfer", args: [to, amount] });
}

/** Deploys the fixed-supply ERC-20 (18 decimals), minting `supply` to `owner`; answers its address. */
export async function deployToken(
  anvil: Anvil,
  deployer: Account,
  options: { name: string; symbol: string; supply: bigint; owner: Hex },
): Promise<Hex> {
  const wallet = anvil.wallet(deployer);
  const hash = await wallet.deployContract({
    abi: tokenAbi,
    bytecode: tokenBuild.bytecode,
    args: [options.name, options.symbol, options.supply, options.owner],
  });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("the token was not deployed");
  return receipt.contractAddress;
}

// --- An independent reading of the node as ethereum-etl exports it (no viem): the JSON lines
// ethereum-etl's export_blocks_and_transactions, export_receipts_and_logs, extract_token_transfers
// and export_tokens would write for the blocks, with the receipt fields joined into the transactions.

interface RpcBlock {
  number: Hex;
  timestamp: Hex;
  transactions: {
    hash: Hex;
    from: Hex;
    to: Hex | null;
    value: Hex;
    input: Hex;
    gas: Hex;
    gasPrice?: Hex;
  }[];
}

interface RpcReceipt {
  transactionHash: Hex;
  gasUsed: Hex;
  effectiveGasPrice?: Hex;
  contractAddress: Hex | null;
  status: Hex;
  logs: { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex }[];
}

const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const dec = (hex: Hex | string) => BigInt(hex).toString();

function abiString(hex: Hex): string {
  const bytes = Buffer.from(hex.slice(2), "hex");
  if (bytes.length < 64) return "";
  const length = Number(BigInt(`0x${bytes.subarray(32, 64).toString("hex")}`));
  return bytes.subarray(64, 64 + length).toString("utf8");
}

export async function ethereumEtlLines(anvil: Anvil, from: number, to: number): Promise<string> {
  const lines: object[] = [];
  const tokens = new Set<string>();
  for (let number = from; number <= to; number++) {
    const block = await anvil.rpc<RpcBlock>("eth_getBlockByNumber", [`0x${number.toString(16)}`, true]);
    for (const transaction of block.transactions) {
      const receipt = await anvil.rpc<RpcReceipt>("eth_getTransactionReceipt", [transaction.hash]);
      lines.push({
        type: "transaction",
        hash: transaction.hash,
        block_number: Number(block.number),
        block_timestamp: Number(block.timestamp),
        from_address: transaction.from.toLowerCase(),
        to_address: transaction.to?.toLowerCase() ?? null,
        value: dec(transaction.value),
        input: transaction.input,
        gas: Number(transaction.gas),
        gas_price: transaction.gasPrice ? dec(transaction.gasPrice) : null,
        receipt_gas_used: Number(receipt.gasUsed),
        receipt_effective_gas_price: receipt.effectiveGasPrice ? dec(receipt.effectiveGasPrice) : null,
        receipt_contract_address: receipt.contractAddress?.toLowerCase() ?? null,
        receipt_status: Number(receipt.status),
      });
      for (const log of receipt.logs) {
        if (log.topics[0] !== transferTopic || log.topics.length !== 3) continue;
        tokens.add(log.address.toLowerCase());
        lines.push({
          type: "token_transfer",
          token_address: log.address.toLowerCase(),
          from_address: `0x${log.topics[1]!.slice(26)}`,
          to_address: `0x${log.topics[2]!.slice(26)}`,
          value: dec(log.data),
          transaction_hash: transaction.hash,
          log_index: Number(log.logIndex),
          block_number: Number(block.number),
          block_timestamp: Number(block.timestamp),
        });
      }
    }
  }
  for (const token of tokens) {
    const call = (selector: string) => anvil.rpc<Hex>("eth_call", [{ to: token, data: selector }, "latest"]);
    lines.unshift({
      type: "token",
      address: token,
      symbol: abiString(await call("0x95d89b41")),
      name: abiString(await call("0x06fdde03")),
      decimals: Number(BigInt(await call("0x313ce567"))),
    });
  }
  return lines.map((line) => JSON.stringify(line)).join("\n");
}
