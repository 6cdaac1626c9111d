import { Heading, Link as PrimerLink, Text } from "@primer/react";
import { consolePaths } from "@sleuth/sdk";
import { Link } from "wouter";

export function NotFoundPage() {
  return (
    <div className="sleuth-page">
      <Heading as="h1" className="sleuth-page-title">
        Nothing here
      </Heading>
      <Text as="p">
        This page does not exist.{" "}
        <PrimerLink as={Link} href={consolePaths.home}>
          Go home
        </PrimerLink>{" "}
        or press g then h.
      </Text>
    </div>
  );
}
