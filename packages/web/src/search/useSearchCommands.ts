import { useStore } from "@nanostores/react";
import { type RouteDescriptor, randomSearchRoute } from "@sleuth/sdk";
import type { Command } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { PaletteCameraSearch, PaletteUploadSearch } from "../imageSearch/PaletteImageSearch.tsx";
import { cameraSearchCommandId, imageSearchCommandId } from "../imageSearch/pastedImage.ts";
import { useOpenRoute } from "../navigation/useOpenRoute.ts";
import { $signedIn } from "../session/sessionStore.ts";
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

/**
 * 002 §2 camera and image search in the global search popover: two palette pages. 002 §6: a false AI
 * flag hides both; camera search has its own flag.
 */
function imageSearchCommands(flags: { aiImageSearch?: boolean; triageCameraSearch?: boolean }): Command[] {
  if (flags.aiImageSearch === false) return [];
  const upload: Command = {
    id: imageSearchCommandId,
    title: "Search by image: choose, drop or paste a screenshot",
    group: "Search",
    keys: "s i",
    outranksSingleKey: true,
    keywords: ["upload", "screenshot", "photo", "picture", "ocr", "qr"],
    page: { View: PaletteUploadSearch },
  };
  if (flags.triageCameraSearch === false) return [upload];
  return [
    upload,
    {
      id: cameraSearchCommandId,
      title: "Search with the camera",
      group: "Search",
      keys: "s c",
      outranksSingleKey: true,
      keywords: ["webcam", "photo", "picture", "qr", "capture"],
      page: { View: PaletteCameraSearch },
    },
  ];
}

/** The search commands of the palette and their hotkeys (002 §2 random button, multi-search, image). */
export function useSearchCommands(): void {
  const openRoute = useOpenRoute();
  const flags = useStore($signedIn)?.featureFlags ?? {};
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
    ...imageSearchCommands(flags),
  ]);
}
