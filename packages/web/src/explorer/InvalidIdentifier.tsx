import { Heading, Link as PrimerLink, Text } from "@primer/react";
import { consolePaths } from "@sleuth/sdk";
import { Link } from "wouter";
import { usePageHeading } from "./usePageHeading.ts";

/** 002 §2 / §5: an address or hash that is not valid on the chain of the path. */
export function InvalidIdentifier({ message, value }: { message: string; value: string }) {
  const headingRef = usePageHeading(value);
  return (
    <div className="sleuth-page">
      <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
        {message}
      </Heading>
      <Text as="p" className="sleuth-muted sleuth-break">
        {value}
      </Text>
      <Text as="p">
        <PrimerLink as={Link} href={consolePaths.home}>
          Start a new search
        </PrimerLink>{" "}
        or press / to search.
      </Text>
    </div>
  );
}
