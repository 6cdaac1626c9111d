import { describe, expect, it } from "vitest";
import { paneHotkey } from "./paneHotkeys.ts";

describe("paneHotkey", () => {
  it("gives the summary 1 and each following pane the next digit", () => {
    expect(paneHotkey(0)).toBe("1");
    expect(paneHotkey(1)).toBe("2");
    expect(paneHotkey(8)).toBe("9");
  });
  it("gives no digit past the ninth pane", () => {
    expect(paneHotkey(9)).toBeUndefined();
  });
});
