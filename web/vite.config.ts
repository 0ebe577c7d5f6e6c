import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreens } from './build/first-screens';
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

/** A Mantine component's class names module: `…/esm/components/Button/Button.module.mjs`. */
const MANTINE_CLASSES =
  /[\\/]@mantine[\\/](core|dates|notifications|dropzone|carousel|charts)[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;

/**
 * Mantine's CSS split with the code: in the build, each component's class names module imports that
 * component's stylesheet (core: `styles/<Component>.layer.css`; the other packages: their one sheet), so
 * a page's chunk brings the styles of exactly the components it renders, and the first screen no longer
 * waits for all 275 kB of them. The `.layer.css` files put Mantine in `@layer mantine`, so the app's own
 * CSS modules win over it whatever order the chunks arrive in. The dev server pre-bundles Mantine, so
 * there the whole sheets come with main.tsx instead.
 */
function mantineStylesWithTheCode(): Plugin {
  let serving = false;
  return {
    name: 'linksmate:mantine-styles-with-the-code',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving) {
        if (!/[\\/]src[\\/]main\.tsx$/.test(id)) return null;
        const sheets = ['core', 'notifications', 'dates', 'dropzone', 'carousel', 'charts'];
        return `${sheets.map((p) => `import '@mantine/${p}/styles.layer.css';`).join('\n')}\n${code}`;
      }
      const match = MANTINE_CLASSES.exec(id);
      if (!match) return null;
      const [, pkg, component] = match;
      const sheet =
        pkg === 'core' ? `@mantine/core/styles/${component}.layer.css` : `@mantine/${pkg}/styles.layer.css`;
      return { code: `import '${sheet}';\n${code}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [mantineStylesWithTheCode(), react(), firstScreens(), precompress()],
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
    // Off for the production image (WEB_SOURCEMAP=off): browsers are not served the sources.
    sourcemap: process.env.WEB_SOURCEMAP !== 'off',
    // What the page needs first is listed here; the bundle budget test (e2e) reads it.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
