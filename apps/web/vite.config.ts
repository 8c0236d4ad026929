import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    reactRouter(),
    // In dev, `react-router dev` runs our Fastify server (API + SSR) through this plugin.
    fastifyReactRouterDev({ entry: './server.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  server: { watch: { ignored: ['**/data/**'] } },
  build: { target: 'es2022' },
})
