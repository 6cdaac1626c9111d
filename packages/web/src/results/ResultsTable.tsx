import { Link as PrimerLink } from "@primer/react";
import { Table } from "@primer/react/experimental";
import {
  bulkSubjectFigures,
  type FiguresText,
  type FlowValueType,
  type SearchSection,
  subjectFiguresText,
  suggestionAction,
  truncateTag,
} from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { RowTagPopover, tagName } from "../explorer/AttributionTags.tsx";
import { pathOfRoute } from "../navigation/routePaths.ts";
import { SearchSectionIcon } from "../search/SearchSectionIcon.tsx";
import { rememberOpenedSearch } from "../search/searchHistoryStore.ts";
import { type SearchRow, searchSectionColumns } from "../search/searchRows.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { useTableColumns } from "../tables/useTableColumns.ts";
import { resultFigureColumns, resultTables } from "./resultTables.ts";

function pathOfRow(row: SearchRow): string | null {
  const action = suggestionAction(row.item, "navigation");
  return action?.type === "navigate" ? pathOfRoute(action.route).to : null;
}

/** The flow value type of a section's rows, for the 000 §7 bulk figures; null where none applies. */
const figuresValueType: Partial<Record<SearchSection, FlowValueType>> = {
  entities: "entity",
  customEntities: "custom-entity",
  addresses: "address",
};

/**
 * 000 §7: the shown rows' flow summaries and statistics, one pair of bulk calls per shown page
 * rather than two calls a row. A failure leaves the cells at the missing value.
 */
function useRowFigures(section: SearchSection, rows: readonly SearchRow[], wanted: boolean) {
  const valueType = figuresValueType[section];
  const urns = rows.map((row) => row.urn);
  return useQuery({
    queryKey: ["search-results", "figures", section, urns],
    queryFn: ({ signal }) =>
      bulkSubjectFigures(
        sleuthClient,
        urns.map((urn) => ({ valueType: valueType as FlowValueType, urn })),
        { signal },
      ),
    enabled: wanted && valueType !== undefined && urns.length > 0,
    staleTime: 60_000,
  });
}

/**
 * One tab's results as a Primer table. Each row's first cell is its link: j and k move between the
 * links (see useResultsKeys), Enter follows the focused one. Rows are marked for show more, which
 * focuses the first row it reveals.
 */
export function ResultsTable({
  section,
  rows,
  labelId,
}: {
  section: SearchSection;
  rows: readonly SearchRow[];
  labelId: string;
}) {
  const columns: readonly string[] = searchSectionColumns[section];
  const { columns: visible, bind } = useTableColumns(resultTables[section]);
  // Positions in `searchSectionColumns` of the shown columns after the title (row.cells is 0-based).
  const shown = visible.map((column) => columns.indexOf(column.header)).filter((index) => index > 0);
  const figureHeaders = visible
    .map((column) => column.header)
    .filter((header) => header in resultFigureColumns);
  const figures = useRowFigures(section, rows, figureHeaders.length > 0);
  const identifier = section !== "entities" && section !== "customEntities";
  return (
    <Table.Container className="sleuth-results-table" {...bind}>
      <Table
        aria-labelledby={labelId}
        cellPadding="condensed"
        gridTemplateColumns={`minmax(14rem, 2fr) repeat(${shown.length + figureHeaders.length}, minmax(6rem, 1fr))`}
      >
        <Table.Head>
          <Table.Row>
            <Table.Header>{columns[0]}</Table.Header>
            {shown.map((index) => (
              <Table.Header key={columns[index]}>{columns[index]}</Table.Header>
            ))}
            {figureHeaders.map((header) => (
              <Table.Header key={header}>{header}</Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => {
            const path = pathOfRow(row);
            return (
              <Table.Row key={row.urn} data-show-more-item="">
                <Table.Cell scope="row">
                  <span className="sleuth-result-title">
                    <SearchSectionIcon section={section} />
                    {path ? (
                      <PrimerLink
                        as={Link}
                        href={path}
                        data-result-link=""
                        data-urn={row.urn}
                        title={row.fullTitle}
                        className={identifier ? "sleuth-mono" : undefined}
                        onClick={() => {
                          if (section === "addresses" || section === "transactions")
                            rememberOpenedSearch(row.urn);
                        }}
                      >
                        {row.title}
                      </PrimerLink>
                    ) : (
                      row.title
                    )}
                  </span>
                </Table.Cell>
                {shown.map((index) => (
                  <Table.Cell key={columns[index]}>
                    {/* 000 §2: the row's tag opens its popover (source, confidence, category). */}
                    {columns[index] === "Attribution" && row.item.tags?.[0] ? (
                      <span className="sleuth-result-tag">
                        <span title={tagName(row.item.tags[0])}>
                          {truncateTag(tagName(row.item.tags[0]))}
                        </span>
                        <RowTagPopover tag={row.item.tags[0]} />
                      </span>
                    ) : (
                      row.cells[index - 1]
                    )}
                  </Table.Cell>
                ))}
                {figureHeaders.map((header) => (
                  <Table.Cell key={header} data-figure={resultFigureColumns[header]}>
                    {figures.isPending
                      ? "…"
                      : subjectFiguresText(figures.data?.figures.get(row.urn))[
                          resultFigureColumns[header] as keyof FiguresText
                        ]}
                  </Table.Cell>
                ))}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table>
    </Table.Container>
  );
}
