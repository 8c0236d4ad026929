import { useI18n } from '../../i18n/i18n-react.tsx'
import type { InspectionCheck } from './inspection-content.server.ts'

/** What the company checks before a Tulpar car goes on sale (the /tulpar-auto page). */
export function InspectionCoverage({ checks }: { checks: InspectionCheck[] }) {
  const { t } = useI18n()
  return (
    <section className="inspection" aria-labelledby="inspection-title">
      <h2 id="inspection-title">{t('tulpar.inspection.title')}</h2>
      <ol className="inspection-list">
        {checks.map((c) => (
          <li key={c.code}>
            <h3>{c.title}</h3>
            <p>{c.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
