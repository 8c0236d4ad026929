import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createS3Storage, type S3Settings } from './media.s3.ts'
import type { MediaStorage } from './media.storage.ts'

/* A local implementation of the S3 API (s3rver) stands in for the object store: real HTTP, real signatures. */
const directory = mkdtempSync(join(tmpdir(), 'tulpar-s3rver-'))
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: 'media', configs: [] }],
})
let settings: S3Settings
let storage: MediaStorage

beforeAll(async () => {
  const address = (await server.run()) as AddressInfo
  settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket: 'media',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    pathStyle: true,
  }
  storage = createS3Storage(settings)
})
afterAll(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})

const keysUnder = async (s: MediaStorage, prefix: string) => {
  const keys: string[] = []
  for await (const file of s.list(prefix)) keys.push(file.key)
  return keys.sort()
}

describe('S3 storage through the AWS SDK, against a local S3 server', () => {
  test('puts, finds, lists and deletes one listing folder, leaving the others alone', async () => {
    for (const name of ['card.jpg', 'card.webp', 'full.jpg']) {
      await storage.put(`listings/7/abc/${name}`, Buffer.from(name), 'image/jpeg')
    }
    await storage.put('listings/7/abd/card.jpg', Buffer.from('other'), 'image/jpeg')
    await storage.put('listings/70/abc/card.jpg', Buffer.from('other listing'), 'image/jpeg')
    expect(await storage.exists('listings/7/abc/card.webp')).toBe(true)
    expect(await storage.exists('listings/7/abc/gallery.webp')).toBe(false)

    const listed: { key: string; modifiedAt: Date }[] = []
    for await (const file of storage.list('listings/7/')) listed.push(file)
    expect(listed.map((f) => f.key).sort()).toEqual([
      'listings/7/abc/card.jpg',
      'listings/7/abc/card.webp',
      'listings/7/abc/full.jpg',
      'listings/7/abd/card.jpg',
    ])
    expect(Math.abs(Date.now() - (listed[0]?.modifiedAt.getTime() ?? 0))).toBeLessThan(60_000)

    await storage.deletePrefix('listings/7/abc/')
    expect(await keysUnder(storage, 'listings/')).toEqual(['listings/7/abd/card.jpg', 'listings/70/abc/card.jpg'])
  })

  test('credentials the store does not know are refused and surface as an error', async () => {
    const wrong = createS3Storage({ ...settings, accessKeyId: 'NOT-A-KEY' })
    await expect(wrong.put('listings/1/x/card.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow()
  })

  test('a store that does not answer fails within the call timeout instead of hanging', async () => {
    const dead = createS3Storage({ ...settings, endpoint: 'http://127.0.0.1:9' })
    const started = Date.now()
    await expect(dead.exists('listings/1/x/card.jpg')).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(20_000)
  })

  test('unsafe keys never reach the network', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid media key/)
    await expect(storage.deletePrefix('/')).rejects.toThrow(/Invalid media key/)
  })
})
