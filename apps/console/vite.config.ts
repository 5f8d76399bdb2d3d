import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// In development the BFF runs separately on 8080; in production it serves dist/ itself (same origin).
const backend = "http://127.0.0.1:8080";

/**
 * React changes less often than the app: its own chunk stays cached across releases. Every other
 * library goes where rollup puts it, next to the screens that use it, so that the first screen
 * loads only what it needs (the graph, charts, editor and diff view come with their screens).
 */
function vendorChunk(id: string): string | undefined {
  if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return "react";
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": { target: backend },
      "/bff": { target: backend },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // zod ships comments rollup cannot place; harmless, and noisy on every build.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("zod")) return;
        warn(warning);
      },
    },
  },
});
