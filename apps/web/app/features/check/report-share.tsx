import type { ReportShare } from '@tulpar/contracts'
import { useFetcher } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useNoticeOf, useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { ShareButton } from '../share/index.ts'
import type { ShareActionResult } from './share.server.ts'

/**
 * Sharing a ready report, on its owner's page. Off: the sentence saying what anyone with the link will see, and
 * the button that consents to it. On: the link to read and copy, the system share sheet, and "Stop sharing".
 * Plain form posts to the page's action: works without JavaScript (the page then says how it went).
 */
export function ReportSharePanel({ share, title }: { share: ReportShare | null; title: string }) {
  const { t } = useI18n()
  const fetcher = useFetcher<ShareActionResult>()
  const toast = useToast()
  const hydrated = useHydrated()
  const busy = fetcher.state !== 'idle'
  useNoticeOf(fetcher.data)

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('share.copied')
    } catch {
      toast.error('share.failed')
    }
  }

  return (
    <section className="panel report-section report-share no-print" aria-labelledby="report-share-title">
      <h2 id="report-share-title">{t('check.share.title')}</h2>
      {share ? (
        <>
          <p>{t('check.share.on')}</p>
          <label htmlFor="report-share-link">{t('check.share.link')}</label>
          <input
            id="report-share-link"
            className="report-share-link"
            type="text"
            readOnly
            value={share.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="report-share-actions">
            {hydrated ? (
              <button type="button" className="button primary" onClick={() => void copy(share.url)}>
                {t('check.share.copy')}
              </button>
            ) : null}
            <ShareButton url={share.url} title={title} message="check.share.text" />
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="unshare" />
              <button type="submit" className="button danger" disabled={busy}>
                {t('check.share.stop')}
              </button>
            </fetcher.Form>
          </div>
          <p className="muted">{t('check.share.stopHint')}</p>
        </>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="share" />
          <p id="report-share-consent">{t('check.share.consent')}</p>
          <button type="submit" className="button primary" disabled={busy} aria-describedby="report-share-consent">
            {t('check.share.start')}
          </button>
        </fetcher.Form>
      )}
    </section>
  )
}
