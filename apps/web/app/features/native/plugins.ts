/*
 * The native plugins the app's pages use, through Capacitor's runtime: on the phone each call crosses the bridge
 * to the plugin's Java or Swift code; in tests the fake native layer answers at that same bridge (fake-native.ts).
 * Loaded only inside the app (features/native/entry.ts, auth's native sign-in, the share button).
 */

import { App } from '@capacitor/app'
import { registerPlugin, SystemBars, SystemBarsStyle } from '@capacitor/core'
import { Share } from '@capacitor/share'
import { SplashScreen } from '@capacitor/splash-screen'
import type { FirebaseMessagingPlugin } from '@capacitor-firebase/messaging'

/*
 * FCM through @capacitor-firebase/messaging: its native code gives an FCM token on Android and iOS alike (the
 * server sends through FCM only). Registered here by its name rather than imported, because the package's web
 * fallback imports the Firebase JavaScript SDK, which the site must not bundle; the types are the package's.
 */
export const FirebaseMessaging = registerPlugin<FirebaseMessagingPlugin>('FirebaseMessaging')

export { App, Share, SplashScreen, SystemBars, SystemBarsStyle }

export type NativePlugins = {
  App: typeof App
  FirebaseMessaging: FirebaseMessagingPlugin
  SplashScreen: typeof SplashScreen
  SystemBars: typeof SystemBars
}

export const plugins: NativePlugins = { App, FirebaseMessaging, SplashScreen, SystemBars }
