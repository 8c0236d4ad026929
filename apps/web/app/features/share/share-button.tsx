import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'

/**
 * "Share" for a car or a saved search: the system share sheet (share.ts, loaded on the first press), the link
 * copied where there is none. `url` may be a path of this site. The link's preview comes from its page's Open
 * Graph tags.
 */
export function ShareButton({
  url,
  title,
  message = 'share.car.text',
}: {
  url: string
  title: string
  /** The text that goes with the link; `{title}` is the title. */
  message?: MessageKey
}) {
  const { t } = useI18n()
  const toast = useToast()
  // An island on the car page: a press before its code ran would do nothing, so until then it is disabled.
  const hydrated = useHydrated()
  async function share() {
    const { shareLink } = await import('./share.ts')
    const text = t(message, { title })
    const outcome = await shareLink({ url: new URL(url, window.location.href).href, title, text })
    if (outcome === 'copied') toast.success('share.copied')
    else if (outcome === 'failed') toast.error('share.failed')
  }
  return (
    <button type="button" className="button ghost share-button" onClick={() => void share()} disabled={!hydrated}>
      {t('share.action')}
    </button>
  )
}
