import { defineConfig } from 'vite';

// Relative asset paths: the built page works wherever tbserve mounts it.
// `npm run dev` serves the sources and passes /api to a running tbserve
// (RTB_SERVER, default http://127.0.0.1:9000).
export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
  server: { proxy: { '/api': process.env.RTB_SERVER ?? 'http://127.0.0.1:9000' } },
});
