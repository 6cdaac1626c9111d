import { useStore } from "@nanostores/react";
import {
  AlertIcon,
  ArrowRightIcon,
  CheckIcon,
  ChevronRightIcon,
  HistoryIcon,
  SearchIcon,
} from "@primer/octicons-react";
import { Dialog, Label, VisuallyHidden } from "@primer/react";
import { KeybindingHint, SkeletonText } from "@primer/react/experimental";
import {
  globalSearchRoute,
  readSearchInput,
  searchMessages,
  searchSubmitRoute,
  suggestionAction,
} from "@sleuth/sdk";
import { Command as Cmdk } from "cmdk";
import { type KeyboardEvent, type RefObject, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import {
  $commands,
  $palette,
  type CommandItemsPage,
  type CommandViewPage,
  closePalette,
  openPalette,
  runAction,
  runCommand,
  togglePalette,
} from "../commands/commandRegistry.ts";
import { $plotTarget } from "../graph/plotTarget.ts";
import { imageFileOf } from "../imageSearch/imageFileOf.ts";
import { imageSearchCommandRegistered, openImageSearchWith } from "../imageSearch/pastedImage.ts";
import { useFocusReturnRef } from "../keyboard/focusReturn.ts";
import { runHotkeyOf } from "../keyboard/hotkeyRegistry.ts";
import { useHotkey, useHotkeyScope } from "../keyboard/useHotkey.ts";
import { canAccessRoute } from "../navigation/routeAccess.ts";
import { pathOfUrn, routeNameOfPath } from "../navigation/routePaths.ts";
import { useOpenRoute } from "../navigation/useOpenRoute.ts";
import { $listTarget } from "../search/listTarget.ts";
import { RequestInformationDialog } from "../search/RequestInformationDialog.tsx";
import { $requestedQueries } from "../search/requestedInformation.ts";
import { SearchSectionIcon } from "../search/SearchSectionIcon.tsx";
import { logSearchQuery, logSuggestionSelected } from "../search/searchActivity.ts";
import { $searchHistory, rememberOpenedSearch } from "../search/searchHistoryStore.ts";
import { severalChainsState } from "../search/searchRows.ts";
import { useExcludedChains } from "../search/useExcludedChains.ts";
import { useSearchSections } from "../search/useSearchSections.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import {
  commandModePrefix,
  firstSelectableValue,
  type PaletteGroup,
  type PaletteRow,
  paletteGroups,
  selectableValues,
} from "./paletteModel.ts";
import "./palette.css";

function PageItems({ title, page }: { title: string; page: CommandItemsPage }) {
  const items = page.useItems();
  return (
    <Cmdk.Group heading={title}>
      {items.map((item) => (
        <Cmdk.Item
          key={item.id}
          value={`${item.title} ${item.id}`}
          keywords={item.keywords}
          onSelect={() => void runAction(item.title, item.run)}
          className="sleuth-palette-item"
        >
          <span className="sleuth-palette-item-title">{item.title}</span>
          {item.description ? <Label variant="secondary">{item.description}</Label> : null}
          {item.current ? (
            <span className="sleuth-palette-current">
              <CheckIcon aria-hidden /> current
            </span>
          ) : null}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  );
}

/** A nested page (Switch organization …): cmdk filters its items itself. */
function NestedPage({
  pageCommand,
  inputRef,
}: {
  pageCommand: { id: string; title: string; page: CommandItemsPage };
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [search, setSearch] = useState("");
  // Esc and Backspace (in an empty field) step back to the command list, as in Raycast.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" || (event.key === "Backspace" && search === "")) {
      event.preventDefault();
      event.stopPropagation();
      openPalette(null);
    }
  };
  return (
    <Cmdk label={pageCommand.title} loop onKeyDown={onKeyDown} className="sleuth-palette-command">
      <Cmdk.Input
        ref={inputRef}
        autoFocus
        value={search}
        onValueChange={setSearch}
        placeholder={pageCommand.page.placeholder}
        className="sleuth-palette-input"
      />
      <Cmdk.List className="sleuth-palette-list" label={pageCommand.title}>
        <Cmdk.Empty className="sleuth-palette-empty">Nothing matches “{search}”.</Cmdk.Empty>
        <PageItems title={pageCommand.title} page={pageCommand.page} />
      </Cmdk.List>
    </Cmdk>
  );
}

/** A nested page that is a view of its own; Esc steps back to the command list, as on other pages. */
function ViewPage({
  View,
  initialFocusRef,
}: {
  View: CommandViewPage["View"];
  initialFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: catches Esc from the page's own controls.
    <div
      className="sleuth-palette-view"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        event.stopPropagation();
        openPalette(null);
      }}
    >
      <View initialFocusRef={initialFocusRef} />
    </div>
  );
}

// Keys with which cmdk moves the highlight; only these (and the pointer) count as the user's choice.
const navigationKeys = new Set(["ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);
const isNavigationKey = (event: KeyboardEvent) =>
  navigationKeys.has(event.key) || (event.ctrlKey && ["j", "k", "n", "p"].includes(event.key));

function RowView({ row, onPick }: { row: PaletteRow; onPick: (row: PaletteRow) => void }) {
  switch (row.kind) {
    case "loader":
      return (
        <div className="sleuth-palette-loader" aria-hidden>
          <SkeletonText size="bodySmall" />
        </div>
      );
    case "notice":
      return (
        <div className="sleuth-palette-notice" data-testid="palette-notice">
          {row.lines.map((line, index) => (
            <p key={line} className={index === 0 ? "sleuth-palette-notice-title" : undefined}>
              {line}
            </p>
          ))}
        </div>
      );
    case "requestInformation":
      if (row.value === null) {
        return (
          <div className="sleuth-palette-item sleuth-palette-done" role="status">
            <CheckIcon aria-hidden />
            <span className="sleuth-palette-item-title">{row.label}</span>
          </div>
        );
      }
      break;
    default:
      break;
  }
  if (row.value === null) return null;
  return (
    <Cmdk.Item
      value={row.value}
      onSelect={() => onPick(row)}
      className="sleuth-palette-item"
      data-kind={row.kind}
    >
      <RowContent row={row} />
    </Cmdk.Item>
  );
}

function RowContent({ row }: { row: PaletteRow }) {
  switch (row.kind) {
    case "command":
      return (
        <>
          <span className="sleuth-palette-item-title">{row.command.title}</span>
          {"page" in row.command ? <ChevronRightIcon aria-hidden /> : null}
          {row.command.keys ? <KeybindingHint keys={row.command.keys} size="small" /> : null}
        </>
      );
    case "recent":
      return (
        <>
          <HistoryIcon aria-hidden />
          <span className="sleuth-palette-item-title sleuth-mono">{row.title}</span>
          <span className="sleuth-palette-detail">{row.detail}</span>
        </>
      );
    case "result": {
      const { row: result } = row;
      const identifier = result.section !== "entities" && result.section !== "customEntities";
      return (
        <>
          <SearchSectionIcon section={result.section} />
          <span
            className={`sleuth-palette-item-title${identifier ? " sleuth-mono" : ""}`}
            title={result.fullTitle}
          >
            {result.title}
            {result.fullTitle !== result.title ? (
              <VisuallyHidden> ({result.fullTitle})</VisuallyHidden>
            ) : null}
          </span>
          <span className="sleuth-palette-detail">{result.detail}</span>
        </>
      );
    }
    case "error":
      return (
        <>
          <AlertIcon aria-hidden className="sleuth-palette-error-icon" />
          <span className="sleuth-palette-item-title">{row.message}</span>
          <span className="sleuth-palette-retry">{searchMessages.retry}</span>
        </>
      );
    case "open":
      return (
        <>
          <ArrowRightIcon aria-hidden />
          <span className="sleuth-palette-item-title">{row.title}</span>
          <span className="sleuth-palette-detail">{row.detail}</span>
        </>
      );
    case "submit":
      return (
        <>
          <SearchIcon aria-hidden />
          <span className="sleuth-palette-item-title sleuth-palette-submit">
            See all results for ‘<span className="sleuth-palette-query">{row.query}</span>’
          </span>
          <HotkeyHint id="palette.submit" size="small" />
        </>
      );
    case "requestInformation":
      return <span className="sleuth-palette-item-title sleuth-palette-link">{row.label}</span>;
    default:
      return null;
  }
}

function GroupView({ group, onPick }: { group: PaletteGroup; onPick: (row: PaletteRow) => void }) {
  return (
    <Cmdk.Group heading={group.heading} data-group={group.id}>
      {group.rows.map((row, index) => (
        <RowView key={row.value ?? `${row.kind}:${index}`} row={row} onPick={onPick} />
      ))}
    </Cmdk.Group>
  );
}

/** The palette's first page: commands, search sections and the search rows (see paletteModel). */
function SearchPage({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const commands = useStore($commands);
  const history = useStore($searchHistory);
  const requestedQueries = useStore($requestedQueries);
  const [location, navigate] = useLocation();
  const openRoute = useOpenRoute();
  const [input, setInput] = useState("");
  const [picked, setPicked] = useState<string | null>(null);
  const [requestQuery, setRequestQuery] = useState<string | null>(null);
  const navigating = useRef(false);

  const commandMode = input.trim().startsWith(commandModePrefix);
  const search = useSearchSections(commandMode ? "" : input);
  const excludedChains = useExcludedChains();
  const typed = useMemo(
    () => readSearchInput(commandMode ? "" : input, { excludedChains }),
    [input, commandMode, excludedChains],
  );
  const typedQuery = typed.type === "query" ? typed.query : "";
  const groups = paletteGroups({
    input,
    commands,
    history,
    search: commandMode || typed.type !== "query" ? null : search,
    typedQuery,
    typedIdentifiers: typed.type === "query" ? typed.identifiers : [],
    requested: requestedQueries.has(search.query),
  });
  const values = selectableValues(groups);
  // 000 §4: Enter opens the highlighted result. Until the user moves the highlight, it follows the
  // first row, so results arriving after the debounce take it.
  const value = picked !== null && values.has(picked) ? picked : (firstSelectableValue(groups) ?? "");

  const submit = (query: string) => {
    logSearchQuery(query, { module: "navigation", via: "palette" });
    void runAction("Search", () =>
      openRoute(searchSubmitRoute({ module: "navigation", query, currentRoute: routeNameOfPath(location) })),
    );
  };
  // 002 §2: Mod+Enter always submits the query to the results page, whatever is highlighted. Its own
  // scope, so the request-information dialog opened from here takes Mod+Enter while it is open.
  useHotkeyScope("palette-search", requestQuery === null);
  useHotkey(
    {
      id: "palette.submit",
      keys: "Mod+Enter",
      description: "See all results for the query",
      group: "Command palette",
      scope: "palette-search",
      run: () => submit(typedQuery),
    },
    typedQuery !== "",
  );

  const pick = (row: PaletteRow) => {
    switch (row.kind) {
      case "command":
        runCommand(row.command);
        return;
      case "recent":
        void runAction(row.title, () => {
          rememberOpenedSearch(row.urn);
          const path = pathOfUrn(row.urn);
          if (path) navigate(path);
        });
        return;
      case "result": {
        // 002 §2: in the graph module (the graph page is open) a picked suggestion is plotted.
        const plot = $plotTarget.get();
        const plotAction = plot ? suggestionAction(row.row.item, "graphVisualizer") : null;
        if (plot && plotAction?.type === "plot") {
          logSuggestionSelected(row.row.urn, search.query, { section: row.row.section, via: "palette" });
          void runAction(row.row.fullTitle, () => plot([plotAction.urn]));
          return;
        }
        // 002 §2: in entity monitoring (a monitoring list is open) a picked suggestion joins the list.
        const list = $listTarget.get();
        const listAction = list ? suggestionAction(row.row.item, "entityMonitoring") : null;
        if (list && listAction?.type === "addToList" && list.accepts(listAction.urn)) {
          logSuggestionSelected(row.row.urn, search.query, { section: row.row.section, via: "palette" });
          void runAction(`Add to ${list.name}`, () => list.add(listAction.urn));
          return;
        }
        const action = suggestionAction(row.row.item, "navigation");
        if (action?.type !== "navigate") return;
        logSuggestionSelected(row.row.urn, search.query, { section: row.row.section, via: "palette" });
        void runAction(row.row.fullTitle, () => {
          if (row.row.section === "addresses" || row.row.section === "transactions")
            rememberOpenedSearch(row.row.urn);
          const state = severalChainsState(row.row, search.query);
          openRoute(state ? { ...action.route, state } : action.route);
        });
        return;
      }
      case "error":
        search.retry(row.section);
        return;
      case "open": {
        const plotTyped = $plotTarget.get();
        if (plotTyped) {
          void runAction(row.title, () => plotTyped(row.identifiers.map((identifier) => identifier.urn)));
          return;
        }
        const listTyped = $listTarget.get();
        const typedUrn = row.identifiers[0]?.urn;
        if (listTyped && typedUrn !== undefined && listTyped.accepts(typedUrn)) {
          void runAction(`Add to ${listTyped.name}`, () => listTyped.add(typedUrn));
          return;
        }
        const outcome = globalSearchRoute({
          query: typedQuery,
          identifiers: row.identifiers,
          canAccess: canAccessRoute,
        });
        if (outcome.type !== "navigate") return;
        logSearchQuery(typedQuery, { module: "navigation", via: "palette" });
        void runAction(row.title, () => {
          const [first] = row.identifiers;
          if (first && first.kind !== "inet") rememberOpenedSearch(first.urn);
          openRoute(outcome.route);
        });
        return;
      }
      case "submit":
        submit(row.query);
        return;
      case "requestInformation":
        setRequestQuery(row.query);
        return;
      default:
        return;
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (isNavigationKey(event)) {
      navigating.current = true;
      setTimeout(() => {
        navigating.current = false;
      }, 0);
    }
    // Taken before cmdk, which would open the highlighted row on this Enter.
    if (runHotkeyOf("palette.submit", event.nativeEvent)) event.preventDefault();
  };
  const onValueChange = (next: string) => {
    if (navigating.current) setPicked(next);
  };

  return (
    <>
      <Cmdk
        label="Search and commands"
        loop
        shouldFilter={false}
        value={value}
        onValueChange={onValueChange}
        onKeyDown={onKeyDown}
        className="sleuth-palette-command"
      >
        <Cmdk.Input
          ref={inputRef}
          autoFocus
          value={input}
          onValueChange={(next) => {
            setInput(next);
            setPicked(null);
          }}
          onPaste={(event) => {
            // 002 §2: a screenshot pasted into the search box is searched by image.
            const file = imageFileOf(event.clipboardData);
            if (file === null || !imageSearchCommandRegistered()) return;
            event.preventDefault();
            openImageSearchWith(file);
          }}
          placeholder="Search addresses, transactions, entities, IPs… or > for commands"
          className="sleuth-palette-input"
        />
        <Cmdk.List
          className="sleuth-palette-list"
          label="Results"
          data-search-query={search.query}
          data-search-settled={search.query !== "" && search.settled ? "true" : "false"}
          onPointerMoveCapture={() => {
            navigating.current = true;
            setTimeout(() => {
              navigating.current = false;
            }, 0);
          }}
        >
          {groups.map((group) => (
            <GroupView key={group.id} group={group} onPick={pick} />
          ))}
          {groups.length === 0 ? (
            <div className="sleuth-palette-empty">Nothing matches “{input.trim()}”.</div>
          ) : null}
        </Cmdk.List>
      </Cmdk>
      <VisuallyHidden role="status">
        {search.debouncing ? "" : search.settled && search.query ? "Search results updated" : ""}
      </VisuallyHidden>
      {requestQuery !== null ? (
        <RequestInformationDialog
          query={requestQuery}
          onClose={() => setRequestQuery(null)}
          returnFocusRef={inputRef}
        />
      ) : null}
    </>
  );
}

function PaletteDialog({ pageCommandId }: { pageCommandId: string | null }) {
  const commands = useStore($commands);
  const inputRef = useRef<HTMLInputElement>(null);
  const viewFocusRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useFocusReturnRef();
  const pageCommand = useMemo(() => {
    const command = commands.find((entry) => entry.id === pageCommandId);
    return command && "page" in command ? command : null;
  }, [commands, pageCommandId]);
  const title = pageCommand ? pageCommand.title : "Command palette";

  return (
    <Dialog
      title={title}
      onClose={closePalette}
      width="xlarge"
      align="top"
      initialFocusRef={pageCommand && "View" in pageCommand.page ? viewFocusRef : inputRef}
      returnFocusRef={returnFocusRef}
      className="sleuth-palette"
      renderHeader={({ dialogLabelId }) => (
        <div className="sleuth-palette-header">
          <h1 id={dialogLabelId} className="sleuth-palette-title">
            {pageCommand ? (
              <>
                <span className="sleuth-palette-crumb">Command palette</span>
                <ChevronRightIcon aria-hidden />
                {pageCommand.title}
              </>
            ) : (
              "Command palette"
            )}
          </h1>
        </div>
      )}
      renderFooter={() => (
        <div className="sleuth-palette-footer" aria-hidden>
          <span>
            <KeybindingHint keys="ArrowUp" size="small" /> <KeybindingHint keys="ArrowDown" size="small" />{" "}
            move
          </span>
          <span>
            <KeybindingHint keys="Enter" size="small" /> open
          </span>
          {pageCommand ? null : (
            <span>
              <KeybindingHint keys=">" size="small" /> commands
            </span>
          )}
          <span>
            <KeybindingHint keys="Escape" size="small" /> {pageCommand ? "back" : "close"}
          </span>
        </div>
      )}
    >
      {/* Each page is its own cmdk list; the new field takes the focus. */}
      {pageCommand && "View" in pageCommand.page ? (
        <ViewPage key={pageCommand.id} View={pageCommand.page.View} initialFocusRef={viewFocusRef} />
      ) : pageCommand && "useItems" in pageCommand.page ? (
        <NestedPage
          key={pageCommand.id}
          pageCommand={{ ...pageCommand, page: pageCommand.page }}
          inputRef={inputRef}
        />
      ) : (
        <SearchPage inputRef={inputRef} />
      )}
    </Dialog>
  );
}

/**
 * The cmdk palette (Mod+K, or / when not typing): global search (000 §4, 002 §4) and every
 * registered command, filtered as you type.
 */
export function CommandPalette() {
  const palette = useStore($palette);
  useHotkey({
    id: "palette.open",
    keys: "Mod+k",
    description: "Open the command palette",
    group: "General",
    run: togglePalette,
  });
  useHotkey({
    id: "palette.open.slash",
    keys: "/",
    description: "Open the command palette",
    group: "General",
    run: () => openPalette(),
  });
  if (!palette.open) return null;
  return <PaletteDialog pageCommandId={palette.pageCommandId} />;
}
