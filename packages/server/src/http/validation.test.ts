import { expect, test } from "vitest";
import { findUnstorableText } from "./validation.ts";

test("issue 41 NUL and unpaired surrogates are found in bodies and in parsed query strings", () => {
  expect(findUnstorableText({ note: "fine", tags: ["a", "b\u0000"] })).toEqual(["tags", 1]);
  expect(findUnstorableText({ name: "half \ud800 a pair" })).toEqual(["name"]);
  // A query string as fastify's parser (fast-querystring) makes it: an object of a prototype-less class.
  const Query = function Query() {} as unknown as { new (): Record<string, string>; prototype: object };
  Query.prototype = Object.create(null);
  const query = new Query();
  query.query = "ltc1qa\u0000";
  expect(findUnstorableText(query)).toEqual(["query"]);
  expect(findUnstorableText({ when: new Date(0), buffer: Buffer.from([0]) })).toBeNull();
});
