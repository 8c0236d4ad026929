import type { ModerationSignal, ModerationSignalCode } from '@tulpar/contracts'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Icon } from '../../ui/icon.tsx'

const PATHS: Record<ModerationSignalCode, string> = {
  // A barcode: the VIN.
  duplicate_vin: 'M4 6v12M7 6v12M10 6v12M13 6v12M16 6v12M20 6v12',
  // Two overlapping pictures.
  duplicate_photos: 'M8 4h12v12M4 8h12v12H4zM4 17l4-4 3 3 2-2 3 3',
  // A price tag with an arrow down.
  low_price: 'M12 4v12M7 11l5 5 5-5M5 20h14',
  // A person with a plus.
  new_account: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20a6 6 0 0 1 12 0M19 8v6M16 11h6',
  // A flag: reported.
  complaints: 'M5 21V4M5 4h12l-2.5 4 2.5 4H5',
}

/** The icons of the signals that fired, each named for screen readers and on hover. */
export function SignalBadges({ codes }: { codes: ModerationSignalCode[] }) {
  const { t } = useI18n()
  if (codes.length === 0) return <span className="signal-none">{t('admin.queue.noSignals')}</span>
  return (
    <ul className="signal-badges">
      {codes.map((code) => (
        <li key={code} title={t(`admin.signal.${code}`)}>
          <Icon path={PATHS[code]} size={18} />
          <span className="signal-badge-text">{t(`admin.signal.${code}`)}</span>
        </li>
      ))}
    </ul>
  )
}

/** Every check with its verdict and the explanation the API wrote. */
export function SignalPanel({
  signals,
  thresholdPct,
  newAccountDays,
}: {
  signals: ModerationSignal[]
  thresholdPct: number
  newAccountDays: number
}) {
  const { t } = useI18n()
  return (
    <section className="panel admin-signals" aria-labelledby="signals-title">
      <h2 id="signals-title">{t('admin.signals.title')}</h2>
      <ul>
        {signals.map((s) => (
          <li key={s.code} className={s.triggered ? 'signal fired' : 'signal ok'}>
            <Icon path={PATHS[s.code]} />
            <div>
              <p className="signal-name">
                <strong>{t(`admin.signal.${s.code}`)}</strong>
                <span className="signal-verdict">{t(s.triggered ? 'admin.signals.fired' : 'admin.signals.ok')}</span>
              </p>
              <p>{s.explanation}</p>
              {s.relatedListingIds.length > 0 ? (
                <p className="signal-related">
                  {s.relatedListingIds.map((id) => (
                    <Link key={id} to={`/admin/listings/${id}`}>
                      {t('admin.signals.related', { id: String(id) })}
                    </Link>
                  ))}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <p className="admin-hint">
        {t('admin.signals.hint', { pct: String(thresholdPct), days: String(newAccountDays) })}
      </p>
    </section>
  )
}
