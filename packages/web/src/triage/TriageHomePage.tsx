import { useStore } from "@nanostores/react";
import { Heading, Link as PrimerLink, Text } from "@primer/react";
import { consolePaths } from "@sleuth/sdk";
import { Link, useSearch } from "wouter";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { ImageSearch } from "./ImageSearch.tsx";
import { TriageSearchBox } from "./TriageSearchBox.tsx";
import "./triage.css";

/**
 * 002 §2 Triage search home: the search box (multi-search with its flag), a card to the search history
 * when multi-search is on, and search by image (upload or camera).
 */
export function TriageHomePage() {
  const view = useStore($signedIn);
  const headingRef = usePageHeading("triage");
  // 002 §2: "back to current search" returns here with the query in `q`.
  const initialQuery = new URLSearchParams(useSearch()).get("q") ?? "";
  const multi = view?.featureFlags.triageMultiSearch ?? true;
  return (
    <div className="sleuth-page sleuth-triage">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        Triage
      </Heading>
      <TriageSearchBox initialQuery={initialQuery} />
      {multi ? (
        <section className="sleuth-triage-card" aria-label="Search history">
          <Text as="p">
            <PrimerLink as={Link} href={consolePaths.triageHistory}>
              Search history
            </PrimerLink>{" "}
            <span className="sleuth-muted">(t h): what you searched, by day.</span>
          </Text>
        </section>
      ) : null}
      <ImageSearch
        aiFeatureFlag={view?.featureFlags.aiImageSearch ?? true}
        cameraEnabled={view?.featureFlags.triageCameraSearch ?? true}
      />
    </div>
  );
}
