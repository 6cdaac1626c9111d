import { Button, Heading, Text, VisuallyHidden } from "@primer/react";
import { InlineMessage } from "@primer/react/experimental";
import { pageSizes, platformMessages } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { customEntityPath } from "../navigation/routePaths.ts";
import { useTableColumns } from "../tables/useTableColumns.ts";
import { customEntityCells } from "./customEntityColumns.ts";
import { openCustomEntityDialog } from "./customEntityDialogs.ts";
import { customEntityQueries } from "./customEntityQueries.ts";

/**
 * The custom entities the caller can see (000 §9 pages of 10, newest first): open one, create one
 * (n e), delete one (editors, after a confirmation). Columns follow the table-config preference.
 */
export function CustomEntitiesPage() {
  const [page, setPage] = useState(0);
  const list = useQuery(customEntityQueries.page(page));
  const { columns: visible, bind } = useTableColumns("customEntities");
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / pageSizes.customEntities));
  return (
    <div className="sleuth-page" data-testid="custom-entities-page">
      <div className="sleuth-page-title-row">
        <Heading as="h1" className="sleuth-page-title">
          Custom entities
        </Heading>
        <Button variant="primary" onClick={() => openCustomEntityDialog({ kind: "create" })}>
          New custom entity
        </Button>
      </div>
      {list.isPending ? (
        <Text as="p" aria-busy="true">
          Loading custom entities…
        </Text>
      ) : list.isError ? (
        <InlineMessage variant="critical">{platformMessages.genericPanel}</InlineMessage>
      ) : list.data.items.length === 0 ? (
        <Text as="p" className="sleuth-muted">
          No custom entities yet. Create one from addresses you believe one party controls.
        </Text>
      ) : (
        <table className="sleuth-table" aria-label="Custom entities" ref={bind.ref} onFocus={bind.onFocus}>
          <thead>
            <tr>
              {visible.map((column) => (
                <th key={column.id} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((entity) => (
              <tr key={entity.uuid}>
                {visible.map((column) => (
                  <td key={column.id}>
                    {column.id === "name" ? (
                      <Link href={customEntityPath(entity.urn)}>{entity.name}</Link>
                    ) : (
                      customEntityCells[column.id](entity)
                    )}
                  </td>
                ))}
                <td>
                  {entity.permission === "editor" ? (
                    <Button
                      size="small"
                      variant="danger"
                      aria-label={`Delete ${entity.name}`}
                      onClick={() =>
                        openCustomEntityDialog({ kind: "delete", uuid: entity.uuid, name: entity.name })
                      }
                    >
                      Delete
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="sleuth-pager">
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <Text>
            Page {page + 1} of {pages}
          </Text>
          <Button disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
