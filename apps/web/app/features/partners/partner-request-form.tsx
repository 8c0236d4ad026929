import { PARTNER_COMMENT_MAX_LENGTH, PARTNER_NAME_MAX_LENGTH } from '@tulpar/contracts/constants'
import { useFetcher } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useAnswerToast, useSubmitValidation } from '../../lib/form-validation.ts'
import { FormError, PHONE_INPUT, TextAreaField, TextField } from '../../ui/field.tsx'
import {
  PARTNER_REQUEST_FIELDS,
  type PartnerRequestResult,
  type PartnerRequestValues,
  validatePartnerRequest,
} from './partner-request.ts'

/**
 * The spec's service request: name, phone and a short comment. Checked in the browser first (the rules of the
 * server), posted to the detail page's action; 'partner request received' replaces the form on success.
 * Without JavaScript it is a plain form post and the page comes back with the errors or the notice.
 */
export function PartnerRequestForm({
  partnerName,
  prefill,
  fallback,
}: {
  partnerName: string
  /** A signed-in visitor's name and phone. */
  prefill: { name: string; phone: string }
  /** The action's answer when the form was posted without JavaScript. */
  fallback: PartnerRequestResult | undefined
}) {
  const { t } = useI18n()
  const fetcher = useFetcher<PartnerRequestResult>()
  const { errors: clientErrors, onSubmit } = useSubmitValidation(PARTNER_REQUEST_FIELDS, validatePartnerRequest)
  const result = fetcher.data ?? fallback
  const errors = clientErrors ?? result?.fieldErrors ?? {}
  const values: PartnerRequestValues = result && !result.ok ? result.values : { ...prefill, comment: '' }

  useAnswerToast(fetcher, 'partners.request.received')

  if (result?.ok) {
    return (
      <p className="form-success" role="status">
        {t('partners.request.receivedText', { name: partnerName })}
      </p>
    )
  }

  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" noValidate className="partner-request-form" onSubmit={onSubmit}>
      <TextField
        id="partner-request-name"
        name="name"
        autoComplete="name"
        label={t('partners.request.name')}
        defaultValue={values.name}
        maxLength={PARTNER_NAME_MAX_LENGTH}
        error={errors.name ? t(errors.name) : null}
      />
      <TextField
        {...PHONE_INPUT}
        id="partner-request-phone"
        name="phone"
        label={t('partners.request.phone')}
        hint={t('partners.request.phoneHint')}
        defaultValue={values.phone}
        error={errors.phone ? t(errors.phone) : null}
      />
      <TextAreaField
        id="partner-request-comment"
        name="comment"
        label={t('partners.request.comment')}
        hint={t('partners.request.commentHint')}
        rows={3}
        maxLength={PARTNER_COMMENT_MAX_LENGTH}
        defaultValue={values.comment}
        error={errors.comment ? t(errors.comment) : null}
      />
      <FormError error={fetcher.data ? null : result?.error} />
      <p className="partner-consent">{t('partners.request.consent')}</p>
      <button type="submit" className="button primary block" disabled={busy}>
        {busy ? t('partners.request.sending') : t('partners.request.submit')}
      </button>
    </fetcher.Form>
  )
}
