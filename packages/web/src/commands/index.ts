export type { Command, CommandPage, CommandPageItem, PaletteState } from "./commandRegistry.ts";
export {
  $commands,
  $palette,
  closePalette,
  openPalette,
  registerCommand,
  runAction,
  runCommand,
  togglePalette,
} from "./commandRegistry.ts";
export { useCommands } from "./useCommands.ts";
