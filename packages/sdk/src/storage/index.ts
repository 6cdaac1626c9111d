export { readStoredRecords } from "./storedRecords.ts";
