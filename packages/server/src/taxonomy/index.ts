export type { Category, CategoryOrigin } from "./categories.ts";
export {
  categories,
  categoryByKey,
  findCategory,
  firstImportedCategoryId,
} from "./categories.ts";
export type { ConfidenceLevel } from "./confidenceLevels.ts";
export { confidenceLevels, confidenceScoreOf } from "./confidenceLevels.ts";
export type { Concept } from "./graphsenseConcepts.ts";
export { graphsenseConcepts } from "./graphsenseConcepts.ts";
