// GraphSense confidence levels (src/tagpack/db/confidence.csv at a14a1597, MIT, see GRAPHSENSE-LICENSE).
// A tag's `confidence` names one of these; its level (0..100) is the 002 §3 `sources[].confidenceScore`.

export interface ConfidenceLevel {
  id: string;
  label: string;
  description: string;
  level: number;
}

export const confidenceLevels: readonly ConfidenceLevel[] = [
  {
    id: "override",
    label: "Manual cluster tag",
    description:
      "Creator knows that a tag is representative for an entire cluster and overrides all other tags",
    level: 100,
  },
  {
    id: "ownership",
    label: "Proven address ownership",
    description: "Creator controls the private key the address associated with a tag",
    level: 100,
  },
  {
    id: "ledger_immanent",
    label: "Data directly read from the transaction ledger",
    description: "The data is extracted directly from ledger data with a reliable extraction procedure",
    level: 100,
  },
  {
    id: "manual_transaction",
    label: "Trusted transaction",
    description: "Creator transferred funds from known service x to known service y",
    level: 90,
  },
  {
    id: "service_api",
    label: "Service API",
    description: "Creator retrieves addresses from a known and trusted service provider API (e.g. VASP API)",
    level: 70,
  },
  {
    id: "forensic_investigation",
    label: "Forensic Investigation",
    description:
      "Creator retrieved address as part of a forensic investigation (e.g. known victim or perpetrator address; address retrieved from service provider)",
    level: 70,
  },
  {
    id: "authority_data",
    label: "Authority data",
    description: "Creator retrieves attribution tags from public authorities (e.g. OFAC)",
    level: 60,
  },
  {
    id: "trusted_provider",
    label: "Trusted data providers",
    description: "Creator retrieved attribution tags from trusted third parties (e.g. spam trap)",
    level: 50,
  },
  {
    id: "service_data",
    label: "Service data",
    description:
      "Creator retrieved attribution tag from a known service (e.g. CSV file received from exchange)",
    level: 50,
  },
  {
    id: "forensic",
    label: "Forensic reports",
    description:
      "Creator retrieved data attribution data from somehow trusted reports (e.g. academic papers)",
    level: 50,
  },
  {
    id: "untrusted_transaction",
    label: "Untrusted transaction",
    description: "A third party transferred funds from known service x to known service y",
    level: 40,
  },
  {
    id: "web_crawl",
    label: "Web crawls",
    description: "Attribution tags were retrieved from crawling the web or other data dumps",
    level: 20,
  },
  {
    id: "heuristic",
    label: "Any Source",
    description:
      "Attribution tags are created with methods where the reliablility of the method is hard to quantify. Tags have to be considered best effort",
    level: 10,
  },
  {
    id: "unknown",
    label: "Unknown",
    description: "Source and reliability of the tags are unknown. Use these tags with care",
    level: 5,
  },
];

const levelById = new Map(confidenceLevels.map((confidence) => [confidence.id, confidence.level]));

/** The 0..100 score of a confidence id; an id outside the taxonomy scores as `unknown`. */
export function confidenceScoreOf(id: string): number {
  return levelById.get(id) ?? levelById.get("unknown") ?? 5;
}
