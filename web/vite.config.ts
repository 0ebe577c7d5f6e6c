import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// In development Vite serves the app and hands API and socket traffic to the gateway.
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/** Mantine and the libraries it builds on. */
const MANTINE =
  /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|react-transition-group|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es|dayjs|embla-carousel[^\\/]*)[\\/]/;

/**
 * The libraries, in chunks of their own: they change far less often than the app, so a release of
 * the app leaves them cached. Of Mantine and the icons, only what the first page needs (layout, home)
 * makes the vendor chunk; the parts other screens use (Modal, Input, Menu…) are split by the screens
 * that import them and fetched with the first of those.
 */
const vendorChunks = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/,
  },
  { name: 'mantine', test: MANTINE, tags: ['$initial' as const] },
  { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'socket-io',
    test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
  },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, tags: ['$initial' as const] },
  { name: 'stripe', test: /node_modules[\\/](@stripe|prop-types|react-is|object-assign)[\\/]/ },
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': gateway,
      '/v1': gateway,
      '/uploads': gateway,
      '/socket.io': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // What the page needs first is listed here; the bundle budget test (e2e) reads it.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
