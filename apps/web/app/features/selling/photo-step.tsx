import type { SellerListing, SellerPhoto } from '@tulpar/contracts'
import { MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES } from '@tulpar/contracts/selling-rules'
import { useRef, useState } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Picture } from '../../ui/picture.tsx'
import { useToast } from '../../ui/toast.tsx'
import { useChangeOnLoad } from '../../ui/use-value-on-load.ts'
import { photoErrorKey } from './form-data.ts'
import { sellerCall, uploadPhoto } from './seller-api.ts'

interface Pending {
  key: number
  name: string
  /** 0..1 while sending; 1 while the server processes it. */
  progress: number
  started: boolean
  error: MessageKey | null
}

/**
 * The photo step: several files at once from the gallery or the camera, each uploaded on its own with a progress
 * bar (XHR reports upload progress, fetch does not); reorder, delete, choose the cover.
 */
export function PhotoStep({ listing }: { listing: SellerListing }) {
  const { t } = useI18n()
  const toast = useToast()
  const [photos, setPhotos] = useState<SellerPhoto[]>(listing.photos)
  const [pending, setPending] = useState<Pending[]>([])
  const [busy, setBusy] = useState(false)
  const queue = useRef<{ key: number; file: File }[]>([])
  const running = useRef(false)
  const nextKey = useRef(0)
  const base = `/api/listings/${listing.id}`

  const update = (key: number, patch: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)))

  // One upload at a time: on a phone connection parallel uploads only share the bandwidth.
  async function drain() {
    if (running.current) return
    running.current = true
    for (let item = queue.current.shift(); item; item = queue.current.shift()) {
      const { key, file } = item
      update(key, { started: true })
      if (file.size > MAX_PHOTO_BYTES) {
        update(key, { error: 'photo.error.too_large' })
        continue
      }
      const res = await uploadPhoto<SellerListing>(`${base}/photos/`, file, (progress) => update(key, { progress }))
      if (res.ok && res.data) {
        setPhotos(res.data.photos)
        setPending((list) => list.filter((p) => p.key !== key))
      } else {
        update(key, { error: photoErrorKey(res.code) })
      }
    }
    running.current = false
  }

  function choose(input: HTMLInputElement) {
    const files = [...(input.files ?? [])]
    // Cleared: the same files are not taken twice, and the same photo can be picked again.
    input.value = ''
    const items = files.map((file) => ({ key: ++nextKey.current, file }))
    queue.current.push(...items)
    setPending((list) => [
      ...list,
      ...items.map(({ key, file }) => ({ key, name: file.name, progress: 0, started: false, error: null })),
    ])
    void drain()
  }

  async function act(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) {
    setBusy(true)
    const res = await sellerCall<SellerListing>(path, method, body)
    setBusy(false)
    if (res.ok && res.data) setPhotos(res.data.photos)
    else toast.error('generic.failed')
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = photos.map((p) => p.id)
    const [id] = ids.splice(index, 1)
    if (id === undefined) return
    ids.splice(index + by, 0, id)
    void act(`${base}/photos/order/`, 'PUT', { photoIds: ids })
  }

  // The step is an island: the pickers work from the first moment, and photos picked before its code ran are taken
  // once it has (they wait in the input meanwhile).
  const gallery = useChangeOnLoad<HTMLInputElement>(choose)
  const camera = useChangeOnLoad<HTMLInputElement>(choose)

  const full = photos.length + pending.filter((p) => !p.error).length >= MAX_LISTING_PHOTOS
  return (
    <div className="photo-step">
      <p className="muted">{t('sell.photos.hint', { max: MAX_LISTING_PHOTOS, mb: MAX_PHOTO_BYTES / 1024 / 1024 })}</p>
      <noscript>
        <p className="notice">{t('sell.photos.noScript')}</p>
      </noscript>
      <div className="photo-pickers">
        <label className={`button primary${full ? ' is-disabled' : ''}`}>
          <input
            ref={gallery}
            type="file"
            accept="image/*"
            multiple
            className="visually-hidden"
            onChange={(e) => choose(e.currentTarget)}
            disabled={full}
            data-testid="photo-gallery"
          />
          {t('sell.photos.gallery')}
        </label>
        <label className={`button ghost${full ? ' is-disabled' : ''}`}>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            onChange={(e) => choose(e.currentTarget)}
            disabled={full}
          />
          {t('sell.photos.camera')}
        </label>
      </div>
      <p className="photo-count" aria-live="polite">
        {t('sell.photos.count', { count: photos.length, max: MAX_LISTING_PHOTOS })}
      </p>
      {pending.length > 0 ? (
        <ul className="upload-list">
          {pending.map((p) => (
            <li key={p.key} className={p.error ? 'upload failed' : 'upload'}>
              <span className="upload-name">{p.name}</span>
              {p.error ? (
                <span className="field-error" role="alert">
                  {t(p.error)}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                    aria-label={t('toast.close')}
                  >
                    ×
                  </button>
                </span>
              ) : (
                <>
                  <progress max={1} value={p.started ? p.progress : 0} aria-label={p.name} />
                  <small className="muted">
                    {!p.started ? t('sell.photos.waiting') : p.progress >= 1 ? t('sell.photos.processing') : null}
                  </small>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ol className="photo-grid">
        {photos.map((photo, i) => (
          <li key={photo.id} className="photo-tile">
            <Picture photoKey={photo.key} alt={t('sell.photos.alt', { n: i + 1 })} variant="card" sizes="200px" />
            {i === 0 ? <span className="cover-tag">{t('sell.photos.cover')}</span> : null}
            <div className="photo-actions">
              <button
                type="button"
                onClick={() => move(i, -1)}
                disabled={busy || i === 0}
                aria-label={t('sell.photos.moveLeft')}
                title={t('sell.photos.moveLeft')}
              >
                ←
              </button>
              <button
                type="button"
                onClick={() => move(i, 1)}
                disabled={busy || i === photos.length - 1}
                aria-label={t('sell.photos.moveRight')}
                title={t('sell.photos.moveRight')}
              >
                →
              </button>
              {i > 0 ? (
                <button
                  type="button"
                  onClick={() => void act(`${base}/photos/${photo.id}/cover/`, 'POST')}
                  disabled={busy}
                  title={t('sell.photos.makeCover')}
                >
                  ★<span className="visually-hidden">{t('sell.photos.makeCover')}</span>
                </button>
              ) : null}
              <button
                type="button"
                onClick={() => void act(`${base}/photos/${photo.id}/`, 'DELETE')}
                disabled={busy}
                aria-label={t('sell.photos.delete')}
                title={t('sell.photos.delete')}
                className="danger"
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      {photos.length === 0 ? <p className="muted">{t('sell.photos.needOne')}</p> : null}
    </div>
  )
}
