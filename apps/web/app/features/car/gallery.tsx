import { type KeyboardEvent, useRef, useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Picture } from '../../ui/picture.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import type { PhotoShown } from './car-shown.ts'

/** The gallery column is at most ~720 px wide on a desktop; on phones and tablets it is the full width. */
const SIZES = '(min-width: 1200px) 720px, (min-width: 1024px) 60vw, 100vw'

/**
 * Photos in a scroll-snap strip: swipes on a phone and scrolls with the arrow keys with no JavaScript at all.
 * Once hydrated, previous/next buttons, a counter, and arrow/Home/End keys step one photo at a time. Every
 * slide is 4:3 with the image's size set, so nothing shifts while photos load.
 */
export function Gallery({ photos, title }: { photos: PhotoShown[]; title: string }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const strip = useRef<HTMLUListElement>(null)
  const [index, setIndex] = useState(0)
  const count = photos.length

  if (count === 0) {
    return (
      <div className="gallery-empty">
        <p>{t('car.gallery.noPhotos')}</p>
      </div>
    )
  }

  const go = (next: number) => {
    const list = strip.current
    const target = Math.max(0, Math.min(count - 1, next))
    const slide = list?.children.item(target)
    if (!list || !(slide instanceof HTMLElement)) return
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    list.scrollTo({ left: slide.offsetLeft, behavior: smooth ? 'smooth' : 'auto' })
    setIndex(target)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    go(next)
  }

  return (
    <section className="gallery-wrap" aria-label={t('car.photos')}>
      <div className="gallery-frame">
        <ul
          ref={strip}
          className="gallery"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls with the keyboard when focused
          tabIndex={0}
          aria-label={t('car.photos')}
          onKeyDown={onKeyDown}
          onScroll={(event) => {
            const list = event.currentTarget
            const width = list.firstElementChild?.getBoundingClientRect().width ?? list.clientWidth
            setIndex(Math.max(0, Math.min(count - 1, Math.round(list.scrollLeft / (width + 8)))))
          }}
        >
          {photos.map((p, i) => (
            <li key={p.key}>
              <Picture
                photoKey={p.key}
                alt={`${title}. ${t('car.photoOf', { n: i + 1, total: count })}`}
                variant="gallery"
                sizes={SIZES}
                eager={i === 0}
              />
            </li>
          ))}
        </ul>
        {hydrated && count > 1 ? (
          <>
            <button
              type="button"
              className="gallery-nav prev"
              aria-label={t('car.gallery.prev')}
              onClick={() => go(index - 1)}
              disabled={index === 0}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery-nav next"
              aria-label={t('car.gallery.next')}
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
            >
              ›
            </button>
          </>
        ) : null}
        {count > 1 ? (
          <p className="gallery-counter" aria-live="polite">
            {t('car.gallery.counter', { n: index + 1, total: count })}
          </p>
        ) : null}
      </div>
      {photos.some((p) => p.isIllustration) ? <p className="illustration-note">{t('car.illustrationNote')}</p> : null}
    </section>
  )
}
