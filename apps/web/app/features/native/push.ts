import type { FirebaseMessagingPlugin } from '@capacitor-firebase/messaging'
import type { ApiResult } from '../../lib/api/client.ts'

/** Spec section 9: the device token is retried every 1 second until a profile exists. */
const FCM_RETRY_MS = 1000
/** Remembers `profileId:token` once saved, so the pages loaded later in the app do not send it again. */
const FCM_SAVED_KEY = 'fcm-token-saved'

export interface PushDeps {
  messaging: Pick<FirebaseMessagingPlugin, 'checkPermissions' | 'requestPermissions' | 'getToken' | 'addListener'>
  /** The signed-in user's profile id, or null while there is none (a guest, or a profile not loaded yet). */
  profileId: () => number | null
  request: (path: string, options: { method: 'PATCH'; body: unknown }) => Promise<ApiResult>
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  setTimer?: (run: () => void, ms: number) => unknown
}

export type PushOutcome = 'denied' | 'granted'

/**
 * Spec section 4 on the app: push permission is checked and, when not decided yet, requested; when granted, the
 * device (FCM) token is saved as `fcm_token` with PATCH /profiles/update/{profileId}/, tried every second until
 * a profile exists (a guest who signs in later gets it saved then). A refused permission saves nothing. A new
 * token from FCM (it rotates them) is saved the same way.
 */
export async function startPush(deps: PushDeps): Promise<PushOutcome> {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms))
  let { receive } = await deps.messaging.checkPermissions()
  if (receive === 'prompt' || receive === 'prompt-with-rationale') {
    receive = (await deps.messaging.requestPermissions()).receive
  }
  if (receive !== 'granted') return 'denied'

  let current = ''
  const save = async (token: string) => {
    if (token !== current) return // a newer token took over
    const id = deps.profileId()
    if (id === null) {
      setTimer(() => void save(token), FCM_RETRY_MS)
      return
    }
    const key = `${id}:${token}`
    if (deps.storage?.getItem(FCM_SAVED_KEY) === key) return
    const res = await deps.request(`/api/profiles/update/${id}/`, { method: 'PATCH', body: { fcm_token: token } })
    if (res.ok) deps.storage?.setItem(FCM_SAVED_KEY, key)
    // Offline or a server error: the same every-second retry; a refusal (4xx) would be refused again.
    else if (res.status === 0 || res.status >= 500) setTimer(() => void save(token), FCM_RETRY_MS)
  }
  const use = (token: string) => {
    if (!token || token === current) return
    current = token
    void save(token)
  }
  await deps.messaging.addListener('tokenReceived', (event) => use(event.token))
  use((await deps.messaging.getToken()).token)
  return 'granted'
}
