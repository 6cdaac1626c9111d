import { type RouteDescriptor, randomSearchRoute } from "@sleuth/sdk";
import { useCommands } from "../commands/useCommands.ts";
import { useOpenRoute } from "../navigation/useOpenRoute.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { openMultiSearch } from "./multiSearchStore.ts";

// Choice: the random button picks among real Ethereum addresses: those the address search answers for
// a few random 4-character prefixes ("0x3f"; the server needs 4 characters for a prefix). The store
// offers no list of transactions to pick from, so it opens an address unless none is found.
const randomPrefixes = 8;
const randomPoolSize = 50;

async function randomRoute(): Promise<RouteDescriptor> {
  const prefixes = Array.from(
    { length: randomPrefixes },
    () =>
      `0x${Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, "0")}`,
  );
  const answers = await Promise.allSettled(
    prefixes.map((query) =>
      sleuthClient.search.autocomplete({ query, attributionType: "address", limit: randomPoolSize }),
    ),
  );
  const addresses = answers.flatMap((answer) =>
    answer.status === "fulfilled"
      ? answer.value.hits.filter((hit) => hit.chain === "ethereum").map((hit) => hit.address)
      : [],
  );
  return randomSearchRoute({ addresses, knownOnly: true });
}

/** The search commands of the palette and their hotkeys (002 §2 random button and multi-search). */
export function useSearchCommands(): void {
  const openRoute = useOpenRoute();
  useCommands([
    {
      id: "search.random",
      title: "Open a random Ethereum address or transaction",
      group: "Search",
      keys: "g r",
      keywords: ["random", "lucky", "surprise"],
      run: async () => openRoute(await randomRoute()),
    },
    {
      id: "search.multi",
      title: "Multi-search: several identifiers at once",
      group: "Search",
      keys: "Mod+Shift+k",
      keywords: ["batch", "bulk", "list", "paste"],
      run: openMultiSearch,
    },
  ]);
}
