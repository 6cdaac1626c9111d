import { consolePaths } from "@sleuth/sdk";
import { useLocation } from "wouter";
import { useCommands } from "../commands/useCommands.ts";
import { openCustomEntityDialog } from "./customEntityDialogs.ts";

/** Console-wide custom-entity commands: the list (g e) and a new one (n e). */
export function useCustomEntityCommands(): void {
  const [, navigate] = useLocation();
  useCommands([
    {
      id: "customEntities.list",
      title: "Go to custom entities",
      group: "Navigation",
      keys: "g e",
      keywords: ["groups", "clusters", "my entities"],
      run: () => navigate(consolePaths.customEntities),
    },
    {
      id: "customEntities.create",
      title: "New custom entity",
      group: "Custom entities",
      keys: "n e",
      keywords: ["create", "group addresses"],
      run: () => openCustomEntityDialog({ kind: "create" }),
    },
  ]);
}
