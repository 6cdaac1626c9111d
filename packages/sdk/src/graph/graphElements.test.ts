import { describe, expect, test } from "vitest";
import { addressChainUrn } from "../chains/urn.ts";
import {
  formatOffChainTimestamp,
  graphElementSchema,
  graphRecordSchema,
  offChainNodeFormSchema,
} from "./graphElements.ts";
import { graphMessages } from "./graphMessages.ts";

describe("002 §5 off-chain elements", () => {
  test("002 §5 off-chain node name is required", () => {
    const result = offChainNodeFormSchema.safeParse({ name: "   ", icon: "person" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please provide a name.");
    expect(offChainNodeFormSchema.parse({ name: " Suspect ", icon: "bank" }).name).toBe("Suspect");
  });

  test("002 §5 off-chain edge timestamp reads 'MMM D, YYYY h:mm:ss A' in UTC", () => {
    expect(formatOffChainTimestamp("2024-03-05T13:07:09Z")).toBe("Mar 5, 2024 1:07:09 PM");
    expect(formatOffChainTimestamp(Date.UTC(2023, 11, 31, 0, 0, 1))).toBe("Dec 31, 2023 12:00:01 AM");
  });

  test("002 §8 graph export messages are the spec's words", () => {
    expect(graphMessages.exportFailed).toBe(
      "Sorry, we are unable to export that graph at this time. Please try again later.",
    );
    expect(graphMessages.imageExportUnsupported).toBe(
      "Sorry we are not able to export in this browser. Please try again in a different browser.",
    );
  });
});

describe("002 §3 graph element types", () => {
  test("002 §3 graph elements are addresses, entities, flows, transfers, off-chain nodes and edges", () => {
    const address = `0x${"ab".repeat(20)}`;
    const parsed = graphElementSchema.parse({
      type: "address",
      trmUrn: addressChainUrn("ethereum", address),
      address,
      chain: "ethereum",
    });
    expect(parsed.type).toBe("address");
    expect(
      graphElementSchema.parse({
        type: "offChainEdge",
        trmUrn: "edge-1",
        sourceUrn: "node-1",
        targetUrn: parsed.trmUrn,
        information: "Met in person",
        timestamp: "2024-03-05T13:07:09Z",
      }).type,
    ).toBe("offChainEdge");
    expect(
      graphElementSchema.safeParse({ type: "offChainNode", trmUrn: "n", name: "", icon: "person" }).success,
    ).toBe(false);
    expect(graphRecordSchema.parse({ graphId: "g1", name: null }).name).toBeNull();
  });
});
