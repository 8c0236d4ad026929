import { useEffect, useState } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'

type State = 'checking' | 'unsupported' | 'off' | 'on' | 'denied' | 'busy'

const SW_URL = '/sw.js'

function supported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  )
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replaceAll('-', '+').replaceAll('_', '/')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SW_URL)
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * "Browser notifications" on the account page: registers the service worker and subscribes this browser to
 * Web Push only when the visitor asks (never on first load), and unsubscribes it again. Without JavaScript or
 * push support it says so; the email alerts work either way.
 */
export function PushToggle() {
  const { t } = useI18n()
  const [state, setState] = useState<State>('checking')
  const [error, setError] = useState<MessageKey | null>(null)

  useEffect(() => {
    if (!supported()) {
      setState('unsupported')
      return
    }
    if (Notification.permission === 'denied') {
      setState('denied')
      return
    }
    currentSubscription()
      .then((s) => setState(s ? 'on' : 'off'))
      .catch(() => setState('off'))
  }, [])

  async function enable() {
    setError(null)
    setState('busy')
    try {
      const key = await api.request('/api/push/vapid-key/')
      const publicKey = (key.data as { publicKey?: string | null } | null)?.publicKey
      if (!key.ok || !publicKey) {
        setState('unsupported')
        return
      }
      if ((await Notification.requestPermission()) !== 'granted') {
        setState('denied')
        return
      }
      const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' })
      await navigator.serviceWorker.ready
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      })
      const saved = await api.request('/api/push-subscriptions/', { method: 'PUT', body: subscription.toJSON() })
      if (saved.code === 'push.endpoint_not_allowed') {
        // This browser's push service is not one the server sends through: trying again will not help.
        await subscription.unsubscribe()
        setState('unsupported')
        return
      }
      if (!saved.ok) throw new Error(saved.code ?? 'not saved')
      setState('on')
    } catch {
      setError('push.failed')
      setState('off')
    }
  }

  async function disable() {
    setError(null)
    setState('busy')
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        await api.request('/api/push-subscriptions/', { method: 'DELETE', body: { endpoint: subscription.endpoint } })
        await subscription.unsubscribe()
      }
    } finally {
      setState('off')
    }
  }

  return (
    <section className="panel push-toggle" aria-labelledby="push-title">
      <h2 id="push-title">{t('push.title')}</h2>
      <p className="muted">{t('push.hint')}</p>
      {state === 'unsupported' ? <p>{t('push.unsupported')}</p> : null}
      {state === 'denied' ? <p role="alert">{t('push.denied')}</p> : null}
      {state === 'on' ? <p role="status">{t('push.on')}</p> : null}
      {error ? <p role="alert">{t(error)}</p> : null}
      {state === 'off' || state === 'busy' ? (
        <button type="button" className="button ghost" onClick={enable} disabled={state === 'busy'}>
          {t('push.enable')}
        </button>
      ) : null}
      {state === 'on' ? (
        <button type="button" className="button ghost" onClick={disable}>
          {t('push.disable')}
        </button>
      ) : null}
      <noscript>
        <p>{t('push.unsupported')}</p>
      </noscript>
    </section>
  )
}
