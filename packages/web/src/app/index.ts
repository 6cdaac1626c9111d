export { App } from "./App.tsx";
export { apiPathPrefixes, isApiPath, routes, safeNextPath, signInPath } from "./routes.ts";
