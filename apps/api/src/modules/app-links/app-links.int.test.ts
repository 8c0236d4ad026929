import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'

/*
 * The documents as the server answers them: from the settings when set, 404 when not. The e2e journey
 * (security.spec.ts) reads them from the production server, where the web app's catch-all sits beside them.
 */
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':')
const OTHER = Array.from({ length: 32 }, () => 'AB').join(':')

let configured: Awaited<ReturnType<typeof createTestApp>>
let unset: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  configured = await createTestApp({ appLinks: { androidCertSha256: [FINGERPRINT, OTHER], appleTeamId: 'ABCDE12345' } })
  // A second process on the same database, with nothing set.
  unset = await createTestApp({ database: configured.database })
})
afterAll(async () => {
  await unset.close()
  await configured.close()
})

describe('/.well-known for app links', () => {
  test('assetlinks.json names the app and the certificates of ANDROID_CERT_SHA256', async () => {
    const res = await configured.app.inject({ url: '/.well-known/assetlinks.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json(;|$)/)
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'kz.tulpar.auto',
          sha256_cert_fingerprints: [FINGERPRINT, OTHER],
        },
      },
    ])
  })

  test('apple-app-site-association, without an extension, is JSON for TEAMID.appid with the shared paths', async () => {
    const res = await configured.app.inject({ url: '/.well-known/apple-app-site-association' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json(;|$)/)
    const detail = res.json().applinks.details[0]
    expect(detail.appIDs).toEqual(['ABCDE12345.kz.tulpar.auto'])
    expect(detail.components.map((c: Record<string, string>) => c['/'])).toEqual([
      '/cars/*',
      '/check/shared/*',
      '/auto',
      '/auto/*',
    ])
    // HEAD answers too (Fastify's own), and the document is not behind a redirect.
    expect(
      (await configured.app.inject({ method: 'HEAD', url: '/.well-known/apple-app-site-association' })).statusCode,
    ).toBe(200)
  })

  test('without their settings both are 404', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const res = await unset.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().code).toBe('app_links.not_configured')
    }
  })
})
