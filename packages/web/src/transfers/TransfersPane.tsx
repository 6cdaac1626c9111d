import type { Subject } from "../workspace/index.ts";

/** 001 §2 transfer table of the subject. */
export function TransfersPane({ subject }: { subject: Subject }) {
  return <p className="sleuth-muted">Transfers of {subject.urn}</p>;
}
