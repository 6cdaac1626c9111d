import { categoryByKey } from "../taxonomy/categories.ts";
import { slugOf } from "./names.ts";
import type { Random } from "./random.ts";
import { dayMs } from "./scales.ts";
import type { Service } from "./services.ts";
import type { WorldState } from "./worldState.ts";

// 001 §3 scam reports, as victims file them with a scam-reporting service: the payment addresses of
// the world's scams and ransomware gangs, plus a few unverified reports about ordinary wallets.

const reporters = [
  "watchful_otter",
  "chain_sleuth",
  "burned_twice",
  "modtech",
  "anon_victim",
  "cryptomom",
  "fraudwatch",
  "n0deRunner",
];

/** Whole dollars with thousands separators (not toLocaleString: the text must not depend on ICU data). */
function dollars(usd: number): string {
  return String(usd).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

interface ReportKind {
  categories: readonly string[];
  describe: (name: string, usd: number) => string;
  domain: boolean;
}

function kindOf(service: Service): ReportKind {
  if (service.kind === "ransomware") {
    return {
      categories: ["RANSOMWARE"],
      describe: (name, usd) =>
        `Our file server was encrypted by ${name}; the note demanded about $${dollars(usd)} to this address.`,
      domain: false,
    };
  }
  if (service.categoryId === categoryByKey("phishing").id) {
    return {
      categories: ["AIRDROP", "PHISHING"],
      describe: (name, usd) =>
        `Fake "${name}" token claim page drained my wallet of about $${dollars(usd)} after I signed the approval.`,
      domain: true,
    };
  }
  if (service.categoryId === categoryByKey("ponzi_scheme").id) {
    return {
      categories: ["INVESTMENT_SCAM", "PIG_BUTCHERING"],
      describe: (name, usd) =>
        `${name} promised 3% daily returns. I deposited about $${dollars(usd)} and withdrawals were blocked after two weeks.`,
      domain: true,
    };
  }
  return {
    categories: ["ROMANCE", "IMPERSONATION", "SIM_SWAP"],
    describe: (name, usd) =>
      `Someone from "${name}" gained my trust over months and asked me to send about $${dollars(usd)} for an emergency.`,
    domain: false,
  };
}

/** Writes the scam report rows and the addresses each report names. */
export function writeScamReports(world: WorldState, random: Random): void {
  let reportId = 0;
  let addressRowId = 0;
  const report = (
    kind: ReportKind,
    name: string,
    addresses: number[],
    trusted: boolean,
    domain: string | null,
  ) => {
    const id = ++reportId;
    const createdAt = world.start + 14 * dayMs + random.int(world.end - world.start - 14 * dayMs);
    const usd = Math.round(random.logNormal(1_500, 1.2));
    world.buffers.push("scam_reports", [
      id,
      random.pick(kind.categories),
      kind.describe(name, usd),
      new Date(createdAt).toISOString(),
      trusted || random.chance(0.5),
      trusted,
      `${random.pick(reporters)}${random.between(1, 99)}`,
      "demo",
      `demo-${id}`,
    ]);
    for (const address of addresses) {
      world.buffers.push("scam_report_addresses", [
        ++addressRowId,
        id,
        world.book.chainOf(address),
        world.book.addressOf(address),
        domain,
      ]);
    }
  };
  for (const service of [...world.servicesOf("scam"), ...world.servicesOf("ransomware")]) {
    const kind = kindOf(service);
    const addresses = [...service.receivers.values()].flat();
    const known = addresses.length > 0 ? addresses : [...service.hot.values()];
    for (let count = random.between(2, 6); count > 0; count--) {
      const named = [
        ...new Set(
          Array.from({ length: random.between(1, Math.min(4, known.length)) }, () => random.pick(known)),
        ),
      ];
      report(
        kind,
        service.name,
        named,
        random.chance(0.6),
        kind.domain ? `${slugOf(service.name)}-claim.example` : null,
      );
    }
  }
  // Unverified reports about ordinary wallets: investigators must weigh who reported and whether it was checked.
  const malware: ReportKind = {
    categories: ["MALWARE"],
    describe: (_name, usd) =>
      `Clipboard malware swapped the address I pasted; about $${dollars(usd)} went here instead.`,
    domain: false,
  };
  for (let count = Math.max(2, Math.round(world.book.size / 2_000)); count > 0; count--) {
    const address = random.between(1, world.book.size);
    if (world.book.ownerOf(address) === null) report(malware, "", [address], false, null);
  }
}
