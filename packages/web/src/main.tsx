import "@primer/primitives/dist/css/primitives.css";
import "@primer/primitives/dist/css/functional/themes/light.css";
import "@primer/primitives/dist/css/functional/themes/dark.css";
import "./app/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installFocusTracker } from "./keyboard/focusReturn.ts";
import { installHotkeyListener } from "./keyboard/hotkeyRegistry.ts";
import { startSession } from "./session/sessionStore.ts";

installHotkeyListener();
installFocusTracker();
startSession();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
