import { formatPhone, normaliseKzPhone } from '@tulpar/contracts/phone'
import { Form, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { TextField } from '../../ui/field.tsx'
import { SEND_CODE_FORM } from './form-data.ts'
import type { PhoneCodeState } from './phone-confirm.server.ts'

export function SendCodeForm() {
  return (
    <Form method="post" id={SEND_CODE_FORM} hidden>
      <input type="hidden" name="intent" value="send-code" />
    </Form>
  )
}

/**
 * The contact phone confirmed with an SMS code, in place: at the publish step (the code is checked, then the
 * listing sent) and at the price step of a listing under review or published whose number changes (checked, then
 * saved). The code field belongs to the step form; "send code" posts `sendForm` when given (the publish step),
 * else the step form itself with intent `send-code`. Works without JavaScript.
 */
export function PhoneConfirm({
  phone: rawPhone,
  state,
  sendForm,
  changeLink = false,
  isNewNumber = false,
}: {
  phone: string
  state?: PhoneCodeState
  sendForm?: string
  changeLink?: boolean
  /** A number about to replace the contact phone of a listing under review or published. */
  isNewNumber?: boolean
}) {
  const { t } = useI18n()
  const e164 = normaliseKzPhone(rawPhone)
  const phone = e164 ? formatPhone(e164) : rawPhone
  const sent = state?.sent ?? false
  return (
    <fieldset className="phone-confirm">
      <legend>{t('sell.phone.title')}</legend>
      <p>{t(isNewNumber ? 'sell.phone.textNew' : 'sell.phone.text', { phone })}</p>
      {sent ? (
        <p className="notice" role="status">
          {t('sell.phone.sent', { phone })}
        </p>
      ) : null}
      <div className="phone-confirm-send">
        {sendForm ? (
          <button type="submit" form={sendForm} className="button ghost">
            {sent ? t('sell.phone.resend') : t('sell.phone.send')}
          </button>
        ) : (
          <button type="submit" name="intent" value="send-code" className="button ghost">
            {sent ? t('sell.phone.resend') : t('sell.phone.send')}
          </button>
        )}
        {changeLink ? <Link to="?step=price">{t('sell.phone.change')}</Link> : null}
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

/**
 * The step form's first submit button is the one Enter presses: when "send code" sits inside the form, this
 * invisible copy of the main action comes first, so Enter in the code field saves instead of sending again.
 */
export function DefaultSubmit({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} className="visually-hidden" tabIndex={-1} aria-hidden />
}
