import { StarFillIcon, StarIcon } from "@primer/octicons-react";
import { Checkbox, FormControl, IconButton, TextInput } from "@primer/react";
import {
  favouriteUsersFirst,
  favouriteUsersStorageKey,
  filterUsers,
  readFavouriteUsers,
  type SelectableUser,
  toggleFavouriteUser,
  userSelectDebounceMs,
} from "@sleuth/sdk";
import { useState } from "react";
import { useDebouncedValue } from "../search/useDebouncedValue.ts";

function storedFavourites(): string[] {
  try {
    return readFavouriteUsers(globalThis.localStorage?.getItem(favouriteUsersStorageKey) ?? null);
  } catch {
    return [];
  }
}

export interface UserSelectProps<U extends SelectableUser> {
  /** The people that may be picked (002 §6: organization members only). */
  users: readonly U[];
  selected: readonly string[];
  onChange: (uuids: string[]) => void;
  /** 002 §6: a single configured option is preselected and cannot be changed. */
  locked?: boolean;
  label?: string;
}

/**
 * 002 §5 user-select: a search by name or e-mail (300 ms after the last keystroke, any case),
 * checkboxes to pick, and favourites kept in local storage and listed first.
 */
export function UserSelect<U extends SelectableUser>({
  users,
  selected,
  onChange,
  locked = false,
  label = "People to notify",
}: UserSelectProps<U>) {
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query, userSelectDebounceMs);
  const [favourites, setFavourites] = useState(storedFavourites);
  const shown = favouriteUsersFirst(filterUsers(users, debounced), favourites);
  const toggleFavourite = (uuid: string) => {
    const next = toggleFavouriteUser(favourites, uuid);
    setFavourites(next);
    try {
      globalThis.localStorage?.setItem(favouriteUsersStorageKey, JSON.stringify(next));
    } catch {
      // 002 §8: storage failures are ignored.
    }
  };
  const toggle = (uuid: string) =>
    onChange(selected.includes(uuid) ? selected.filter((item) => item !== uuid) : [...selected, uuid]);
  return (
    <fieldset className="sleuth-user-select">
      <legend>{label}</legend>
      {locked ? null : (
        <FormControl>
          <FormControl.Label visuallyHidden>Find people by name or e-mail</FormControl.Label>
          <TextInput
            block
            placeholder="Find people by name or e-mail"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </FormControl>
      )}
      <ul className="sleuth-user-select-list">
        {shown.length === 0 ? <li className="sleuth-muted">Nobody matches.</li> : null}
        {shown.map((user) => {
          const name =
            user.fullName ?? ([user.firstName, user.lastName].filter(Boolean).join(" ") || user.email);
          const favourite = favourites.includes(user.uuid);
          return (
            <li key={user.uuid}>
              <FormControl disabled={locked}>
                <Checkbox checked={selected.includes(user.uuid)} onChange={() => toggle(user.uuid)} />
                <FormControl.Label>
                  {name} <span className="sleuth-muted">{user.email}</span>
                </FormControl.Label>
              </FormControl>
              {locked ? null : (
                <IconButton
                  size="small"
                  variant="invisible"
                  icon={favourite ? StarFillIcon : StarIcon}
                  aria-label={favourite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
                  aria-pressed={favourite}
                  onClick={() => toggleFavourite(user.uuid)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
