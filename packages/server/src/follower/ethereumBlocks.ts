import {
  createPublicClient,
  erc20Abi,
  type Hash,
  http,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { FieldBag } from "../importers/fieldValues.ts";

// Issue 46: what the follower reads from an Ethereum node (viem: JSON-RPC with batching and
// retries, ABI decoding), written out as the items of an ethereum-etl export (transactions with
// their receipt fields, token_transfers, tokens). The follower hands these to the ethereum-etl
// importer's own record builder, so a block followed and the same block exported by ethereum-etl
// and imported make the same rows by construction, not by a second copy of the rules.

/** keccak256("Transfer(address,address,uint256)"): ERC-20 (and ERC-721) transfers. */
const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export interface FollowedBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  /** ethereum-etl items: `transaction` and `token_transfer`, in block order. */
  items: FieldBag[];
  /** Token contracts of the block's ERC-20 transfers. */
  tokens: Set<string>;
}

/**
 * A viem client for the node: requests batched a few to an HTTP call, retried with backoff. A full
 * block with its receipts runs to megabytes: a batch of many in one answer passes viem's 10 MiB cap
 * on an answer (the follower then retried the same batch for ever), and a node answers the calls of
 * one HTTP batch one after another, where separate calls it may answer side by side.
 */
export function ethereumClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    // The follower polls at its own pace; a cached head would hold it behind the node.
    cacheTime: 0,
    transport: http(rpcUrl, {
      batch: { batchSize: 4, wait: 0 },
      maxResponseBodySize: 128 * 1024 * 1024,
      retryCount: 4,
      retryDelay: 250,
      timeout: 30_000,
    }),
  });
}

function transactionItem(
  transaction: {
    hash: Hash;
    from: string;
    to: string | null;
    value: bigint;
    input: string;
    gas: bigint;
    gasPrice?: bigint | undefined;
  },
  receipt: TransactionReceipt | undefined,
  blockNumber: bigint,
  timestamp: bigint,
): FieldBag {
  return {
    type: "transaction",
    hash: transaction.hash,
    block_number: blockNumber.toString(),
    block_timestamp: timestamp.toString(),
    from_address: transaction.from.toLowerCase(),
    to_address: transaction.to?.toLowerCase() ?? null,
    value: transaction.value.toString(),
    input: transaction.input,
    gas: transaction.gas.toString(),
    gas_price: transaction.gasPrice?.toString() ?? null,
    receipt_gas_used: receipt?.gasUsed.toString() ?? null,
    receipt_effective_gas_price: receipt?.effectiveGasPrice?.toString() ?? null,
    receipt_contract_address: receipt?.contractAddress?.toLowerCase() ?? null,
    receipt_status: receipt === undefined ? null : receipt.status === "success" ? "1" : "0",
  };
}

/** An indexed address parameter: the topic's low 20 bytes, as ABI decoding reads them. */
const topicAddress = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;

/**
 * The ERC-20 transfers of a receipt's logs, as ethereum-etl's token_transfers (3 topics, 32-byte
 * value). Decoded by hand rather than by viem's decodeEventLog: the layout is fixed, and the
 * library checksums each address (a keccak hash per address) only for the follower to lowercase it
 * again, work that grows with every transfer a block holds.
 */
function tokenTransferItems(receipt: TransactionReceipt, blockNumber: bigint, timestamp: bigint): FieldBag[] {
  const items: FieldBag[] = [];
  for (const log of receipt.logs) {
    const [topic, from, to] = log.topics;
    if (topic !== transferTopic || log.topics.length !== 3 || log.data.length !== 66) continue;
    items.push({
      type: "token_transfer",
      token_address: log.address.toLowerCase(),
      from_address: topicAddress(from!),
      to_address: topicAddress(to!),
      value: BigInt(log.data).toString(),
      transaction_hash: receipt.transactionHash,
      log_index: String(log.logIndex),
      block_number: blockNumber.toString(),
      block_timestamp: timestamp.toString(),
    });
  }
  return items;
}

/** Blocks `from`..`to` with their transactions and receipts (one batched round of requests). */
export async function readBlocks(client: PublicClient, from: bigint, to: bigint): Promise<FollowedBlock[]> {
  const numbers: bigint[] = [];
  for (let number = from; number <= to; number++) numbers.push(number);
  return Promise.all(
    numbers.map(async (number) => {
      const [block, receipts] = await Promise.all([
        client.getBlock({ blockNumber: number, includeTransactions: true }),
        client.getBlockReceipts({ blockNumber: number }),
      ]);
      const receiptOf = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]));
      const items: FieldBag[] = [];
      const tokens = new Set<string>();
      for (const transaction of block.transactions) {
        const receipt = receiptOf.get(transaction.hash);
        items.push(transactionItem(transaction, receipt, number, block.timestamp));
        if (receipt === undefined) continue;
        for (const item of tokenTransferItems(receipt, number, block.timestamp)) {
          items.push(item);
          tokens.add(item.token_address as string);
        }
      }
      return { number, hash: block.hash, parentHash: block.parentHash, items, tokens };
    }),
  );
}

/** A block's hash as the node has it now, or null when the node has no such block. */
export async function blockHashAt(client: PublicClient, number: bigint): Promise<string | null> {
  try {
    return (await client.getBlock({ blockNumber: number })).hash;
  } catch {
    return null;
  }
}

/**
 * A token's metadata read from its contract, as ethereum-etl's tokens item; null when the contract
 * answers no decimals (ethereum-etl writes none, and the importer skips such a token).
 */
export async function readTokenItem(client: PublicClient, contract: string): Promise<FieldBag | null> {
  const address = contract as `0x${string}`;
  const [symbol, name, decimals] = await Promise.allSettled([
    client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
    client.readContract({ address, abi: erc20Abi, functionName: "name" }),
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
  ]);
  if (decimals.status !== "fulfilled") return null;
  return {
    type: "token",
    address: contract,
    symbol: symbol.status === "fulfilled" ? symbol.value : "",
    name: name.status === "fulfilled" ? name.value : "",
    decimals: String(decimals.value),
  };
}
