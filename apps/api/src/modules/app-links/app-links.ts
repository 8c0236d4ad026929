/*
 * The documents that let the app open links to the site (issue 14): Android's Digital Asset Links
 * (/.well-known/assetlinks.json) and Apple's apple-app-site-association. Each names the app and the site paths it
 * opens; the app's side names the host (apps/mobile: AndroidManifest.xml's intent-filter with autoVerify, and
 * App.entitlements' applinks:), which must be PUBLIC_URL's host.
 */

/** The app's id on both stores: `appId` in apps/mobile/capacitor.config.ts (a test keeps them equal). */
export const APP_ID = 'kz.tulpar.auto'

/**
 * The site's paths the app opens, as Apple writes them: a car, a shared TulparAutoCheck report, and the catalogue's
 * readable URLs (how a saved search is shared). The Android intent-filter lists the same (a test compares them).
 */
export const APP_LINK_PATHS = ['/cars/*', '/check/shared/*', '/auto', '/auto/*'] as const

export interface AssetLinkStatement {
  relation: string[]
  target: { namespace: 'android_app'; package_name: string; sha256_cert_fingerprints: string[] }
}

/** Android: the app signed with any of these certificates may handle all of the site's links it asks for. */
export function assetLinks(fingerprints: readonly string[], appId: string = APP_ID): AssetLinkStatement[] {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: appId, sha256_cert_fingerprints: [...fingerprints] },
    },
  ]
}

/**
 * Apple: universal links for `{teamId}.{appId}`, in both forms iOS reads: `appIDs` with `components` (iOS 13 and
 * later) and `appID` with `paths` (earlier versions ignore the newer keys).
 */
export function appleAppSiteAssociation(teamId: string, appId: string = APP_ID) {
  const appID = `${teamId}.${appId}`
  return {
    applinks: {
      apps: [] as string[],
      details: [
        {
          appID,
          appIDs: [appID],
          paths: [...APP_LINK_PATHS],
          components: APP_LINK_PATHS.map((path) => ({ '/': path })),
        },
      ],
    },
  }
}
