import { expect, test } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

test("passwords are stored as a salted, self-describing scrypt hash", async () => {
  const first = await hashPassword("correct horse");
  const second = await hashPassword("correct horse");
  expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  expect(first).not.toBe(second);
  expect(first).not.toContain("correct horse");
});

test("only the right password verifies", async () => {
  const stored = await hashPassword("sleuth-demo");
  expect(await verifyPassword("sleuth-demo", stored)).toBe(true);
  expect(await verifyPassword("sleuth-demo ", stored)).toBe(false);
  expect(await verifyPassword("", stored)).toBe(false);
});

test("a malformed stored hash never verifies", async () => {
  for (const stored of ["", "plain", "scrypt$x$8$1$c2FsdA$aGFzaA", "bcrypt$10$8$1$c2FsdA$aGFzaA"]) {
    expect(await verifyPassword("anything", stored)).toBe(false);
  }
});
