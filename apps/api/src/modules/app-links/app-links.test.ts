import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import mobileConfig, { SERVER_URL } from '../../../../mobile/capacitor.config.ts'
import { APP_ID, APP_LINK_PATHS, appleAppSiteAssociation, assetLinks } from './app-links.ts'

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':')
const mobileFile = (path: string) => readFileSync(new URL(`../../../../mobile/${path}`, import.meta.url), 'utf8')

describe('the app links documents', () => {
  test('assetlinks.json lets the app with these certificates handle all the links it asks for', () => {
    expect(assetLinks([FINGERPRINT])).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'kz.tulpar.auto', sha256_cert_fingerprints: [FINGERPRINT] },
      },
    ])
  })

  test('apple-app-site-association names TEAMID.appid and the paths, in the current and the older form', () => {
    const doc = appleAppSiteAssociation('ABCDE12345')
    expect(doc.applinks.apps).toEqual([])
    const [detail] = doc.applinks.details
    expect(detail?.appID).toBe('ABCDE12345.kz.tulpar.auto')
    expect(detail?.appIDs).toEqual(['ABCDE12345.kz.tulpar.auto'])
    expect(detail?.paths).toEqual(['/cars/*', '/check/shared/*', '/auto', '/auto/*'])
    expect(detail?.components).toEqual([
      { '/': '/cars/*' },
      { '/': '/check/shared/*' },
      { '/': '/auto' },
      { '/': '/auto/*' },
    ])
  })
})

describe('the app agrees with the site', () => {
  const host = new URL(SERVER_URL).host

  test("the app id is the mobile app's (capacitor.config.ts)", () => {
    expect(APP_ID).toBe(mobileConfig.appId)
  })

  test("Android verifies the same paths on the app's host (AndroidManifest.xml, autoVerify)", () => {
    const manifest = mobileFile('android/app/src/main/AndroidManifest.xml')
    const verified = [...manifest.matchAll(/<intent-filter android:autoVerify="true">([\s\S]*?)<\/intent-filter>/g)]
    expect(verified).toHaveLength(1)
    const filter = verified[0]?.[1] ?? ''
    const attr = (name: string) => [...filter.matchAll(new RegExp(`android:${name}="([^"]*)"`, 'g'))].map((m) => m[1])
    expect(attr('scheme')).toEqual(['https'])
    expect(attr('host')).toEqual([host])
    // Apple's `/x/*` is Android's pathPrefix `/x/`; a path without `*` is an exact `path`.
    const android = [...attr('pathPrefix').map((p) => `${p}*`), ...attr('path')].sort()
    expect(android).toEqual([...APP_LINK_PATHS].sort())
  })

  test("iOS claims the app's host for universal links (App.entitlements)", () => {
    const entitlements = mobileFile('ios/App/App/App.entitlements')
    expect(entitlements).toContain('<key>com.apple.developer.associated-domains</key>')
    expect(entitlements).toContain(`<string>applinks:${host}</string>`)
  })
})
