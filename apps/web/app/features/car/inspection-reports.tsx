import type { ListingDetail } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** Inspection reports with their date; 'Report is being generated' until one is ready (spec section 4). */
export function InspectionReports({ reports }: { reports: ListingDetail['inspectionReports'] }) {
  const { t, date } = useI18n()
  if (reports.length === 0) return null
  return (
    <section className="section" aria-labelledby="reports-title">
      <h2 id="reports-title">{t('car.inspections')}</h2>
      <ul className="reports">
        {reports.map((r) => (
          <li key={r.id}>
            <strong>{r.name}</strong>
            {r.status === 'ready' && r.reportDate ? (
              <span className="report-status ready">{t('car.reportDate', { date: date(r.reportDate) })}</span>
            ) : (
              <span className="report-status generating">{t('car.reportGenerating')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
