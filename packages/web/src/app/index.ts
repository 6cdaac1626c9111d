export { App } from "./App.tsx";
export { routes, safeNextPath, signInPath } from "./routes.ts";
