import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// In development the BFF runs separately on 8080; in production it serves dist/ itself (same origin).
const backend = "http://127.0.0.1:8080";

/** Libraries change less often than the app: separate chunks stay cached across releases. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes("node_modules")) return undefined;
  if (/[\\/]node_modules[\\/](@mui|@emotion)[\\/]/.test(id)) return "mui";
  if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return "react";
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return "zod";
  // The editor is only needed on the Scripts screen, which loads it on demand.
  if (/[\\/]node_modules[\\/](@codemirror|@lezer|crelt|style-mod|w3c-keyname)[\\/]/.test(id)) return "codemirror";
  return "vendor";
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
