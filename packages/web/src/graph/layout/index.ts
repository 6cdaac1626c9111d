export { layoutInWorker } from "./layoutClient.ts";
export type { LayoutAnswer, LayoutRequest } from "./layoutRequest.ts";
