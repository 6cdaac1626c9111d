import { normalizeIpAddress } from "@sleuth/sdk";
import type { Random } from "./random.ts";
import { dayMs } from "./scales.ts";
import type { WorldState } from "./worldState.ts";

// 002 §3 IP association: some wallets were seen behind IP addresses. Only documentation ranges are
// used (RFC 5737 TEST-NET IPv4, RFC 3849 2001:db8::/32), so no real host is named.

const countries = ["US", "DE", "NL", "RU", "UA", "BR", "NG", "SG", "GB", "FR", "TR", "VN", "IN", "CA"];
const isps = [
  "Example Telecom",
  "Demo Broadband",
  "Sample Mobile",
  "Placeholder Hosting",
  "TestNet Cloud",
  "Null Route VPN",
];
const testNets = ["192.0.2", "198.51.100", "203.0.113"];

interface Host {
  id: number;
  ip: string;
}

function drawIp(random: Random, taken: Set<string>): string {
  for (;;) {
    const raw =
      taken.size < 600 && random.chance(0.75)
        ? `${random.pick(testNets)}.${random.between(1, 254)}`
        : `2001:db8:${random.int(0x10000).toString(16)}:${random.int(0x10000).toString(16)}::${random.between(1, 0xfffe).toString(16)}`;
    const ip = normalizeIpAddress(raw) ?? raw;
    if (!taken.has(ip)) {
      taken.add(ip);
      return ip;
    }
  }
}

/** Writes IP hosts and their observations with wallets, criminals' wallets more often behind Tor. */
export function writeInetObservations(world: WorldState, random: Random): void {
  const { highlights } = world;
  const suspicious = [
    ...highlights.darknetVendors,
    ...highlights.ransomAddresses,
    ...highlights.scamReceivers,
    ...highlights.peelChain.slice(0, 2),
  ];
  const wallets: number[] = [];
  const wanted = Math.max(12, Math.round(world.book.size * 0.01));
  for (let attempt = 0; attempt < wanted * 4 && wallets.length < wanted; attempt++) {
    const id = random.between(1, world.book.size);
    if (world.book.ownerOf(id) === null) wallets.push(id);
  }
  const hosts: Host[] = [];
  const taken = new Set<string>();
  const newHost = (shady: boolean): Host => {
    const host = { id: hosts.length + 1, ip: drawIp(random, taken) };
    hosts.push(host);
    const tor = random.chance(shady ? 0.6 : 0.05);
    world.buffers.push("inet_hosts", [
      host.id,
      host.ip,
      random.pick(countries),
      tor ? null : random.pick(isps),
      !tor && random.chance(shady ? 0.4 : 0.12),
      tor,
      random.chance(0.05),
      random.chance(shady ? 0.1 : 0.02),
      random.chance(shady ? 0.05 : 0.01),
    ]);
    return host;
  };
  const observed = new Set<number>();
  const observe = (address: number, shady: boolean) => {
    if (observed.has(address)) return;
    observed.add(address);
    const seen = new Set<number>();
    for (let count = random.between(1, 3); count > 0; count--) {
      // Every third sighting reuses a known host, so hosts link several wallets.
      const host = hosts.length > 0 && random.chance(0.35) ? random.pick(hosts) : newHost(shady);
      if (seen.has(host.id)) continue;
      seen.add(host.id);
      const first = world.start + random.int(world.end - world.start - 30 * dayMs);
      const last = Math.min(first + random.int(60 * dayMs), world.end);
      const observations = random.between(1, 250);
      world.buffers.push("inet_observations", [
        address,
        host.id,
        new Date(first).toISOString(),
        new Date(last).toISOString(),
        observations,
      ]);
    }
  };
  for (const address of suspicious) observe(address, true);
  for (const address of wallets) observe(address, false);
}
