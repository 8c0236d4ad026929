import { isNativeApp } from '../../lib/is-native.ts'

export interface ShareData {
  url: string
  title: string
  text: string
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/**
 * Shares a link through the system share sheet: the app's native one (@capacitor/share), else the browser's
 * (Web Share, on phones), else the link is copied. Closing the sheet is not a failure.
 */
export async function shareLink(data: ShareData): Promise<ShareOutcome> {
  if (isNativeApp()) {
    const { Share } = await import('@capacitor/share')
    try {
      await Share.share({ title: data.title, text: data.text, url: data.url, dialogTitle: data.title })
      return 'shared'
    } catch {
      return 'cancelled'
    }
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data)
      return 'shared'
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // NotAllowedError and the like: copy the link instead.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}
