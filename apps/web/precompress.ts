import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { compress } from './app/lib/compression/compression.server.ts'

/*
 * The client build's text files compressed once, at build time, at the strongest settings: brotli quality 11
 * beside each as `.br`, gzip level 9 as `.gz`. The server sends them as they are (@fastify/static's
 * `preCompressed`, react-router-plugin.ts) instead of compressing each file again for every new visitor at the
 * quality a page can afford (brotli 4 then, 3 now): the shared framework chunk cost 17 ms of CPU per request that
 * way, more than rendering a car page, and its brotli 4 is 16% larger than its brotli 11 (docs/performance.md).
 *
 * Run by `npm run build` after React Router's build: `node apps/web/precompress.ts [folder]`.
 */

/** Files worth compressing: text. Images and fonts here are compressed formats already. */
export const TEXT_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|ico|map)$/
/** Below this a file fits in a packet or two; compressing it saves little, and @fastify/compress skips it too. */
export const MIN_BYTES = 1024

export interface PrecompressResult {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

async function textFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Writes `.br` and `.gz` beside every text file of `folder` of at least MIN_BYTES whose compressed form is smaller.
 * A variant that would not be smaller is not written: the server then sends the file itself.
 */
export async function precompressFolder(folder: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  const files = await textFiles(folder)
  const compressOne = async (file: string) => {
    if ((await stat(file)).size < MIN_BYTES) return
    const body = await readFile(file)
    const [br, gz] = await Promise.all([compress(body, 'br', 'strongest'), compress(body, 'gzip', 'strongest')])
    result.files += 1
    result.bytes += body.length
    if (br.length < body.length) {
      await writeFile(`${file}.br`, br)
      result.brotliBytes += br.length
    }
    if (gz.length < body.length) {
      await writeFile(`${file}.gz`, gz)
      result.gzipBytes += gz.length
    }
  }
  // Two at a time: each call is one core's work on zlib's thread pool.
  const queue = [...files]
  await Promise.all(
    [0, 1].map(async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compressOne(file)
    }),
  )
  return result
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isMain) {
  const folder = process.argv[2] ?? new URL('./build/client', import.meta.url).pathname
  const started = performance.now()
  const r = await precompressFolder(folder)
  const kb = (n: number) => `${Math.round(n / 1024)} KB`
  process.stdout.write(
    `precompressed ${r.files} files of ${folder}: ${kb(r.bytes)} -> brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)} ` +
      `(${Math.round(performance.now() - started)} ms)\n`,
  )
}
