import { useStore } from "@nanostores/react";
import { Button, Flash, Heading, TextInput } from "@primer/react";
import { ipSearchRule, recognizeIdentifier, searchMessages } from "@sleuth/sdk";
import { useState } from "react";
import { useLocation } from "wouter";
import { usePageHeading } from "../explorer/index.ts";
import { $signedIn } from "../session/index.ts";
import { ImageSearch } from "./ImageSearch.tsx";
import { triageAddressPath, triageTransactionPath } from "./triagePaths.ts";
import "./triage.css";

/**
 * 002 §2 Triage search home: the search box (an address or transaction goes straight to its triage
 * page; 002 §5/§8 IPs are refused without a forensics licence) and search by image.
 */
export function TriageHomePage() {
  const view = useStore($signedIn);
  const [, navigate] = useLocation();
  const [query, setQuery] = useState("");
  const [messages, setMessages] = useState<readonly string[]>([]);
  const headingRef = usePageHeading("triage");

  const submit = () => {
    const text = query.trim();
    if (text === "") return;
    const matches = recognizeIdentifier(text);
    if (matches.some((match) => match.kind === "inet")) {
      const rule = ipSearchRule({
        module: "triage",
        ipSearchEnabled: view?.featureFlags.ipSearch ?? false,
        hasForensicsLicense: false,
      });
      if (!rule.allowed) {
        setMessages(rule.messages);
        return;
      }
    }
    const first = matches.find((match) => match.kind !== "inet" && match.chain !== null);
    if (!first?.chain) {
      setMessages([
        searchMessages.noResults,
        searchMessages.checkSpelling,
        searchMessages.tryDifferentKeywords,
      ]);
      return;
    }
    setMessages([]);
    navigate(
      first.kind === "address"
        ? triageAddressPath(first.chain, first.value)
        : triageTransactionPath(first.chain, first.value),
    );
  };

  return (
    <div className="sleuth-page sleuth-triage">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Triage
      </Heading>
      <form
        aria-label="Triage search"
        className="sleuth-triage-search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          aria-label="Search an address or transaction in triage"
          placeholder="Paste an address or transaction hash"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="triage-search"
          block
        />
        <Button type="submit" disabled={query.trim() === ""}>
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
      <ImageSearch aiFeatureFlag={view?.featureFlags.aiImageSearch ?? true} />
    </div>
  );
}
