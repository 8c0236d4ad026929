import { useFetcher } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useAnswerToast, useSubmitValidation } from '../../lib/form-validation.ts'
import { Dialog } from '../../ui/dialog.tsx'
import { FormError, PHONE_INPUT, TextField } from '../../ui/field.tsx'
import {
  CALLBACK_FIELDS,
  type CallbackResult,
  type CallbackValues,
  NAME_MAX_LENGTH,
  validateCallback,
} from './contact.ts'

const EMPTY: CallbackValues = { phone: '', lastName: '', firstName: '' }

/**
 * The spec's call-back form: phone, last name, first name. Checked in the browser first (the same rules as the
 * server), posted to the page's action, 'request accepted' as a toast on success.
 */
export function CallbackForm({
  fallback,
  idPrefix,
  onDone,
}: {
  /** The action's answer when the form was posted without JavaScript. */
  fallback: CallbackResult | undefined
  idPrefix: string
  onDone: () => void
}) {
  const { t } = useI18n()
  // Unkeyed: the answer lives and dies with this form, so reopening the dialog starts afresh.
  const fetcher = useFetcher<CallbackResult>()
  const { errors: clientErrors, onSubmit } = useSubmitValidation(CALLBACK_FIELDS, validateCallback)
  const result = fetcher.data ?? fallback
  const errors = clientErrors ?? result?.fieldErrors ?? {}
  const values = result && !result.ok ? result.values : EMPTY

  useAnswerToast(fetcher, 'car.callback.accepted', onDone)

  if (!fetcher.data && fallback?.ok) {
    return (
      <p className="form-success" role="status">
        {t('car.callback.acceptedText')}
      </p>
    )
  }

  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" noValidate className="callback-form" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="callback" />
      <TextField
        {...PHONE_INPUT}
        id={`${idPrefix}-callback-phone`}
        name="phone"
        label={t('car.callback.phone')}
        hint={t('car.callback.phoneHint')}
        defaultValue={values.phone}
        error={errors.phone ? t(errors.phone) : null}
      />
      <TextField
        id={`${idPrefix}-callback-last-name`}
        name="lastName"
        autoComplete="family-name"
        label={t('car.callback.lastName')}
        defaultValue={values.lastName}
        maxLength={NAME_MAX_LENGTH}
        error={errors.lastName ? t(errors.lastName) : null}
      />
      <TextField
        id={`${idPrefix}-callback-first-name`}
        name="firstName"
        autoComplete="given-name"
        label={t('car.callback.firstName')}
        defaultValue={values.firstName}
        maxLength={NAME_MAX_LENGTH}
        error={errors.firstName ? t(errors.firstName) : null}
      />
      <FormError error={fetcher.data ? null : result?.error} />
      <button type="submit" className="button primary block" disabled={busy}>
        {busy ? t('car.callback.sending') : t('car.callback.submit')}
      </button>
    </fetcher.Form>
  )
}

export function CallbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n()
  return (
    <Dialog open={open} onClose={onClose} labelledBy="callback-title" describedBy="callback-text">
      <div className="dialog-body">
        <div className="dialog-head">
          <h2 id="callback-title">{t('car.callback.title')}</h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <p id="callback-text">{t('car.callback.text')}</p>
        <CallbackForm fallback={undefined} idPrefix="dialog" onDone={onClose} />
      </div>
    </Dialog>
  )
}
