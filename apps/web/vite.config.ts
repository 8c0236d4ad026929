import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * Vite wraps every dynamic import in a preload helper that loads the imported chunk's dependencies and CSS first
 * (2 KB, about 0.6 KB gzip, in the shell every page loads). With `modulePreload: false` and no CSS imported by any
 * module (pages link theirs: `?url` imports in `links`), every call passes an empty list and the helper only calls
 * the import, but Vite keeps it (vitejs/vite#13952, #18551): this plugin makes it that call. A chunk that imports
 * CSS would need the helper to load it, so the build stops on one rather than ship a lazy part without its styles.
 */
function importWithoutPreload(): Plugin {
  const helper = '\0vite/preload-helper.js'
  return {
    name: 'tulpar:import-without-preload',
    enforce: 'pre',
    apply: 'build',
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load()' : null),
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && (file.viteMetadata?.importedCss.size ?? 0) > 0)
          this.error(
            `${file.fileName} imports CSS: link it from its route (a ?url import) or drop importWithoutPreload`,
          )
      }
    },
  }
}

export default defineConfig({
  plugins: [
    importWithoutPreload(),
    reactRouter(),
    // In dev, `react-router dev` runs our Fastify server (API + SSR) through this plugin.
    fastifyReactRouterDev({ entry: './server.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  server: { watch: { ignored: ['**/data/**'] } },
  build: {
    target: 'es2022',
    // No list of each dynamic import's files in every chunk, nor Vite's preload helper around each import():
    // React Router preloads route modules from its manifest, and islands need only files every page has
    // already loaded. 400 bytes gzip off the car page's first load, which was over 120 KB (docs/performance.md).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router, which every page loads, in one file that changes only when they do.
            { name: 'framework', test: /node_modules\/(react|react-dom|react-router|scheduler)\//, priority: 2 },
            {
              // What every page's shell uses (messages, layout, toasts, icons, photos, cards and their hearts,
              // the not-found block, Vite's dynamic-import helper) in one file rather than a dozen of under
              // 1 KB each: fewer requests, and gzip sees them together (docs/performance.md). Not the API
              // client: a group takes its modules even when only loaded on demand, and pages without a form
              // that calls the API (the catalogue, the car page) load it only when needed.
              name: 'shell',
              priority: 1,
              test: /apps\/web\/app\/(i18n\/|ui\/(toast|icon|picture|use-hydrated)|features\/layout\/|lib\/layout-data|features\/favourites\/(favourite-button|guest-favourites|use-favourites)|features\/catalogue\/(href|listing-card)|routes\/(layout|redirect|not-found))|preload-helper|packages\/contracts\/src\/constants/,
            },
          ],
        },
      },
    },
  },
})
