import { describe, expect, test } from "vitest";
import {
  favouriteUsersFirst,
  filterUsers,
  readFavouriteUsers,
  toggleFavouriteUser,
  userSelectDebounceMs,
} from "./userSelect.ts";

const users = [
  { uuid: "1", email: "ann.lee@example.org", fullName: "Ann Lee" },
  { uuid: "2", email: "bob@example.org", firstName: "Robert", lastName: "Ray" },
  { uuid: "3", email: "CY@agency.gov" },
];

describe("002 §5 user select", () => {
  test("002 §5 user-select search matches name or e-mail, case-insensitively", () => {
    expect(filterUsers(users, "ann").map((user) => user.uuid)).toEqual(["1"]);
    expect(filterUsers(users, " ROBERT RAY ").map((user) => user.uuid)).toEqual(["2"]);
    expect(filterUsers(users, "agency").map((user) => user.uuid)).toEqual(["3"]);
    expect(filterUsers(users, "example.org").map((user) => user.uuid)).toEqual(["1", "2"]);
    expect(filterUsers(users, "")).toEqual(users);
    expect(filterUsers(users, "zzz")).toEqual([]);
  });

  test("002 §9 user-select search debounce is 300 ms", () => {
    expect(userSelectDebounceMs).toBe(300);
  });

  test("002 §5 favourites are kept in local storage", () => {
    const favourites = toggleFavouriteUser(readFavouriteUsers(null), "3");
    expect(readFavouriteUsers(JSON.stringify(favourites))).toEqual(["3"]);
    expect(readFavouriteUsers("{oops")).toEqual([]);
    expect(readFavouriteUsers('{"a":1}')).toEqual([]);
    expect(toggleFavouriteUser(favourites, "3")).toEqual([]);
    expect(favouriteUsersFirst(users, favourites).map((user) => user.uuid)).toEqual(["3", "1", "2"]);
  });
});
