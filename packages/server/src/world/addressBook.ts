import {
  type AddressForm,
  addressPayloadLength,
  addressTypeOfForm,
  type ChainId,
  chainInfo,
  encodeAddress,
  normalizeAddress,
} from "@sleuth/sdk";
import type { Random } from "./random.ts";
import type { RowBuffers } from "./tables.ts";

/** What an address is for; it decides its script form, multisig and key properties. */
export type AddressRole = "wallet" | "deposit" | "hot" | "cold" | "contract";

type FormWeights = readonly (readonly [AddressForm, number])[];

// Script forms as they are spread on each chain: wallets mostly segwit on bitcoin and litecoin,
// services keep funds in multisig scripts.
function formWeights(chain: ChainId, role: AddressRole): FormWeights {
  const multisig = role === "hot" || role === "cold";
  switch (chain) {
    case "bitcoin":
    case "litecoin":
      if (multisig)
        return [
          ["p2wsh", 3],
          ["p2sh", 1],
        ];
      if (role === "deposit")
        return [
          ["p2wpkh", 7],
          ["p2sh", 2],
          ["p2pkh", 1],
        ];
      return [
        ["p2wpkh", 11],
        ["p2pkh", 4],
        ["p2sh", 3],
        ["p2tr", 2],
      ];
    case "dogecoin":
      return multisig
        ? [["p2sh", 1]]
        : [
            ["p2pkh", 9],
            ["p2sh", 1],
          ];
    case "bitcoin-cash":
      return multisig
        ? [["cashaddr-p2sh", 1]]
        : [
            ["cashaddr-p2pkh", 9],
            ["cashaddr-p2sh", 1],
          ];
    default: {
      const family = chainInfo(chain).family;
      return [[family === "evm" ? "evm" : family === "tron" ? "tron" : "solana", 1]];
    }
  }
}

export interface AddressOptions {
  entityId?: number | null;
  /** The key or hash to reuse: the same EVM key gives the same address on every EVM chain. */
  payload?: Uint8Array;
}

/** Every address of the world: ids, spellings and owners, written as address rows when created. */
export class AddressBook {
  readonly #buffers: RowBuffers;
  readonly #random: Random;
  readonly #chains: ChainId[] = [];
  readonly #spellings: string[] = [];
  readonly #owners: (number | null)[] = [];

  constructor(buffers: RowBuffers, random: Random) {
    this.#buffers = buffers;
    this.#random = random;
  }

  get size(): number {
    return this.#chains.length;
  }

  create(chain: ChainId, role: AddressRole, options: AddressOptions = {}): number {
    const form = this.#random.weighted(formWeights(chain, role));
    const payload = options.payload ?? this.#random.bytes(addressPayloadLength(form));
    const address = normalizeAddress(chain, encodeAddress(chain, form, payload));
    const entityId = options.entityId ?? null;
    const id = this.#chains.length + 1;
    this.#chains.push(chain);
    this.#spellings.push(address);
    this.#owners.push(entityId);
    const scriptForm = form === "p2sh" || form === "p2wsh" || form === "cashaddr-p2sh";
    const keyForm = form === "p2pkh" || form === "p2wpkh" || form === "cashaddr-p2pkh";
    const multisig =
      scriptForm && (role === "hot" || role === "cold" || this.#random.chance(0.3))
        ? role === "cold"
          ? "3-of-5"
          : "2-of-3"
        : null;
    // Legacy pay-to-pubkey-hash outputs still show some uncompressed keys; segwit requires compressed.
    const compressed = keyForm ? form === "p2wpkh" || this.#random.chance(0.93) : null;
    const addressType = role === "contract" ? "smart_contract" : addressTypeOfForm[form];
    this.#buffers.push("addresses", [id, chain, address, addressType, multisig, compressed, entityId]);
    return id;
  }

  chainOf(id: number): ChainId {
    return this.#chains[id - 1] as ChainId;
  }

  addressOf(id: number): string {
    return this.#spellings[id - 1] as string;
  }

  ownerOf(id: number): number | null {
    return this.#owners[id - 1] ?? null;
  }
}
