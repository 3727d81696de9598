import { defineConfig } from 'vite';

// Relative asset paths: the built page works wherever tbserve mounts it.
export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
});
