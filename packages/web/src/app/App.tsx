import { BaseStyles, ThemeProvider } from "@primer/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../session/sessionStore.ts";
import { ConsoleRoutes } from "./ConsoleRoutes.tsx";

export function App() {
  return (
    <ThemeProvider colorMode="auto">
      <BaseStyles>
        <QueryClientProvider client={queryClient}>
          <ConsoleRoutes />
        </QueryClientProvider>
      </BaseStyles>
    </ThemeProvider>
  );
}
