import { TransfersPane } from "../transfers/index.ts";
import type { SubjectPane } from "./subjectPane.ts";

// The panes of each subject page, in tab order after the summary. Adding a pane is one line here.

export const addressPanes: readonly SubjectPane[] = [
  { id: "transfers", title: "Transfers", Component: TransfersPane },
];

export const entityPanes: readonly SubjectPane[] = [
  { id: "transfers", title: "Transfers", Component: TransfersPane },
];

export const customEntityPanes: readonly SubjectPane[] = [
  { id: "transfers", title: "Transfers", Component: TransfersPane },
];
