import { Spinner } from "@primer/react";
import { useEffect } from "react";
import { useSearch } from "wouter";
import { safeNextPath } from "../app/routes.ts";

/** The 002 §2 refresh route: a full reload of the console, back to where the user was. */
export function RefreshPage() {
  const search = useSearch();
  useEffect(() => {
    window.location.replace(safeNextPath(new URLSearchParams(search).get("next")));
  }, [search]);
  return (
    <div className="sleuth-page" aria-busy="true">
      <Spinner size="medium" srText="Reloading the console" />
    </div>
  );
}
