/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

/**
 * Lets the browser fetch what the app's first frame needs while it reads the
 * page: the app's code (loaded by the small boot module), the core's
 * WebAssembly and its glue. Without these hints each waits for the script
 * before it to run. They sit between two marks, which the server leaves out
 * of Home's page when it writes the day into it (server/src/first_screen.rs):
 * there the verse is painted first and the app's code fetched after.
 */
function preloadCriticalPath(): Plugin {
  return {
    name: 'manna-preload-critical-path',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
        };
        for (const chunk of chunks) {
          if (chunk.moduleIds.some((id) => /src\/main\.tsx$/.test(id)) || /wasm\/pkg\/manna_core\.js$/.test(chunk.facadeModuleId ?? '')) {
            visit(chunk.fileName);
          }
        }
        // Those the page loads anyway (the boot module's own imports) are left out.
        const links = [...files]
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        for (const item of Object.values(ctx.bundle ?? {})) {
          if (item.type === 'asset' && /manna_core_bg[^/]*\.wasm$/.test(item.fileName)) {
            links.push(`<link rel="preload" href="/${item.fileName}" as="fetch" type="application/wasm" crossorigin>`);
          }
        }
        const block = `<!--app-preload-->\n    ${links.join('\n    ')}\n    <!--/app-preload-->\n  `;
        return html.replace('</head>', `${block}</head>`);
      },
    },
  };
}

/**
 * Puts every module the app's first render needs (all that `main.tsx` imports,
 * directly or not) into one chunk, less what the boot module needs itself: a
 * few larger files compress better than the many small ones the modules
 * shared with lazy pages would otherwise be split into.
 */
function firstRenderChunk() {
  const imports = new Map<string, readonly string[]>();
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  let members: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'manna-first-render-chunk',
    apply: 'build',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  const test = (id: string): boolean => {
    if (!members) {
      const ids = [...imports.keys()];
      const main = ids.find((m) => /[\\/]src[\\/]main\.tsx$/.test(m));
      const boot = ids.find((m) => /[\\/]src[\\/]boot\.ts$/.test(m));
      const bootNeeds = boot ? reach(boot) : new Set<string>();
      members = new Set(main ? [...reach(main)].filter((m) => !bootNeeds.has(m)) : []);
    }
    return members.has(id);
  };
  return { plugin, test };
}

const firstRender = firstRenderChunk();

/** The app's tests, and those that run in time zones far from UTC. */
const TESTS = ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.js'];
const ZONES = 'src/features/plans/personalPlanDay.test.ts';

export default defineConfig({
  plugins: [
    react(),
    preloadCriticalPath(),
    firstRender.plugin,
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
    // modules are preloaded from the page (see preloadCriticalPath). A lazy page's imports are not listed
    // in the first screen's code (that list grew with every page); they load
    // when the page's code asks for them, from the service worker's copy once
    // it is installed.
    // The app's code, which the boot module loads, comes with its imports.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' || /(^|\/)main-[\w-]+\.js$/.test(file) ? deps : []),
    },
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The helper that preloads a dynamic import's files, which the boot
            // module needs too, stays a file of its own.
            { name: 'preload', test: /preload-helper/, priority: 2 },
            { name: 'main', test: firstRender.test, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // A busy machine runs the files side by side: tests wait for what they
    // assert (waitFor, findBy), and these bounds only stop one that hangs.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Both cores (Vitest keeps one free by default, which on a machine of
    // two leaves the files to run one at a time).
    maxWorkers: 2,
    // Worker threads cost less than a process per file; the tests of time
    // zones set the process's TZ, which only a process of their own reads.
    projects: [
      { extends: true, test: { name: 'app', pool: 'threads', include: TESTS, exclude: [ZONES] } },
      { extends: true, test: { name: 'time zones', pool: 'forks', include: [ZONES] } },
    ],
  },
});
