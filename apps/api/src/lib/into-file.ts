import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'

/**
 * Runs `write` with a new file at `path` as its sink. The file is open before `write` starts and closed when this
 * returns or throws, whatever `write` did with it: a sink still opening when its writer failed early (a refused
 * address, an upload's first chunk over the limit) kept its descriptor for ever, and its `open` failed with ENOENT,
 * an uncaught error, once the caller had removed the folder.
 */
export async function intoFile<T>(path: string, write: (file: WriteStream) => Promise<T>): Promise<T> {
  const file = createWriteStream(path)
  await once(file, 'open')
  try {
    return await write(file)
  } finally {
    if (!file.closed) {
      const closed = once(file, 'close')
      file.destroy()
      await closed
    }
  }
}
