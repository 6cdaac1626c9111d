// Issue 46: a token whose one call emits many ERC-20 Transfer logs, as disperse-style batch
// senders do on mainnet, so that the follower's benchmark fills anvil with blocks of hundreds of
// transfer logs rather than one per transaction. anvil has no Solidity compiler and none is
// installed, so the contract is a few dozen EVM instructions assembled here:
//   - the constructor mints `supply` to its deployer (a Transfer log from the zero address);
//   - `batchTransfer(address[] recipients, uint256 amount)` emits Transfer(caller, recipient,
//     amount + i) for the i-th recipient;
//   - `name()`, `symbol()` and `decimals()` answer as an ERC-20 does (the follower reads them once).
// It keeps no balances: the follower reads logs, never a token's storage, so the logs are all a
// follower of this chain sees of it, and mining them costs the node little.
import { encodeFunctionData, type Hex, parseAbi, toFunctionSelector } from "viem";
import type { Anvil } from "./anvil.ts";

const transferTopic = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export const batchTokenAbi = parseAbi([
  "function batchTransfer(address[] recipients, uint256 amount)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
]);

const op = {
  STOP: "00",
  ADD: "01",
  LT: "10",
  EQ: "14",
  ISZERO: "15",
  SHL: "1b",
  SHR: "1c",
  CALLER: "33",
  CALLDATALOAD: "35",
  CODECOPY: "39",
  MSTORE: "52",
  JUMP: "56",
  JUMPI: "57",
  JUMPDEST: "5b",
  DUP1: "80",
  DUP2: "81",
  DUP3: "82",
  SWAP1: "90",
  SWAP2: "91",
  LOG3: "a3",
  RETURN: "f3",
  REVERT: "fd",
} as const;

type Piece = string | { push: bigint | string; bytes: number } | { label: string } | { to: string };

const push = (value: bigint | number | string, bytes: number): Piece => ({
  push: typeof value === "number" ? BigInt(value) : value,
  bytes,
});

/** Two passes: label offsets first (every jump target is a PUSH2), then the bytes. */
function assemble(pieces: readonly Piece[]): string {
  const labels = new Map<string, number>();
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") offset += piece.length / 2;
    else if ("label" in piece) {
      labels.set(piece.label, offset);
      offset += 1;
    } else if ("to" in piece) offset += 3;
    else offset += 1 + piece.bytes;
  }
  return pieces
    .map((piece) => {
      if (typeof piece === "string") return piece;
      if ("label" in piece) return op.JUMPDEST;
      if ("to" in piece) return `61${labels.get(piece.to)!.toString(16).padStart(4, "0")}`;
      const hex =
        typeof piece.push === "string" ? piece.push : piece.push.toString(16).padStart(piece.bytes * 2, "0");
      return `${(0x5f + piece.bytes).toString(16)}${hex}`;
    })
    .join("");
}

/** Returns an ABI-encoded string of up to 32 bytes. */
function returnString(text: string): Piece[] {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > 32) throw new RangeError("the token's strings are at most 32 bytes");
  return [
    push(0x20, 1),
    push(0, 1),
    op.MSTORE,
    push(bytes.length, 1),
    push(0x20, 1),
    op.MSTORE,
    push(Buffer.concat([bytes, Buffer.alloc(32 - bytes.length)]).toString("hex"), 32),
    push(0x40, 1),
    op.MSTORE,
    push(0x60, 1),
    push(0, 1),
    op.RETURN,
  ];
}

function runtime(name: string, symbol: string): string {
  const selector = (signature: string) => push(toFunctionSelector(signature).slice(2), 4);
  return assemble([
    push(0, 1),
    op.CALLDATALOAD,
    push(0xe0, 1),
    op.SHR,
    op.DUP1,
    selector("batchTransfer(address[],uint256)"),
    op.EQ,
    { to: "batch" },
    op.JUMPI,
    op.DUP1,
    selector("decimals()"),
    op.EQ,
    { to: "decimals" },
    op.JUMPI,
    op.DUP1,
    selector("symbol()"),
    op.EQ,
    { to: "symbol" },
    op.JUMPI,
    op.DUP1,
    selector("name()"),
    op.EQ,
    { to: "name" },
    op.JUMPI,
    push(0, 1),
    push(0, 1),
    op.REVERT,
    { label: "decimals" },
    push(18, 1),
    push(0, 1),
    op.MSTORE,
    push(0x20, 1),
    push(0, 1),
    op.RETURN,
    { label: "symbol" },
    ...returnString(symbol),
    { label: "name" },
    ...returnString(name),
    // Calldata: selector, offset of recipients (0x40), amount, length, recipients.
    // Stack through the loop: [amount, pointer, end].
    { label: "batch" },
    push(0x24, 1),
    op.CALLDATALOAD,
    push(0x64, 1),
    push(0x44, 1),
    op.CALLDATALOAD,
    push(5, 1),
    op.SHL,
    op.DUP2,
    op.ADD,
    { label: "loop" },
    op.DUP1,
    op.DUP3,
    op.LT,
    op.ISZERO,
    { to: "done" },
    op.JUMPI,
    op.DUP3,
    push(0, 1),
    op.MSTORE,
    op.DUP2,
    op.CALLDATALOAD,
    op.CALLER,
    push(transferTopic, 32),
    push(0x20, 1),
    push(0, 1),
    op.LOG3,
    op.SWAP2,
    push(1, 1),
    op.ADD,
    op.SWAP2,
    op.SWAP1,
    push(0x20, 1),
    op.ADD,
    op.SWAP1,
    { to: "loop" },
    op.JUMP,
    { label: "done" },
    op.STOP,
  ]);
}

/** The deployment code: mint `supply` to the deployer, then hand back the runtime. */
function deployment(name: string, symbol: string, supply: bigint): Hex {
  const code = runtime(name, symbol);
  const length = code.length / 2;
  // The constructor's own length is fixed (every push has a fixed width), so assemble it once
  // with a placeholder offset to learn where the runtime starts.
  const constructorCode = (offset: number) =>
    assemble([
      push(supply, 32),
      push(0, 1),
      op.MSTORE,
      op.CALLER,
      push(0, 1),
      push(transferTopic, 32),
      push(0x20, 1),
      push(0, 1),
      op.LOG3,
      push(length, 2),
      op.DUP1,
      push(offset, 2),
      push(0, 1),
      op.CODECOPY,
      push(0, 1),
      op.RETURN,
    ]);
  const start = constructorCode(0).length / 2;
  return `0x${constructorCode(start)}${code}`;
}

/** Deploys a batch token from `from` (an unlocked anvil account), minting `supply` to it. */
export async function deployBatchToken(
  anvil: Anvil,
  from: Hex,
  options: { name: string; symbol: string; supply: bigint },
): Promise<Hex> {
  const hash = await anvil.rpc<Hex>("eth_sendTransaction", [
    { from, data: deployment(options.name, options.symbol, options.supply), gas: "0x100000" },
  ]);
  for (;;) {
    const receipt = await anvil.rpc<{ contractAddress: Hex | null; status: Hex } | null>(
      "eth_getTransactionReceipt",
      [hash],
    );
    if (receipt) {
      if (receipt.status !== "0x1" || !receipt.contractAddress)
        throw new Error("the batch token was not deployed");
      return receipt.contractAddress;
    }
    await anvil.rpc("evm_mine");
  }
}

/** The call data of `batchTransfer(recipients, amount)`. */
export function batchTransferData(recipients: readonly Hex[], amount: bigint): Hex {
  return encodeFunctionData({
    abi: batchTokenAbi,
    functionName: "batchTransfer",
    args: [recipients, amount],
  });
}
