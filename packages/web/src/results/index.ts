export { SearchResultsPage } from "./SearchResultsPage.tsx";
