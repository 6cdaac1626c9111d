import { type UserReportKind, userReportTitles } from "@sleuth/sdk";
import { type ActionSubject, openActionDialog } from "../actions/actionDialogs.ts";
import type { Command } from "../commands/commandRegistry.ts";

// 000 §7 user reports, each offered where it belongs (our choice of places).
const reportsBySubject: Record<ActionSubject["kind"], UserReportKind[]> = {
  address: ["attribution-report", "tag-report", "attribution-request", "data-refresh", "demix-request"],
  entity: ["attribution-report", "le-contact-update-request", "data-refresh"],
  customEntity: ["data-refresh"],
  transaction: ["demix-request", "data-refresh"],
};

export function reportCommandsFor(subject: ActionSubject): Command[] {
  return reportsBySubject[subject.kind].map((reportKind) => ({
    id: `report.${reportKind}`,
    title: userReportTitles[reportKind],
    group: "Reports",
    keywords: ["report", "request", reportKind],
    run: () => openActionDialog({ kind: "report", reportKind, subject }),
  }));
}
