declare global {
  interface Window {
    /** Injected by the app's native layer before the page's scripts (and by its test fake); absent on the web. */
    Capacitor?: { isNativePlatform?: () => boolean }
  }
}

/**
 * Inside the Tulpar Auto app: Capacitor's bridge is there. Its runtime (@capacitor/core) sets
 * `isNativePlatform` when loaded; before that the bridge itself is the sign (`androidBridge`, or iOS's message
 * handler).
 */
export function isNativeApp(): boolean {
  if (typeof window === 'undefined') return false
  const w = window as Window & { androidBridge?: unknown; webkit?: { messageHandlers?: { bridge?: unknown } } }
  return Boolean(
    w.Capacitor?.isNativePlatform?.() || (w.Capacitor && (w.androidBridge || w.webkit?.messageHandlers?.bridge)),
  )
}
