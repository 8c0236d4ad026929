import { useI18n } from '../../i18n/i18n-react.tsx'

export interface Review {
  id: number
  author: string
  rating: number
  text: string
  source: string
  sourceUrl: string
  reviewedOn: string
}

/** A known maps service gets its translated name; anything else shows as stored. */
function useSourceName() {
  const { t } = useI18n()
  return (source: string) =>
    source === '2gis' ? t('review.source.2gis') : source === 'yandex' ? t('review.source.yandex') : source
}

/** Five stars filled to the rating (4.5 shows four and a half). */
function Stars({ rating }: { rating: number }) {
  const { t } = useI18n()
  const filled = `${(Math.max(0, Math.min(5, rating)) / 5) * 100}%`
  return (
    <span className="stars" role="img" aria-label={t('home.reviews.rating', { rating })}>
      <span aria-hidden="true" className="stars-empty">
        ★★★★★
      </span>
      <span aria-hidden="true" className="stars-full" style={{ width: filled }}>
        ★★★★★
      </span>
    </span>
  )
}

/** Customer reviews kept from the maps services (2GIS, Yandex Maps), each linking to where it was written. */
export function Reviews({
  reviews,
  summary,
}: {
  reviews: Review[]
  summary: { count: number; averageRating: number | null }
}) {
  const { t, date } = useI18n()
  const sourceName = useSourceName()
  if (reviews.length === 0) return null
  return (
    <section className="container section reviews" aria-labelledby="reviews-title">
      <div className="section-head">
        <h2 id="reviews-title">{t('home.reviews.title')}</h2>
      </div>
      {summary.averageRating === null ? null : (
        <p className="reviews-summary">
          <Stars rating={summary.averageRating} />{' '}
          {t('home.reviews.summary', { rating: summary.averageRating, count: summary.count })}
        </p>
      )}
      <ul className="review-list rail">
        {reviews.map((r) => (
          <li key={r.id} className="review">
            <div className="review-head">
              <Stars rating={r.rating} />
              <time dateTime={r.reviewedOn}>{date(r.reviewedOn)}</time>
            </div>
            <blockquote>
              <p>{r.text}</p>
            </blockquote>
            <p className="review-foot">
              <span className="review-author">{r.author}</span>
              <a href={r.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
                {t('home.reviews.source', { source: sourceName(r.source) })}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
