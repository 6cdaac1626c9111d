export { CommandPalette } from "./CommandPalette.tsx";
