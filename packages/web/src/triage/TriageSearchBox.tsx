import { useStore } from "@nanostores/react";
import { Button, Flash, FormControl, Textarea, TextInput } from "@primer/react";
import {
  consolePaths,
  ipSearchRule,
  isSearchSubmitDisabled,
  multiSearchItems,
  multiSearchTextareaHeight,
  recognizeIdentifier,
  searchSubmitRoute,
} from "@sleuth/sdk";
import { useState } from "react";
import { useLocation } from "wouter";
import { useHotkey } from "../keyboard/useHotkey.ts";
import { routeNameOfPath } from "../navigation/routePaths.ts";
import { useOpenRoute } from "../navigation/useOpenRoute.ts";
import { $signedIn } from "../session/sessionStore.ts";

/**
 * 002 §2 / §4 the search box of the triage module: one identifier, or with the multi-search flag one
 * per line. Submit goes to triage results (replacing a results or history page); 002 §5 / §8: IPs are
 * refused without a forensics licence, with the spec's texts, before anything is searched.
 */
export function TriageSearchBox({ initialQuery = "" }: { initialQuery?: string }) {
  const view = useStore($signedIn);
  const multi = view?.featureFlags.triageMultiSearch ?? true;
  const [location, navigate] = useLocation();
  const openRoute = useOpenRoute();
  const [text, setText] = useState(initialQuery);
  const [messages, setMessages] = useState<readonly string[]>([]);
  const disabled = isSearchSubmitDisabled({ input: text, isFetching: false, isMultiSearchLoading: false });

  const submit = () => {
    const items = multi ? multiSearchItems(text) : [text.trim()].filter(Boolean);
    if (disabled || items.length === 0) return;
    const ips = items.filter((item) => recognizeIdentifier(item).some((match) => match.kind === "inet"));
    const rule = ipSearchRule({
      module: "triage",
      ipSearchEnabled: view?.featureFlags.ipSearch ?? false,
      hasForensicsLicense: view?.organization.hasForensicsLicense ?? false,
    });
    // With the licence IPs are searched like the rest (the results page asks the server for them).
    const refused = rule.allowed ? [] : ips;
    setMessages(rule.allowed || refused.length === 0 ? [] : rule.messages);
    // Only refused IPs: nothing else to search.
    if (refused.length > 0 && refused.length === items.length) return;
    const query = items.filter((item) => !refused.includes(item)).join("\n");
    openRoute(searchSubmitRoute({ module: "triage", query, currentRoute: routeNameOfPath(location) }));
  };
  // Enter searches a single line; in the multi-search box Enter starts a new line and Mod+Enter searches.
  useHotkey({
    id: "triage.search.submit",
    keys: "Mod+Enter",
    description: "Search the items in triage",
    group: "Triage",
    run: submit,
  });

  useHotkey({
    id: "triage.history",
    keys: "t h",
    outranksSingleKey: true,
    description: "Open the triage search history",
    group: "Triage",
    run: () => navigate(consolePaths.triageHistory),
  });

  return (
    <>
      <form
        aria-label="Triage search"
        className="sleuth-triage-search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {multi ? (
          <FormControl className="sleuth-triage-search-field">
            <FormControl.Label visuallyHidden>Search addresses or transactions in triage</FormControl.Label>
            <Textarea
              placeholder="Paste addresses or transaction hashes, one per line (Mod+Enter searches)"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                // A single line searches on Enter, as a search box does.
                if (event.key === "Enter" && !event.shiftKey && !text.includes("\n")) {
                  event.preventDefault();
                  submit();
                }
              }}
              data-testid="triage-search"
              block
              resize="vertical"
              style={{ minHeight: multiSearchTextareaHeight.min, maxHeight: multiSearchTextareaHeight.max }}
            />
          </FormControl>
        ) : (
          <TextInput
            aria-label="Search addresses or transactions in triage"
            placeholder="Paste an address or transaction hash"
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="triage-search"
            block
          />
        )}
        <Button type="submit" disabled={disabled}>
          Search
        </Button>
      </form>
      {messages.length > 0 ? (
        <Flash variant="warning" role="alert" data-testid="triage-search-message">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Flash>
      ) : null}
    </>
  );
}
