import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the service itself under /console (src/console), from dist/console next to the compiled server.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // The service's Content-Security-Policy allows scripts from itself only: no inlined module preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1000,
  },
});
