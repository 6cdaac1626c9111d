// 002 §5 / §9: exported images are at most 10000 px on either side.
export const graphExportMaxDimension = 10_000;

/**
 * 002 §5: the size an image export is drawn at. A graph larger than the cap is scaled down so its
 * longer side is exactly 10000 px, keeping its aspect ratio (the shorter side is rounded down, and is
 * at least 1 px).
 */
export function graphExportImageSize(
  width: number,
  height: number,
): { width: number; height: number; scale: number } {
  const longest = Math.max(width, height);
  if (longest <= graphExportMaxDimension) return { width, height, scale: 1 };
  const scale = graphExportMaxDimension / longest;
  const fit = (side: number) =>
    side === longest ? graphExportMaxDimension : Math.max(1, Math.floor(side * scale));
  return { width: fit(width), height: fit(height), scale };
}

// 002 §9: a graph without a name exports as 'unnamed_graph'.
export const unnamedGraphFileName = "unnamed_graph";

/**
 * 002 §9: the CSV file name of a graph: its name with every character other than an ASCII letter or
 * digit replaced by an underscore, then ".csv". Choice: surrounding blanks are dropped first, and a
 * blank name falls back to 'unnamed_graph'.
 */
export function graphCsvFileName(graphName: string | null | undefined): string {
  const name = graphName?.trim() ?? "";
  const base =
    name === "" ? unnamedGraphFileName : Array.from(name, (c) => (/[A-Za-z0-9]/.test(c) ? c : "_")).join("");
  return `${base}.csv`;
}

// 002 §9: the export groups, each a checkbox with its elements under it.
export const graphExportGroups = [
  { id: "addresses", label: "Addresses", offChain: false },
  { id: "entities", label: "Entities", offChain: false },
  { id: "flows", label: "Flows", offChain: false },
  { id: "transfers", label: "Transfers", offChain: false },
  { id: "offChainNodes", label: "Off-chain nodes", offChain: true },
  { id: "offChainEdges", label: "Connections", offChain: true },
] as const;
export type GraphExportGroup = (typeof graphExportGroups)[number]["id"];

/** The ids of the elements chosen (or available) in each group. */
export type GraphExportSelection = Readonly<Record<GraphExportGroup, readonly string[]>>;

export type CheckboxState = "checked" | "unchecked" | "indeterminate";

function checkboxStateOf(selected: number, available: number): CheckboxState {
  if (selected === 0) return "unchecked";
  return selected >= available ? "checked" : "indeterminate";
}

/** 002 §4: a group's checkbox is checked (all), unchecked (none) or indeterminate (some). */
export function graphExportGroupState(
  selection: GraphExportSelection,
  available: GraphExportSelection,
  group: GraphExportGroup,
): CheckboxState {
  return checkboxStateOf(selection[group].length, available[group].length);
}

/** 002 §4: the select-all checkbox, over every group. */
export function graphExportAllState(
  selection: GraphExportSelection,
  available: GraphExportSelection,
): CheckboxState {
  const count = (of: GraphExportSelection) =>
    graphExportGroups.reduce((sum, { id }) => sum + of[id].length, 0);
  return checkboxStateOf(count(selection), count(available));
}

/** Clicking a group's checkbox: a fully checked group clears, anything else selects all of it. */
export function toggleGraphExportGroup(
  selection: GraphExportSelection,
  available: GraphExportSelection,
  group: GraphExportGroup,
): GraphExportSelection {
  const checked = graphExportGroupState(selection, available, group) === "checked";
  return { ...selection, [group]: checked ? [] : [...available[group]] };
}

/** Clicking select-all: everything clears when all is checked, otherwise everything is selected. */
export function toggleGraphExportAll(
  selection: GraphExportSelection,
  available: GraphExportSelection,
): GraphExportSelection {
  const checked = graphExportAllState(selection, available) === "checked";
  return Object.fromEntries(
    graphExportGroups.map(({ id }) => [id, checked ? [] : [...available[id]]]),
  ) as Record<GraphExportGroup, string[]>;
}

/** Clicking one element's checkbox. */
export function toggleGraphExportElement(
  selection: GraphExportSelection,
  group: GraphExportGroup,
  id: string,
): GraphExportSelection {
  const current = selection[group];
  return {
    ...selection,
    [group]: current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
  };
}

/** 002 §5: Download is disabled when nothing is selected. */
export function isGraphExportDownloadDisabled(selection: GraphExportSelection): boolean {
  return graphExportGroups.every(({ id }) => selection[id].length === 0);
}

/** 002 §4: the warning step is needed when off-chain nodes or connections are selected. */
export function needsOffChainExportWarning(selection: GraphExportSelection): boolean {
  return graphExportGroups.some(({ id, offChain }) => offChain && selection[id].length > 0);
}

export type GraphExportStep = "select" | "offChainWarning" | "download";

/** 002 §4: the export dialog's next step after the user confirms the current one. */
export function nextGraphExportStep(step: GraphExportStep, selection: GraphExportSelection): GraphExportStep {
  if (step === "select" && needsOffChainExportWarning(selection)) return "offChainWarning";
  return "download";
}

// 002 §9: grid lines are drawn at opacity 0.6, 0.45 and 0.2 by multiples of a grid size. Choice: the
// grid size is 20 px; the faint lines every cell, the middle ones every 5 cells, the strong every 10.
export const graphGridSize = 20;
export const graphGridLines = [
  { every: 1, opacity: 0.2 },
  { every: 5, opacity: 0.45 },
  { every: 10, opacity: 0.6 },
] as const;
