import { afterEach, describe, expect, test } from "vitest";
import { $messages, clearMessages, leaveOtherPages, pageOf, showMessage } from "./messageStore.ts";

describe("000 §8 messages about one screen", () => {
  afterEach(clearMessages);

  test("000 §8 a message about the graph goes when the user leaves it; others stay", () => {
    showMessage({ variant: "success", title: "Traced 25 addresses", page: pageOf("/graph") });
    showMessage({ variant: "critical", title: "The export failed" });
    // Still the graph (a saved graph's own address): nothing goes.
    leaveOtherPages("/graph/12");
    expect($messages.get().map((message) => message.title)).toEqual([
      "Traced 25 addresses",
      "The export failed",
    ]);
    leaveOtherPages("/address/eth/0xabc");
    expect($messages.get().map((message) => message.title)).toEqual(["The export failed"]);
  });
});
