import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createLocalDiskStorage, InvalidMediaKeyError, type MediaStorage } from './media.storage.ts'

let root: string
let storage: MediaStorage

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tulpar-media-'))
  storage = createLocalDiskStorage(root)
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const data = Buffer.from('not really a webp')

describe('local disk media storage', () => {
  test('put creates folders and the file, exists sees it', async () => {
    await storage.put('illustrations/sedan-ffffff-0/card.webp', data, 'image/webp')
    expect(await storage.exists('illustrations/sedan-ffffff-0/card.webp')).toBe(true)
    expect(await readFile(path.join(root, 'illustrations/sedan-ffffff-0/card.webp'))).toEqual(data)
  })

  test('exists is false for missing keys and for folders', async () => {
    await storage.put('a/b/c.jpg', data, 'image/jpeg')
    expect(await storage.exists('a/b/missing.jpg')).toBe(false)
    expect(await storage.exists('a/b')).toBe(false)
    expect(await storage.exists('nothing/here.jpg')).toBe(false)
  })

  test('put replaces a file and leaves no temp files behind', async () => {
    await storage.put('x/full.jpg', data, 'image/jpeg')
    await storage.put('x/full.jpg', Buffer.from('second'), 'image/jpeg')
    expect(await readFile(path.join(root, 'x/full.jpg'), 'utf8')).toBe('second')
    expect(await readdir(path.join(root, 'x'))).toEqual(['full.jpg'])
  })

  test.each([
    {
      name: 'with a trailing slash removes exactly that folder',
      prefix: 'illustrations/sedan-ffffff-0/',
      gone: ['illustrations/sedan-ffffff-0/card.webp', 'illustrations/sedan-ffffff-0/full.jpg'],
      kept: 'illustrations/sedan-ffffff-1/card.webp',
    },
    {
      name: 'without a slash removes every key that starts with it, like an object store',
      prefix: 'illustrations/sedan-',
      gone: ['illustrations/sedan-ffffff-0/card.webp', 'illustrations/sedan-000000-2/card.webp'],
      kept: 'illustrations/suv-ffffff-0/card.webp',
    },
  ])('deletePrefix $name', async ({ prefix, gone, kept }) => {
    for (const key of [...gone, kept]) await storage.put(key, data, key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
    await storage.deletePrefix(prefix)
    for (const key of gone) expect(await storage.exists(key), key).toBe(false)
    expect(await storage.exists(kept)).toBe(true)
  })

  test('deletePrefix of something that does not exist is a no-op', async () => {
    await expect(storage.deletePrefix('nowhere/at/all/')).resolves.toBeUndefined()
  })

  test.each([
    '../escape.jpg',
    'a/../../escape.jpg',
    'a/..',
    '..',
    '/etc/passwd',
    'a//b.jpg',
    'a\\b.jpg',
    '.hidden/x.jpg',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, data, 'image/jpeg')).rejects.toBeInstanceOf(InvalidMediaKeyError)
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidMediaKeyError)
    await expect(storage.deletePrefix(key)).rejects.toBeInstanceOf(InvalidMediaKeyError)
  })

  test('refuses to delete everything with an empty or root prefix', async () => {
    await storage.put('keep/me.jpg', data, 'image/jpeg')
    await expect(storage.deletePrefix('/')).rejects.toBeInstanceOf(InvalidMediaKeyError)
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidMediaKeyError)
    expect(await storage.exists('keep/me.jpg')).toBe(true)
  })
})
