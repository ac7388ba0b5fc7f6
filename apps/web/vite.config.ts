import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the product supports (Chromium, Firefox 115+, Safari 17+) preloads modules itself:
    // the polyfill was half a kilobyte of the landing's 150 KB for none of them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React changes less often than the app and every page needs it: its own chunk stays cached
        // across releases. Other libraries are not grouped: a group is loaded whole by the first page
        // that needs any of it, so Mantine's charts or dates would reach the landing (ADR 015).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
