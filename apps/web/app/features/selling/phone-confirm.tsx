import type { SellerListing } from '@tulpar/contracts'
import { Form, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { TextField } from '../../ui/field.tsx'
import { formatPhone } from '../auth/phone.ts'
import type { PhoneCodeState } from './phone-confirm.server.ts'

/** The form the "send code" button posts; it lives outside the step form, so Enter in the code field publishes. */
export const SEND_CODE_FORM = 'send-phone-code'

export function SendCodeForm() {
  return (
    <Form method="post" id={SEND_CODE_FORM} hidden>
      <input type="hidden" name="intent" value="send-code" />
    </Form>
  )
}

/**
 * In the publish step: the contact phone is confirmed here with an SMS code, in place. The code field belongs to
 * the step form (publishing confirms it first); "send code" posts the separate form. Works without JavaScript.
 */
export function PhoneConfirm({ listing, state }: { listing: SellerListing; state?: PhoneCodeState }) {
  const { t } = useI18n()
  const phone = listing.contactPhone ? formatPhone(listing.contactPhone) : ''
  if (listing.contactPhoneConfirmed) return <p className="muted">{t('sell.phone.confirmed', { phone })}</p>
  const sent = state?.sent ?? false
  return (
    <fieldset className="phone-confirm">
      <legend>{t('sell.phone.title')}</legend>
      <p>{t('sell.phone.text', { phone })}</p>
      {sent ? (
        <p className="notice" role="status">
          {t('sell.phone.sent', { phone })}
        </p>
      ) : null}
      <div className="phone-confirm-send">
        <button type="submit" form={SEND_CODE_FORM} className="button ghost">
          {sent ? t('sell.phone.resend') : t('sell.phone.send')}
        </button>
        <Link to="?step=price">{t('sell.phone.change')}</Link>
      </div>
      <TextField
        label={t('sell.phone.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        hint={t('auth.code.hint')}
        error={state?.error ? t(state.error) : null}
      />
    </fieldset>
  )
}
