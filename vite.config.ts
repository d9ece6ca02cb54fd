import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  root: "web",
  plugins: [
    react(),
    tailwindcss(),
    // The installable app: its manifest, and a service worker (Workbox) that keeps the app's own files for offline
    // use and never an API response (docs/decisions/0021-installable-app.md).
    VitePWA({
      // Registered by web/public/register-sw.js once the page has painted and settled.
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Directors",
        short_name: "Directors",
        description:
          "AI directors for your business: marketing, finance, operations and HR advice grounded in your own numbers.",
        start_url: "/chat",
        scope: "/",
        display: "standalone",
        lang: "en",
        dir: "ltr",
        background_color: "#f8fafc",
        theme_color: "#ffffff",
        categories: ["business", "productivity"],
        // Made from web/public/favicon.svg by `npm run icons`.
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The app's shell and static files; the demo video and its poster are fetched when played, never kept.
        globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
        // Every page is the same shell: from the cache at once, and offline too. /api is never answered from here.
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//],
        // A new version takes over as soon as it is installed, so the next visit shows it without the owner closing
        // every tab or clearing anything; the worker also serves the page that registered it, so offline works at once.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    // The AI SDK's one import from zod 3 in the browser, an enum, without zod 3 itself (web/src/lib/zod-v3-type-kinds.ts).
    alias: { "zod/v3": fileURLToPath(new URL("./web/src/lib/zod-v3-type-kinds.ts", import.meta.url)) },
  },
  build: { outDir: "../dist/web", emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": "http://localhost:3001" } },
});
