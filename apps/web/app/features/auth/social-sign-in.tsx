import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { isNativeApp } from '../../lib/is-native.ts'
import { useToast } from '../../ui/toast.tsx'
import { authErrorKey, popupErrorCode } from './errors.ts'
import { prepareApple, renderGoogleButton, signInWithApple } from './identity-popups.ts'
import { type LocalProviderName, localProviderUrl, takeLocalIdToken } from './local-provider.ts'
import { useFinishSignIn } from './use-finish-sign-in.ts'

/**
 * The client ids the server trusts tokens for; null when that provider is not configured. `local`: the server's
 * local identity provider stands in for the providers that are not (demo and tests).
 */
export interface SocialProviders {
  google: string | null
  apple: string | null
  local: boolean
}

function AppleLogo() {
  return (
    <svg viewBox="0 0 17 20" width="17" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M14.1 10.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9C3.6 4.8 2 5.8 1 7.4c-1.9 3.3-.5 8.2 1.4 10.9.9 1.3 2 2.8 3.4 2.7 1.4-.1 1.9-.9 3.5-.9s2.1.9 3.5.9c1.5 0 2.4-1.3 3.3-2.7 1-1.5 1.5-3 1.5-3.1-.1 0-2.9-1.1-2.9-4.3zM11.5 3c.7-.9 1.2-2.1 1.1-3.3-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.2 1.1.1 2.3-.6 3-1.5z"
      />
    </svg>
  )
}

/**
 * Spec section 2: Google and Apple sign-in on /auth, each shown when configured (GOOGLE_CLIENT_ID,
 * APPLE_CLIENT_ID) or when the local identity provider stands in for it. The real SDKs load only here and
 * only then; the popup's (or the local page's) identity token is exchanged for the session cookie.
 */
export default function SocialSignIn({ google, apple, local }: SocialProviders) {
  const [native, setNative] = useState(false)
  // Known only in the browser: the server renders the web's buttons, the app swaps in its own after hydration.
  useEffect(() => setNative(isNativeApp()), [])
  if (!google && !apple && !local) return null
  if (native) return <NativeButtons google={google} apple={apple} local={local} />
  return <SocialButtons google={google} apple={apple} local={local} />
}

type SdkState = 'loading' | 'ready' | 'failed'

/**
 * In the app: Google and Apple through the native sheet (spec 7), exchanged at GET /firebase/auth/ for the
 * product token (features/native/native-sign-in.ts). Each provider is offered as on the web: when configured,
 * or through the local stand-in (demo and tests).
 */
function NativeButtons(configured: SocialProviders) {
  const { t } = useI18n()
  const toast = useToast()
  const finish = useFinishSignIn()
  const [busy, setBusy] = useState(false)

  async function signIn(provider: 'google' | 'apple') {
    setBusy(true)
    const [{ signInNatively }, { SocialLogin }, { signInWithToken }] = await Promise.all([
      import('../native/native-sign-in.ts'),
      import('@capgo/capacitor-social-login'),
      import('./stored-token-exchange.ts'),
    ])
    const result = await signInNatively(provider, configured, {
      login: SocialLogin,
      api,
      fetch: (input, init) => fetch(input, init),
      signInWithToken,
    })
    if (result.ok) {
      await finish()
      return
    }
    setBusy(false)
    if (result.code !== 'popup-closed-by-user') toast.error(authErrorKey(result.code))
  }

  return (
    <div className="social-sign-in">
      <p className="social-or">
        <span>{t('auth.social.or')}</span>
      </p>
      {configured.google || configured.local ? (
        <button type="button" className="button social-button" disabled={busy} onClick={() => void signIn('google')}>
          {t('auth.social.google')}
        </button>
      ) : null}
      {configured.apple || configured.local ? (
        <button
          type="button"
          className="button social-button apple"
          disabled={busy}
          onClick={() => void signIn('apple')}
        >
          <AppleLogo />
          {t('auth.social.apple')}
        </button>
      ) : null}
    </div>
  )
}

function SocialButtons({ google, apple, local }: SocialProviders) {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const toast = useToast()
  const finish = useFinishSignIn()
  const googleSlot = useRef<HTMLDivElement>(null)
  const [googleState, setGoogleState] = useState<SdkState>('loading')
  const [appleState, setAppleState] = useState<SdkState>('loading')
  const [busy, setBusy] = useState(false)
  // Each Apple popup is one attempt; starting another while one is open cancels the first (spec:
  // cancelled-popup-request). Google's popup reports nothing when closed, so only its token is seen.
  const attempt = useRef(0)
  const open = useRef(false)

  async function exchange(idToken: string) {
    setBusy(true)
    const res = await api.request('/api/auth/sign-in/id-token', { method: 'POST', body: { idToken } })
    if (res.ok) {
      await finish()
      return
    }
    setBusy(false)
    toast.error(authErrorKey(res.code))
  }

  function startAttempt(): number {
    if (open.current) toast.error(authErrorKey('cancelled-popup-request'))
    open.current = true
    attempt.current += 1
    return attempt.current
  }

  // Back from the local provider's page with a token in the fragment: sign in with it, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => {
    if (!local) return
    const idToken = takeLocalIdToken()
    if (idToken) void exchange(idToken)
  }, [])

  function openLocal(provider: LocalProviderName) {
    setBusy(true)
    window.location.assign(localProviderUrl(provider, locale, params.get('redirectTo')))
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the SDKs start once per page and language
  useEffect(() => {
    let stopped = false
    const slot = googleSlot.current
    if (google && slot) {
      renderGoogleButton(slot, {
        clientId: google,
        locale,
        onToken: (idToken) => void exchange(idToken),
      })
        .then(() => !stopped && setGoogleState('ready'))
        .catch(() => !stopped && setGoogleState('failed'))
    }
    if (apple) {
      prepareApple(apple, locale)
        .then(() => !stopped && setAppleState('ready'))
        .catch(() => !stopped && setAppleState('failed'))
    }
    return () => {
      stopped = true
    }
  }, [google, apple, locale])

  async function onApple() {
    if (appleState !== 'ready') {
      toast.error('auth.social.unavailable', { provider: 'Apple' })
      return
    }
    const mine = startAttempt()
    try {
      const idToken = await signInWithApple()
      if (mine !== attempt.current) return
      open.current = false
      await exchange(idToken)
    } catch (error) {
      if (mine !== attempt.current) return
      open.current = false
      toast.error(authErrorKey(popupErrorCode(error)))
    }
  }

  return (
    <div className="social-sign-in">
      <p className="social-or">
        <span>{t('auth.social.or')}</span>
      </p>
      {google ? (
        <div className="social-google">
          {/* Google draws its own button here once its script has loaded. */}
          <div ref={googleSlot} className="social-google-slot" />
          {googleState === 'ready' ? null : (
            <button
              type="button"
              className="button social-button"
              disabled={googleState === 'loading'}
              onClick={() => toast.error('auth.social.unavailable', { provider: 'Google' })}
            >
              {t('auth.social.google')}
            </button>
          )}
        </div>
      ) : local ? (
        <button type="button" className="button social-button" disabled={busy} onClick={() => openLocal('google')}>
          {t('auth.social.google')}
        </button>
      ) : null}
      {apple ? (
        <button
          type="button"
          className="button social-button apple"
          disabled={busy || appleState === 'loading'}
          onClick={() => void onApple()}
        >
          <AppleLogo />
          {t('auth.social.apple')}
        </button>
      ) : local ? (
        <button type="button" className="button social-button apple" disabled={busy} onClick={() => openLocal('apple')}>
          <AppleLogo />
          {t('auth.social.apple')}
        </button>
      ) : null}
      {local && !(google && apple) ? <p className="social-local-note">{t('auth.social.local')}</p> : null}
    </div>
  )
}
