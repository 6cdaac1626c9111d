import { useStore } from "@nanostores/react";
import { Dialog, FormControl, Textarea } from "@primer/react";
import {
  isSearchSubmitDisabled,
  multiSearchItems,
  multiSearchTextareaHeight,
  searchSubmitRoute,
} from "@sleuth/sdk";
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { useFocusReturnRef } from "../keyboard/focusReturn.ts";
import { useHotkey, useHotkeyScope } from "../keyboard/useHotkey.ts";
import { routeNameOfPath } from "../navigation/routePaths.ts";
import { useOpenRoute } from "../navigation/useOpenRoute.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { $multiSearchOpen, closeMultiSearch } from "./multiSearchStore.ts";
import { logSearchQuery } from "./searchActivity.ts";

/** 002 §2 multi-search: one identifier per line (or comma) in a textarea 100 to 240 px high. */
export function MultiSearchDialog() {
  const open = useStore($multiSearchOpen);
  return open ? <MultiSearchDialogContent /> : null;
}

function MultiSearchDialogContent() {
  const [text, setText] = useState("");
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const returnFocusRef = useFocusReturnRef();
  const [location] = useLocation();
  const openRoute = useOpenRoute();
  const items = multiSearchItems(text);
  const disabled = isSearchSubmitDisabled({ input: text, isFetching: false, isMultiSearchLoading: false });

  const submit = () => {
    if (disabled || items.length === 0) return;
    const query = items.join("\n");
    logSearchQuery(query, { module: "navigation", via: "multi-search", items: items.length });
    closeMultiSearch();
    openRoute(searchSubmitRoute({ module: "navigation", query, currentRoute: routeNameOfPath(location) }));
  };
  // Enter starts a new line; Mod+Enter searches, from the registry like every other hotkey.
  useHotkeyScope("multi-search");
  useHotkey({
    id: "multi-search.submit",
    keys: "Mod+Enter",
    description: "Search the items",
    group: "Multi-search",
    scope: "multi-search",
    run: submit,
  });
  return (
    <Dialog
      title="Multi-search"
      subtitle={
        <>
          One address, transaction, entity or IP per line.{" "}
          <HotkeyHint id="multi-search.submit" size="small" /> searches.
        </>
      }
      onClose={closeMultiSearch}
      width="large"
      initialFocusRef={fieldRef}
      returnFocusRef={returnFocusRef}
      footerButtons={[
        { buttonType: "default", content: "Cancel", onClick: closeMultiSearch },
        {
          buttonType: "primary",
          content: items.length > 1 ? `Search ${items.length} items` : "Search",
          onClick: submit,
          disabled,
        },
      ]}
    >
      <FormControl>
        <FormControl.Label>Identifiers</FormControl.Label>
        <Textarea
          ref={fieldRef}
          block
          resize="vertical"
          autoSize
          minHeight={multiSearchTextareaHeight.min}
          maxHeight={multiSearchTextareaHeight.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="sleuth-mono"
        />
        <FormControl.Caption>
          {items.length === 0 ? "Nothing to search yet." : `${items.length} to search.`}
        </FormControl.Caption>
      </FormControl>
    </Dialog>
  );
}
