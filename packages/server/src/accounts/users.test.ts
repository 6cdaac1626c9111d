import { expect, test } from "vitest";
import { splitFullName } from "./users.ts";

test("000 §3 a full name splits into first and last name", () => {
  expect(splitFullName("Dana Demo")).toEqual({ firstName: "Dana", lastName: "Demo" });
  expect(splitFullName("  Ana  Maria   Lima ")).toEqual({ firstName: "Ana", lastName: "Maria Lima" });
  expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: null });
  expect(splitFullName("   ")).toEqual({ firstName: null, lastName: null });
  expect(splitFullName(null)).toEqual({ firstName: null, lastName: null });
});
