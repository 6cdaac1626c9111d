import { apiPathPrefixes } from "@sleuth/sdk";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server (`pnpm start`) listens here; in development Vite serves the console and forwards
// every API path to it, so the browser sees one origin, as in production.
const apiTarget = process.env.SLEUTH_API_URL ?? "http://127.0.0.1:7777";

export default defineConfig({
  plugins: [react()],
  server: {
    host: "127.0.0.1",
    proxy: Object.fromEntries(apiPathPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Primer alone is ~570 kB (120 kB gzipped); it sits in its own long-cached chunk.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: "primer", test: /node_modules[\\/]@primer[\\/]/ },
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
