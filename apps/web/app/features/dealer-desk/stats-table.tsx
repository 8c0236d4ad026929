import type { DealerStats } from '@tulpar/contracts'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

const COUNTS = ['views', 'reveals', 'favourites', 'callbacks', 'chats'] as const

/** Every day of the range, oldest first (the API lists only the days with something counted). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    out.push(new Date(at).toISOString().slice(0, 10))
  return out
}

type Car = DealerStats['cars'][number]

/** A car's days with something counted, newest first, each with all its numbers (the bars show only views). */
function DaysOf({ car }: { car: Car }) {
  const { t, number, date } = useI18n()
  if (car.days.length === 0) return null
  return (
    <details className="stats-days">
      <summary>{t('desk.stats.days')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('desk.stats.day')}</th>
            {COUNTS.map((k) => (
              <th scope="col" key={k}>
                {t(`desk.stats.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...car.days].reverse().map((d) => (
            <tr key={d.day}>
              <th scope="row">{date(d.day)}</th>
              {COUNTS.map((k) => (
                <td key={k}>{number(d[k])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

/**
 * The statistics of the dealer's cars on sale: a strip of totals, then one row per car with its totals, a bar per
 * day of views (plain CSS heights, no chart library; the day and its numbers in the bar's title) and its days in a
 * table that opens.
 */
export function StatsTable({ stats }: { stats: DealerStats }) {
  const { t, number, date } = useI18n()
  const days = daysOf(stats.from, stats.to)
  const peak = Math.max(1, ...stats.cars.flatMap((c) => c.days.map((d) => d.views)))
  return (
    <section aria-labelledby="stats" className="panel">
      <h2 id="stats">{t('desk.stats.title')}</h2>
      <p>{t('desk.stats.range', { from: date(stats.from), to: date(stats.to) })}</p>
      <dl className="stats-strip">
        {COUNTS.map((k) => (
          <div key={k}>
            <dt>{t(`desk.stats.${k}`)}</dt>
            <dd>{number(stats.totals[k])}</dd>
          </div>
        ))}
      </dl>
      {stats.cars.length === 0 ? (
        <p>{t('desk.stats.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="stock-table stats-table">
            <thead>
              <tr>
                <th scope="col">{t('desk.stock.car')}</th>
                {COUNTS.map((k) => (
                  <th scope="col" key={k}>
                    {t(`desk.stats.${k}`)}
                  </th>
                ))}
                <th scope="col">{t('desk.stats.perDay')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.cars.map((car) => {
                const byDay = new Map(car.days.map((d) => [d.day, d]))
                return (
                  <tr key={car.id}>
                    <th scope="row">
                      <Link to={`/cars/${car.id}`}>{car.title}</Link>
                    </th>
                    {COUNTS.map((k) => (
                      <td key={k}>{number(car.totals[k])}</td>
                    ))}
                    <td>
                      <span className="day-bars" aria-hidden="true">
                        {days.map((day) => {
                          const d = byDay.get(day)
                          const views = d?.views ?? 0
                          return (
                            <span
                              key={day}
                              title={t('desk.stats.dayTitle', {
                                day: date(day),
                                views: views,
                                reveals: d?.reveals ?? 0,
                                callbacks: d?.callbacks ?? 0,
                                chats: d?.chats ?? 0,
                              })}
                              style={{ height: `${Math.round((views / peak) * 100)}%` }}
                            />
                          )
                        })}
                      </span>
                      <DaysOf car={car} />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
