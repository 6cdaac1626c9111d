import { addressPayloadLength, chainInfo } from "@sleuth/sdk";
import { assetsOnChain, type CatalogAsset, isStablecoin } from "../reference/assetCatalog.ts";
import { categoryByKey } from "../taxonomy/categories.ts";
import { AddressBook, type AddressRole } from "./addressBook.ts";
import { Ledger } from "./ledger.ts";
import { NameDrawer, slugOf } from "./names.ts";
import { PriceBook } from "./prices.ts";
import { Random } from "./random.ts";
import { type ScaleSettings, worldEnd, worldStart } from "./scales.ts";
import { Scheduler } from "./scheduler.ts";
import { categoryIdOfKind, kindSpecs, type Service, type ServiceKind } from "./services.ts";
import { RowBuffers } from "./tables.ts";
import { TagWriter } from "./tags.ts";
import { type WorldChain, worldChains } from "./worldChains.ts";

/** Notable addresses the demo cases and custom entities point at. */
export interface WorldHighlights {
  ransomAddresses: number[];
  peelChain: number[];
  scamReceivers: number[];
  darknetVendors: number[];
  mixerOutputs: number[];
  sanctionedDeposits: number[];
}

const hour = 3_600_000;

/** Everything the scenarios share: the clock, the books, the parties and the unattributed wallets. */
export class WorldState {
  readonly seed: number;
  readonly settings: ScaleSettings;
  readonly start: number;
  readonly end = worldEnd;
  readonly random: Random;
  readonly buffers: RowBuffers;
  readonly book: AddressBook;
  readonly prices: PriceBook;
  readonly ledger: Ledger;
  readonly tags: TagWriter;
  readonly scheduler = new Scheduler();
  /** Keys of recurring tasks already scheduled (a pool's payouts, a market's vendor payouts). */
  readonly recurring = new Set<string>();
  readonly services: Service[] = [];
  readonly highlights: WorldHighlights = {
    ransomAddresses: [],
    peelChain: [],
    scamReceivers: [],
    darknetVendors: [],
    mixerOutputs: [],
    sanctionedDeposits: [],
  };
  readonly #users = new Map<WorldChain, number[]>();
  readonly #userSlots = new Map<number, number>();
  readonly #byKind = new Map<ServiceKind, Service[]>();

  constructor(seed: number, settings: ScaleSettings) {
    this.seed = seed;
    this.settings = settings;
    this.start = worldStart(settings);
    this.random = new Random(seed, "world");
    this.buffers = new RowBuffers(settings.batchRows);
    this.book = new AddressBook(this.buffers, new Random(seed, "addresses"));
    this.prices = new PriceBook(seed);
    this.ledger = new Ledger(this.buffers, this.book, this.prices, new Random(seed, "transactions"));
    this.tags = new TagWriter(this.buffers);
    for (const chain of worldChains) this.#users.set(chain, new Array(settings.usersPerChain).fill(0));
  }

  /** A random instant `min`..`max` hours after `time`. */
  later(time: number, minHours: number, maxHours: number): number {
    return time + Math.round((minHours + this.random.float() * (maxHours - minHours)) * hour);
  }

  /** Creates the parties of every kind with their entity rows, wallets and tags. */
  planServices(): void {
    const names = new NameDrawer(new Random(this.seed, "names"));
    const planRandom = new Random(this.seed, "plan");
    const kinds = Object.entries(this.settings.services) as [ServiceKind, number][];
    for (const [kind, count] of [...kinds, ["issuer", 2] as [ServiceKind, number]]) {
      for (let index = 0; index < count; index++) {
        const name =
          kind === "issuer" ? `${index === 0 ? "USDT" : "USDC"} Treasury` : names.draw(kindSpecs[kind].names);
        this.#addService(kind, index, name, planRandom);
      }
    }
  }

  #addService(kind: ServiceKind, index: number, name: string, random: Random): void {
    const spec = kindSpecs[kind];
    const entityId = this.services.length + 1;
    const categoryId = kind === "scam" ? scamCategoryOf(name) : categoryIdOfKind(kind);
    const service: Service = {
      kind,
      entityId,
      name,
      categoryId,
      chains: spec.chains(random, index),
      hot: new Map(),
      cold: new Map(),
      deposits: new Map(),
      pendingSweeps: new Map(),
      receivers: new Map(),
      ...(kind === "issuer" ? { token: index === 0 ? "USDT" : "USDC" } : {}),
    };
    if (service.token)
      service.chains = service.chains.filter((chain) =>
        assetsOnChain(chain).some((asset) => asset.symbol === service.token),
      );
    this.services.push(service);
    const list = this.#byKind.get(kind) ?? [];
    list.push(service);
    this.#byKind.set(kind, list);
    this.buffers.push("entities", entityRow(service, spec.vasp, spec.jurisdictions, random));
    for (const chain of service.chains) {
      const role: AddressRole = spec.contract && chainInfo(chain).family !== "utxo" ? "contract" : "hot";
      service.hot.set(chain, this.serviceAddress(service, chain, role, this.start, "Hot wallet"));
      if (spec.custodial)
        service.cold.set(chain, this.serviceAddress(service, chain, "cold", this.start, "Cold wallet"));
    }
  }

  /** A new address of a party, with its ordinary attribution tag. */
  serviceAddress(
    service: Service,
    chain: WorldChain,
    role: AddressRole,
    time: number,
    purpose: string,
  ): number {
    const spec = kindSpecs[service.kind];
    const address = this.book.create(chain, role, { entityId: service.entityId });
    this.tags.ordinary(address, {
      categoryId: service.categoryId,
      entityId: service.entityId,
      label: `${service.name}: ${purpose}`,
      evidence: role === "deposit" ? `Swept to a known ${service.name} hot wallet.` : spec.evidence,
      confidence: role === "deposit" ? "heuristic" : spec.confidence,
      time,
      clusterDefiner: role === "hot",
    });
    return address;
  }

  servicesOf(kind: ServiceKind): readonly Service[] {
    return this.#byKind.get(kind) ?? [];
  }

  /** Parties of the given kinds active on a chain. */
  servicesOn(kinds: readonly ServiceKind[], chain: WorldChain): Service[] {
    return kinds.flatMap((kind) => this.servicesOf(kind)).filter((service) => service.hot.has(chain));
  }

  /** A random unattributed wallet on a chain. EVM wallets of one slot share a key across EVM chains. */
  user(chain: WorldChain): number {
    const slots = this.#users.get(chain) as number[];
    const slot = this.random.int(slots.length);
    return this.userAt(chain, slot);
  }

  userAt(chain: WorldChain, slot: number): number {
    const slots = this.#users.get(chain) as number[];
    const existing = slots[slot] as number;
    if (existing !== 0) return existing;
    const evm = chainInfo(chain).family === "evm";
    const payload = evm
      ? new Random(this.seed, `evm-wallet:${slot}`).bytes(addressPayloadLength("evm"))
      : undefined;
    const address = this.book.create(chain, "wallet", payload ? { payload } : {});
    slots[slot] = address;
    this.#userSlots.set(address, slot);
    return address;
  }

  /** The wallet slot of a user address, when it is one. */
  slotOf(address: number): number | undefined {
    return this.#userSlots.get(address);
  }

  /** A new unattributed address (change of a peel chain, mixer output). */
  fresh(chain: WorldChain): number {
    return this.book.create(chain, "wallet");
  }

  /** The deposit address a custodial party keeps for a customer, created on first use. */
  depositAddress(service: Service, chain: WorldChain, customer: number, time: number): number {
    const existing = service.deposits.get(customer);
    if (existing !== undefined) return existing;
    const address = this.serviceAddress(service, chain, "deposit", time, "Deposit address");
    service.deposits.set(customer, address);
    return address;
  }

  /** An asset of a chain, stablecoins and native coin weighted as they are used. */
  assetOn(chain: WorldChain, stableOnly = false): CatalogAsset {
    const assets = assetsOnChain(chain).filter((asset) => !stableOnly || isStablecoin(asset));
    const weighted = assets.map(
      (asset) => [asset, asset.contract === "native" ? 5 : isStablecoin(asset) ? 4 : 1] as const,
    );
    return this.random.weighted(weighted);
  }

  usd(asset: CatalogAsset, address: number, time: number): number {
    return this.ledger.usdOf(asset, this.ledger.balance(address, asset), time);
  }
}

function scamCategoryOf(name: string): number {
  if (name.includes("Airdrop")) return categoryByKey("phishing").id;
  if (name.includes("Yield") || name.includes("Capital")) return categoryByKey("ponzi_scheme").id;
  return categoryByKey("scam").id;
}

function entityRow(service: Service, vasp: boolean, jurisdictions: readonly string[], random: Random) {
  const slug = slugOf(service.name);
  const domain = `${slug}.example`;
  const criminal = ["mixer", "darknetMarket", "ransomware", "scam", "sanctionedIndividual"].includes(
    service.kind,
  );
  const website =
    service.kind === "darknetMarket"
      ? `http://${onionName(random)}.onion`
      : criminal || service.kind === "sanctionedExchange"
        ? null
        : `https://${domain}`;
  const lawEnforcement =
    vasp && random.chance(0.85)
      ? {
          name: `${service.name} Law Enforcement Response`,
          email: `le-requests@${domain}`,
          url: `https://${domain}/law-enforcement`,
        }
      : null;
  // 000 §4: some VASPs are on the beacon network, the others can only be invited.
  const beacon =
    lawEnforcement && random.chance(0.6)
      ? { name: `${service.name} Beacon Desk`, email: `beacon@${domain}` }
      : null;
  return [
    service.entityId,
    slug,
    service.name,
    service.categoryId,
    `${service.name} is a fictional party of the demo world.`,
    website,
    jurisdictions.length > 0 ? random.pick(jurisdictions) : null,
    vasp
      ? random.weighted([
          [1, 2],
          [2, 3],
          [3, 3],
        ] as const)
      : null,
    lawEnforcement,
    beacon,
    "demo",
  ];
}

function onionName(random: Random): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let name = "";
  for (let index = 0; index < 56; index++) name += alphabet[random.int(alphabet.length)];
  return name;
}
