import { describe, expect, test } from "vitest";
import { readOpReturn } from "./opReturn.ts";

describe("002 §2 OP_RETURN data viewer", () => {
  test("002 §2 a UTF-8 memo reads as its text beside the hex", () => {
    const hex = Buffer.from("Invoice 42 — paid", "utf8").toString("hex");
    expect(readOpReturn(hex)).toEqual({
      hex,
      bytes: Buffer.byteLength("Invoice 42 — paid"),
      text: "Invoice 42 — paid",
    });
  });

  test("002 §2 a binary payload shows as hex only", () => {
    expect(readOpReturn("6f6d6e6900000000000000")?.text).toBeNull();
    expect(readOpReturn("ff00ff")?.text).toBeNull();
  });

  test("002 §2 text that is not hex bytes is refused", () => {
    expect(readOpReturn("abc")).toBeNull();
    expect(readOpReturn("zz")).toBeNull();
    expect(readOpReturn("0xDEADBEEF")?.hex).toBe("deadbeef");
  });
});
