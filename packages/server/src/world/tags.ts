import type { RowBuffers } from "./tables.ts";

export interface OrdinaryTag {
  categoryId: number;
  entityId: number | null;
  label: string;
  evidence: string;
  /** A GraphSense confidence id. */
  confidence: string;
  time: number;
  clusterDefiner?: boolean;
}

export interface SignatureTag {
  categoryId: number;
  signatureId: string;
  signatureName: string;
  signatureDescription: string;
  evidence: string;
  confidence: string;
  time: number;
}

const demoSource = "demo";

/** Writes attribution tag rows (000 §3): ordinary tags and behavioural signatures. */
export class TagWriter {
  readonly #buffers: RowBuffers;
  #count = 0;

  constructor(buffers: RowBuffers) {
    this.#buffers = buffers;
  }

  ordinary(address: number, tag: OrdinaryTag): void {
    this.#buffers.push("attribution_tags", [
      ++this.#count,
      address,
      tag.categoryId,
      tag.entityId,
      tag.label,
      "ordinary",
      null,
      null,
      null,
      tag.evidence,
      tag.confidence,
      demoSource,
      tag.clusterDefiner ?? false,
      new Date(tag.time).toISOString(),
    ]);
  }

  signature(address: number, tag: SignatureTag): void {
    this.#buffers.push("attribution_tags", [
      ++this.#count,
      address,
      tag.categoryId,
      null,
      tag.signatureName,
      "behavioral_signature",
      tag.signatureId,
      tag.signatureName,
      tag.signatureDescription,
      tag.evidence,
      tag.confidence,
      demoSource,
      false,
      new Date(tag.time).toISOString(),
    ]);
  }
}
