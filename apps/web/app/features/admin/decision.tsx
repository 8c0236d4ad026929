import type { ModerationEventView, RejectionReasonView } from '@tulpar/contracts'
import { useId } from 'react'
import { Form, useNavigation } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { formatWait } from './wait.ts'

export interface DecisionErrors {
  error?: MessageKey
  reasonCode?: MessageKey
  comment?: MessageKey
}

/** The rejection reason's select with its error: a moderation decision, and a complaint's take-down. */
export function RejectReasonField({
  id,
  reasons,
  value,
  error,
}: {
  id: string
  reasons: RejectionReasonView[]
  value: string | undefined
  error: MessageKey | undefined
}) {
  const { t } = useI18n()
  return (
    <>
      <label htmlFor={id}>{t('admin.decision.reason')}</label>
      <select
        id={id}
        name="reasonCode"
        defaultValue={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('admin.decision.chooseReason')}</option>
        {reasons.map((r) => (
          <option key={r.code} value={r.code}>
            {r.label}
          </option>
        ))}
      </select>
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </small>
      ) : null}
    </>
  )
}

/** Approve, or reject with a reason and comment: plain forms, so they work before (or without) JavaScript. */
export function DecisionPanel({
  reasons,
  errors,
  values,
}: {
  reasons: RejectionReasonView[]
  errors: DecisionErrors | null
  values: { reasonCode?: string; comment?: string } | null
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const id = useId()
  return (
    <section className="panel review-decision" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.decision.title')}</h2>
      {errors?.error ? (
        <p className="form-error" role="alert">
          {t(errors.error)}
        </p>
      ) : null}
      <Form method="post" className="decision-form">
        <input type="hidden" name="intent" value="approve" />
        <label htmlFor={`${id}-approve-comment`}>{t('admin.decision.approveComment')}</label>
        <textarea id={`${id}-approve-comment`} name="comment" rows={2} maxLength={1000} />
        <button type="submit" className="button approve" disabled={busy}>
          {t('admin.decision.approve')}
        </button>
      </Form>
      <Form method="post" className="decision-form reject-form">
        <input type="hidden" name="intent" value="reject" />
        <RejectReasonField
          id={`${id}-reason`}
          reasons={reasons}
          value={values?.reasonCode}
          error={errors?.reasonCode}
        />
        <label htmlFor={`${id}-comment`}>{t('admin.decision.comment')}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={3}
          maxLength={1000}
          defaultValue={values?.comment ?? ''}
          aria-invalid={errors?.comment ? true : undefined}
          aria-describedby={`${id}-comment-hint`}
        />
        {errors?.comment ? (
          <small className="field-error" role="alert">
            {t(errors.comment)}
          </small>
        ) : (
          <small id={`${id}-comment-hint`} className="field-hint">
            {t('admin.decision.commentHint')}
          </small>
        )}
        <button type="submit" className="button danger" disabled={busy}>
          {t('admin.decision.reject')}
        </button>
      </Form>
    </section>
  )
}

/** Who decided what, when and why, newest first, with the wait each decision ended. */
export function ReviewHistory({ events, when }: { events: ModerationEventView[]; when: Record<number, string> }) {
  const { t } = useI18n()
  return (
    <section className="panel review-history" aria-labelledby="history-title">
      <h2 id="history-title">{t('admin.history.title')}</h2>
      {events.length === 0 ? (
        <p>{t('admin.history.empty')}</p>
      ) : (
        <ol>
          {events.map((e) => (
            <li key={e.id} className={`history-${e.action}`}>
              <p>
                <strong>{t(`admin.history.${e.action}`)}</strong> · {e.actor?.name ?? t('admin.history.system')}
              </p>
              <p className="admin-hint">
                <time dateTime={e.createdAt}>{when[e.id]}</time>
                {e.waitedSeconds !== null
                  ? ` · ${t('admin.history.waited', { time: formatWait(e.waitedSeconds, t) })}`
                  : null}
              </p>
              {e.reasonText ? <p>{t('admin.history.reason', { reason: e.reasonText })}</p> : null}
              {e.comment ? <p className="history-comment">{e.comment}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
