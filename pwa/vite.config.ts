/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

/**
 * Lets the browser fetch what every first screen needs while it reads the
 * page: the core's WebAssembly and its glue, and Home's code. Without these
 * hints each waits for the script before it to run.
 */
function preloadCriticalPath(): Plugin {
  return {
    name: 'manna-preload-critical-path',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const tags: { tag: string; attrs: Record<string, string | boolean>; injectTo: 'head' }[] = [];
        for (const item of Object.values(ctx.bundle ?? {})) {
          if (item.type === 'chunk' && /wasm\/pkg\/manna_core\.js$/.test(item.facadeModuleId ?? '')) {
            tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${item.fileName}` }, injectTo: 'head' });
          }
          if (item.type === 'asset' && /manna_core_bg[^/]*\.wasm$/.test(item.fileName)) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'preload', href: `/${item.fileName}`, as: 'fetch', type: 'application/wasm', crossorigin: true },
              injectTo: 'head',
            });
          }
        }
        return tags;
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadCriticalPath(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // An update waits for the user: it must never reload during a prayer timer.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2,wasm}'],
      },
      manifest: {
        name: 'Manna: Inspiration for Body and Soul',
        short_name: 'Manna',
        description: 'Daily Bible reading, prayer and practical wellness: food, movement and rest.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#2f6b4f',
        background_color: '#fbf8f1',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    // Every browser Manna supports preloads modules itself. The first screen's
    // modules are preloaded from the page. A lazy page's imports are not listed
    // in the first screen's code (that list grew with every page); they load
    // when the page's code asks for them, from the service worker's copy once
    // it is installed.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    sourcemap: false,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.js'],
  },
});
