export { ShowMoreButton } from "./ShowMoreButton.tsx";
export type { ShowMore, ShowMoreOptions } from "./useShowMore.ts";
export { listPageSize, useShowMore } from "./useShowMore.ts";
