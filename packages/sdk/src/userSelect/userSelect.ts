import { z } from "zod";

// 002 §9: the user-select search waits 300 ms after the last keystroke.
export const userSelectDebounceMs = 300;
// 002 §5: favourite users are kept in local storage under this key.
export const favouriteUsersStorageKey = "sleuth.userSelect.favourites";
/** The stored favourites: user uuids, most recently added last. */
export const favouriteUsersSchema = z.array(z.string());
export type FavouriteUsers = z.infer<typeof favouriteUsersSchema>;

export interface SelectableUser {
  uuid: string;
  email: string;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * 002 §5: the users whose name or e-mail contains the query, ignoring case and surrounding blanks.
 * The name is the full name and also first and last name joined; a blank query keeps everyone.
 */
export function filterUsers<U extends SelectableUser>(users: readonly U[], query: string): U[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === "") return [...users];
  return users.filter((user) =>
    [user.fullName, [user.firstName, user.lastName].filter(Boolean).join(" "), user.email].some((text) =>
      text?.toLocaleLowerCase().includes(needle),
    ),
  );
}

/** Reads the stored favourites; 002 §8: unreadable storage is ignored. */
export function readFavouriteUsers(raw: string | null): FavouriteUsers {
  try {
    const parsed = favouriteUsersSchema.safeParse(raw === null ? [] : JSON.parse(raw));
    return parsed.success ? [...new Set(parsed.data)] : [];
  } catch {
    return [];
  }
}

export function toggleFavouriteUser(favourites: FavouriteUsers, uuid: string): FavouriteUsers {
  return favourites.includes(uuid) ? favourites.filter((item) => item !== uuid) : [...favourites, uuid];
}

/** Favourites first, each group in its original order. */
export function favouriteUsersFirst<U extends SelectableUser>(
  users: readonly U[],
  favourites: FavouriteUsers,
): U[] {
  const isFavourite = (user: U) => favourites.includes(user.uuid);
  return [...users.filter(isFavourite), ...users.filter((user) => !isFavourite(user))];
}
