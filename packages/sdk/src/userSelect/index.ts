export type { FavouriteUsers, SelectableUser } from "./userSelect.ts";
export {
  favouriteUsersFirst,
  favouriteUsersSchema,
  favouriteUsersStorageKey,
  filterUsers,
  readFavouriteUsers,
  toggleFavouriteUser,
  userSelectDebounceMs,
} from "./userSelect.ts";
