import type { ListingPhoto } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Picture } from '../../ui/picture.tsx'

/**
 * Photos in a scroll-snap strip: swipes on a phone, scrolls with arrow keys when focused, needs no
 * JavaScript. Every picture is 4:3 with its size set, so nothing shifts while it loads.
 */
export function Gallery({ photos, title }: { photos: ListingPhoto[]; title: string }) {
  const { t } = useI18n()
  if (photos.length === 0) return <div className="gallery empty-gallery" />
  return (
    <section className="gallery-wrap" aria-label={t('car.photos')}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls with the keyboard when focused */}
      <ul className="gallery" tabIndex={0}>
        {photos.map((p, i) => (
          <li key={p.key + String(i)}>
            <Picture
              photoKey={p.key}
              alt={`${title}. ${t('car.photoOf', { n: i + 1, total: photos.length })}`}
              variant="gallery"
              sizes="(min-width: 1024px) 640px, 100vw"
              eager={i === 0}
            />
          </li>
        ))}
      </ul>
      {photos.some((p) => p.isIllustration) ? <p className="illustration-note">{t('car.illustrationNote')}</p> : null}
    </section>
  )
}
