export { GraphPage } from "./GraphPage.tsx";
