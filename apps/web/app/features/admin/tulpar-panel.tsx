import type { AdminInspectionReport, AdminListing, InspectionCheckCode } from '@tulpar/contracts'
import { useId } from 'react'
import { Form } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'

export type ReportErrors = Partial<Record<'name' | 'vin' | 'reportDate' | 'status' | 'summary', MessageKey>>

function FieldError({ id, error }: { id: string; error?: MessageKey }) {
  const { t } = useI18n()
  return error ? (
    <small id={id} className="field-error" role="alert">
      {t(error)}
    </small>
  ) : null
}

/** One report's fields and its checks: each check not done, fine, or with a remark. */
function ReportForm({
  report,
  defaultVin,
  checks,
  errors,
}: {
  report: AdminInspectionReport | null
  defaultVin: string
  checks: readonly InspectionCheckCode[]
  errors?: ReportErrors
}) {
  const { t } = useI18n()
  const id = useId()
  const verdict = (code: string) => {
    const item = report?.summary.find((s) => s.code === code)
    return item ? (item.ok ? 'ok' : 'problem') : ''
  }
  const input = (name: keyof ReportErrors) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors?.[name] ? true : undefined,
    'aria-describedby': errors?.[name] ? `${id}-${name}-error` : undefined,
  })
  return (
    <Form method="post" className="report-form">
      <input type="hidden" name="intent" value={report ? 'report-update' : 'report-add'} />
      {report ? <input type="hidden" name="reportId" value={report.id} /> : null}
      <div className="report-fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('admin.reports.name')}</label>
          <input {...input('name')} type="text" maxLength={120} defaultValue={report?.name ?? 'TulparAutoCheck'} />
          <FieldError id={`${id}-name-error`} error={errors?.name} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-vin`}>{t('admin.reports.vin')}</label>
          <input {...input('vin')} type="text" maxLength={32} defaultValue={report?.vin ?? defaultVin} />
          <FieldError id={`${id}-vin-error`} error={errors?.vin} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reportDate`}>{t('admin.reports.date')}</label>
          <input {...input('reportDate')} type="date" defaultValue={report?.reportDate ?? ''} />
          <FieldError id={`${id}-reportDate-error`} error={errors?.reportDate} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('admin.reports.status')}</label>
          <select {...input('status')} defaultValue={report?.status ?? 'generating'}>
            <option value="generating">{t('admin.reports.status.generating')}</option>
            <option value="ready">{t('admin.reports.status.ready')}</option>
          </select>
        </div>
      </div>
      <fieldset className="report-checks">
        <legend>{t('admin.reports.checks')}</legend>
        {checks.map((code) => (
          <div key={code} className="report-check">
            <label htmlFor={`${id}-check-${code}`}>{t(`admin.check.${code}`)}</label>
            <select id={`${id}-check-${code}`} name={`check.${code}`} defaultValue={verdict(code)}>
              <option value="">{t('admin.reports.check.notChecked')}</option>
              <option value="ok">{t('admin.reports.check.ok')}</option>
              <option value="problem">{t('admin.reports.check.problem')}</option>
            </select>
            <input
              type="text"
              name={`note.${code}`}
              maxLength={500}
              aria-label={`${t(`admin.check.${code}`)}: ${t('admin.reports.note')}`}
              placeholder={t('admin.reports.note')}
              defaultValue={report?.summary.find((s) => s.code === code)?.note ?? ''}
            />
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button primary">
        {t('admin.reports.save')}
      </button>
    </Form>
  )
}

/** Admins only: the Tulpar marks and the inspection reports of the listing. */
export function TulparPanel({
  listing,
  checks,
  reportErrors,
  when,
}: {
  listing: AdminListing
  checks: readonly InspectionCheckCode[]
  /** Errors of the report form that was just sent: `new` or the report's id. */
  reportErrors: { target: 'new' | number; errors: ReportErrors } | null
  when: Record<number, string>
}) {
  const { t } = useI18n()
  const id = useId()
  // Reports may hold checks this version does not know: they show by their code.
  const known = (code: string): code is InspectionCheckCode => (checks as readonly string[]).includes(code)
  const checkLabel = (code: string) => (known(code) ? t(`admin.check.${code}`) : code)
  return (
    <section className="panel review-tulpar" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.tulpar.title')}</h2>
      <p className="admin-hint">{t('admin.tulpar.hint')}</p>
      <Form method="post" className="flags-form">
        <input type="hidden" name="intent" value="flags" />
        {(
          [
            ['isTulpar', 'admin.tulpar.isTulpar'],
            ['isInspected', 'admin.tulpar.isInspected'],
            ['isHot', 'admin.tulpar.isHot'],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="check">
            <input type="checkbox" name={name} defaultChecked={listing[name]} />
            {t(label)}
          </label>
        ))}
        <button type="submit" className="button ghost">
          {t('admin.tulpar.save')}
        </button>
      </Form>

      <h3>{t('admin.reports.title')}</h3>
      {listing.inspectionReports.length === 0 ? <p>{t('admin.reports.none')}</p> : null}
      <ul className="report-list">
        {listing.inspectionReports.map((r) => (
          <li key={r.id}>
            <p>
              <strong>{r.name}</strong> · {t(`admin.reports.status.${r.status}`)}
              {r.reportDate ? ` · ${when[r.id]}` : null} · <code>{r.vin}</code>
            </p>
            {r.summary.length > 0 ? (
              <ul className="report-summary">
                {r.summary.map((s) => (
                  <li key={s.code} className={s.ok ? 'ok' : 'problem'}>
                    {checkLabel(s.code)}: {t(s.ok ? 'admin.reports.check.ok' : 'admin.reports.check.problem')}
                    {s.note ? ` (${s.note})` : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <details open={reportErrors?.target === r.id}>
              <summary>{t('admin.reports.edit')}</summary>
              <ReportForm
                report={r}
                defaultVin={r.vin}
                checks={checks}
                errors={reportErrors?.target === r.id ? reportErrors.errors : undefined}
              />
            </details>
            <Form method="post">
              <input type="hidden" name="intent" value="report-delete" />
              <input type="hidden" name="reportId" value={r.id} />
              <button type="submit" className="link-button danger-link">
                {t('admin.reports.delete')}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <details open={reportErrors?.target === 'new'}>
        <summary>{t('admin.reports.add')}</summary>
        <ReportForm
          report={null}
          defaultVin={listing.vin ?? ''}
          checks={checks}
          errors={reportErrors?.target === 'new' ? reportErrors.errors : undefined}
        />
      </details>
    </section>
  )
}
