import type { CapacitorConfig } from '@capacitor/cli'

/*
 * The Tulpar Auto app for Android and iOS (decision 018): the web view shows the live site at SERVER_URL, whose
 * pages load their native part (push, deep links, native sign-in, back button, system bars, share sheet) only
 * when Capacitor's bridge is there. The bundled `www/` holds just the offline page shown when the site cannot be
 * reached at launch (`server.errorPath`).
 *
 * TULPAR_APP_URL changes the site for a development build (e.g. a phone on the same network as a dev server);
 * the committed native projects are synced with the production address.
 */
export const SERVER_URL = process.env.TULPAR_APP_URL ?? 'https://tulpar.kz'

/** The brand blue of the site's theme colour, the icons and the splash. */
export const BRAND_BLUE = '#0f4c81'

const config: CapacitorConfig = {
  appId: 'kz.tulpar.auto',
  appName: 'Tulpar Auto',
  webDir: 'www',
  server: {
    url: SERVER_URL,
    errorPath: 'offline.html',
    // Only a development build points at a plain-http dev server.
    cleartext: SERVER_URL.startsWith('http://'),
  },
  android: {
    // A release build does not let a desktop Chrome inspect the web view.
    webContentsDebuggingEnabled: false,
  },
  ios: {
    contentInset: 'never',
    // Service workers (the site's offline cars) need the site among the app-bound domains (Info.plist).
    limitsNavigationsToAppBoundDomains: true,
  },
  experimental: {
    ios: {
      spm: {
        // The plugin's own advice: its Swift package and Firebase's share a name without this.
        packageOptions: { '@capacitor-firebase/messaging': { symlink: true } },
      },
    },
  },
  plugins: {
    SplashScreen: {
      launchShowDuration: 0,
      launchAutoHide: false,
      backgroundColor: BRAND_BLUE,
      showSpinner: false,
      androidScaleType: 'CENTER_INSIDE',
    },
    SystemBars: {
      insetsHandling: 'css',
      style: 'DARK',
    },
    FirebaseMessaging: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
}

export default config
