import { FEED_MISSING_CARS } from '@tulpar/contracts/seller-constants'
import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { deskErrorKey } from './desk-errors.ts'

/** The feed's content type from its name (browsers give CSV files anything from text/csv to application/vnd.ms-excel). */
const typeOf = (file: File) => (/\.xml$/i.test(file.name) ? 'application/xml' : 'text/csv')

/**
 * Uploads a feed file to the API as it is (the request body, streamed by the browser) and opens the dry run's report.
 * The button waits for the page's code: a plain form post would make the server hold the whole file.
 */
export default function FeedUpload({ dealerId }: { dealerId: number }) {
  const { t, locale } = useI18n()
  const navigate = useNavigate()
  const [ready, setReady] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setReady(true), [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return setError(t('desk.error.noFile'))
    setBusy(true)
    setError(null)
    const res = await api.request(`/api/dealers/${dealerId}/imports/`, {
      method: 'POST',
      body: new Blob([file], { type: typeOf(file) }),
      query: { missing: String(form.get('missing') ?? 'removed'), lang: locale },
    })
    setBusy(false)
    const id = res.ok && typeof res.data === 'object' && res.data && 'id' in res.data ? Number(res.data.id) : null
    if (id !== null) return navigate(`/dealer/${dealerId}/imports/${id}`)
    const known = res.code ? deskErrorKey(res.code) : undefined
    setError(t(known ?? 'desk.error.failed'))
  }

  return (
    <form className="feed-upload" onSubmit={submit} aria-busy={busy}>
      <label>
        {t('desk.imports.file')}
        <input type="file" name="file" accept=".csv,.xml,text/csv,application/xml,text/xml" required />
      </label>
      <fieldset>
        <legend>{t('desk.imports.missing')}</legend>
        {FEED_MISSING_CARS.map((m) => (
          <label key={m} className="radio">
            <input type="radio" name="missing" value={m} defaultChecked={m === 'removed'} />{' '}
            {t(`desk.imports.missing.${m}`)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {busy ? <p role="status">{t('desk.imports.uploading')}</p> : null}
      <button type="submit" className="button primary" disabled={!ready || busy}>
        {t('desk.imports.upload')}
      </button>
    </form>
  )
}
