import { randomUUID } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Where encoded media lives. Keys are `/`-separated relative paths such as
 * `illustrations/sedan-ffffff-0/card.webp`; the public URL is `/media/${key}` (see media.urls.ts).
 */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Deletes every key starting with `prefix` (object-store semantics); end it with `/` to delete one folder. */
  deletePrefix(prefix: string): Promise<void>
  /** Every stored file under the folder `prefix` (ending in `/`), with when it was written; for sweeps. */
  list(prefix: string): AsyncIterable<StoredFile>
  /**
   * Removes what interrupted writes left under the folder `prefix`: temp files last written before `before`, then
   * folders left empty that were not changed since `before` either. Returns what it removed (folders end in `/`).
   * Only stores whose writes are not atomic have any (an object store writes whole objects).
   */
  removeLeftovers?(prefix: string, before: Date): Promise<string[]>
}

export interface StoredFile {
  key: string
  modifiedAt: Date
}

/** A key segment: starts with a letter or digit (so no `.`, `..` or hidden temp files), then a safe charset. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const MAX_KEY_LENGTH = 512

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Invalid media key: ${JSON.stringify(key)}`)
    this.name = 'InvalidMediaKeyError'
  }
}

/** Throws unless `key` is a relative path of safe segments: no `..`, no leading `/`, no `\`, no empty segment. */
export function assertValidMediaKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes('..')) throw new InvalidMediaKeyError(key)
  if (!key.split('/').every((segment) => SEGMENT.test(segment))) throw new InvalidMediaKeyError(key)
}

/** Stores files under `rootDir`; writes go to a temp file in the target folder and are renamed into place. */
export function createLocalDiskStorage(rootDir: string): MediaStorage {
  const root = path.resolve(rootDir)

  const resolve = (key: string): string => {
    assertValidMediaKey(key)
    const file = path.resolve(root, ...key.split('/'))
    if (!file.startsWith(root + path.sep)) throw new InvalidMediaKeyError(key)
    return file
  }

  return {
    async put(key, data, contentType) {
      if (!contentType) throw new Error(`Missing content type for ${key}`)
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`)
      try {
        await writeFile(temp, data)
        await rename(temp, file)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },

    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile()
      } catch (error) {
        if (isNotFound(error)) return false
        throw error
      }
    },

    async deletePrefix(prefix) {
      // A trailing slash means "this folder"; otherwise the last segment is a name prefix within its folder.
      const folderOnly = prefix.endsWith('/')
      const trimmed = folderOnly ? prefix.slice(0, -1) : prefix
      assertValidMediaKey(trimmed)
      const slash = trimmed.lastIndexOf('/')
      const last = trimmed.slice(slash + 1)
      const dir = slash < 0 ? root : path.dirname(resolve(trimmed))
      let entries: string[]
      try {
        entries = await readdir(dir)
      } catch (error) {
        if (isNotFound(error)) return
        throw error
      }
      const doomed = entries.filter((name) => (folderOnly ? name === last : name.startsWith(last)))
      await Promise.all(doomed.map((name) => rm(path.join(dir, name), { recursive: true, force: true })))
    },

    list(prefix) {
      if (!prefix.endsWith('/')) throw new InvalidMediaKeyError(prefix)
      return walk(resolve(prefix.slice(0, -1)), prefix.slice(0, -1))
    },

    async removeLeftovers(prefix, before) {
      if (!prefix.endsWith('/')) throw new InvalidMediaKeyError(prefix)
      const removed: string[] = []
      await removeLeftoversIn(resolve(prefix.slice(0, -1)), prefix.slice(0, -1), before, removed)
      return removed
    },
  }
}

/** The name `put` gives a file while it is written: `.card.jpg.<uuid>.tmp`. */
const TEMP_FILE = /^\..+\.tmp$/

/**
 * Removes the temp files below `dir` last written before `before` (a write that crashed: one under way is
 * renamed within seconds), and the folders below it left empty. Returns whether `dir` is empty now. A folder is
 * removed only if it was not changed since `before` when this pass came to it (an upload creates its folder just
 * before writing into it), and with rmdir, which refuses a folder something was written into meanwhile.
 */
async function removeLeftoversIn(dir: string, key: string, before: Date, removed: string[]): Promise<boolean> {
  let entries: Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if (isNotFound(error)) return false
    throw error
  }
  let left = entries.length
  for (const entry of entries) {
    const file = path.join(dir, entry.name)
    const child = `${key}/${entry.name}`
    if (entry.isDirectory()) {
      const untouched = (await statOrNull(file))?.mtime ?? before
      if (!(await removeLeftoversIn(file, child, before, removed)) || untouched >= before) continue
      if (await removeEmptyFolder(file)) {
        removed.push(`${child}/`)
        left--
      }
    } else if (entry.isFile() && TEMP_FILE.test(entry.name)) {
      const written = (await statOrNull(file))?.mtime
      if (!written || written >= before) continue
      await rm(file, { force: true })
      removed.push(child)
      left--
    }
  }
  return left === 0
}

async function statOrNull(file: string) {
  try {
    return await stat(file)
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
}

/** False when the folder is gone already or is not empty (something was written into it meanwhile). */
async function removeEmptyFolder(dir: string): Promise<boolean> {
  try {
    await rmdir(dir)
    return true
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : null
    if (isNotFound(error) || code === 'ENOTEMPTY' || code === 'EEXIST') return false
    throw error
  }
}

/** Files below `dir` (whose key is `key`), depth first; temp files of writes under way are not listed. */
async function* walk(dir: string, key: string): AsyncGenerator<StoredFile> {
  let entries: Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if (isNotFound(error)) return
    throw error
  }
  for (const entry of entries) {
    const child = `${key}/${entry.name}`
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), child)
    else if (entry.isFile() && !entry.name.startsWith('.')) {
      yield { key: child, modifiedAt: (await stat(path.join(dir, entry.name))).mtime }
    }
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')
}
