/*
 * The providers' own browser SDKs, loaded only on /auth and only for a configured provider: Google Identity
 * Services (its button opens Google's popup and hands back an ID token) and Sign in with Apple JS (popup mode).
 * Both give an identity token, which POST /api/auth/sign-in/id-token turns into our session cookie.
 */

interface GoogleButtonOptions {
  type: 'standard'
  theme: 'outline'
  size: 'large'
  text: 'signin_with'
  shape: 'rectangular'
  logo_alignment: 'center'
  width: number
  locale: string
}
interface GoogleIdApi {
  initialize(config: {
    client_id: string
    callback: (response: { credential?: unknown }) => void
    ux_mode: 'popup'
    context: 'signin'
    use_fedcm_for_button?: boolean
  }): void
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void
}
interface AppleIdApi {
  auth: {
    init(config: { clientId: string; scope: string; redirectURI: string; usePopup: boolean; state?: string }): void
    signIn(): Promise<unknown>
  }
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } }
    AppleID?: AppleIdApi
  }
}

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client'
const appleScript = (locale: string) =>
  `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/${locale === 'en' ? 'en_US' : 'ru_RU'}/appleid.auth.js`

/** A popup that ended without a token; `code` as the spec's identity provider would name it. */
export class PopupError extends Error {
  readonly code: string
  constructor(code: string) {
    super(`sign-in popup: ${code}`)
    this.code = code
  }
}

const scripts = new Map<string, Promise<void>>()

/** Adds a script once; a failed load can be tried again. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src)
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        scripts.delete(src)
        script.remove()
        reject(new Error(`could not load ${src}`))
      }
      document.head.append(script)
    })
    scripts.set(src, loading)
  }
  return loading
}

/** Renders Google's own button into `parent`; `onToken` gets the ID token after the popup. */
export async function renderGoogleButton(
  parent: HTMLElement,
  { clientId, locale, onToken }: { clientId: string; locale: string; onToken: (idToken: string) => void },
): Promise<void> {
  await loadScript(GOOGLE_SCRIPT)
  const id = window.google?.accounts?.id
  if (!id) throw new Error('Google Identity Services did not start')
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    context: 'signin',
    use_fedcm_for_button: true,
    callback: ({ credential }) => {
      if (typeof credential === 'string' && credential) onToken(credential)
    },
  })
  id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'signin_with',
    shape: 'rectangular',
    logo_alignment: 'center',
    // Google's button is 200-400 px wide.
    width: Math.max(200, Math.min(400, Math.floor(parent.getBoundingClientRect().width))),
    locale,
  })
}

/** Prepares Sign in with Apple JS; the popup itself opens in `signInWithApple`, inside the user's click. */
export async function prepareApple(clientId: string, locale: string): Promise<void> {
  await loadScript(appleScript(locale))
  const apple = window.AppleID
  if (!apple) throw new Error('Sign in with Apple JS did not start')
  // Apple requires a registered return URL even for the popup; /auth is the one to register.
  apple.auth.init({
    clientId,
    scope: 'name email',
    redirectURI: `${window.location.origin}/auth`,
    usePopup: true,
  })
}

/** Opens Apple's popup. Resolves with the ID token; rejects with Apple's `{ error }` when it does not end with one. */
export async function signInWithApple(): Promise<string> {
  const apple = window.AppleID
  if (!apple) throw new PopupError('operation-not-allowed')
  const answer = await apple.auth.signIn()
  if (typeof answer === 'object' && answer !== null && 'authorization' in answer) {
    const { authorization } = answer
    if (typeof authorization === 'object' && authorization !== null && 'id_token' in authorization) {
      if (typeof authorization.id_token === 'string' && authorization.id_token) return authorization.id_token
    }
  }
  throw new PopupError('unknown')
}
