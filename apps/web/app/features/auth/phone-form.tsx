import { PHONE_PLACEHOLDER } from '@tulpar/contracts/phone'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { PHONE_INPUT, TextField } from '../../ui/field.tsx'
import { useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { cleanPhone, formatPhone, normaliseKzPhone } from './phone.ts'
import { phoneErrorKey } from './phone-errors.ts'
import { useFinishSignIn } from './use-finish-sign-in.ts'

/** The API sends at most one code a minute per number. */
const RESEND_AFTER_MS = 60_000

/** Seconds left until `until`, ticking once a second while positive. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (until <= Date.now()) return
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= until) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/** Spec section 4: phone sign-in in two steps, an SMS code and then its confirmation. */
export function PhoneForm() {
  const { t } = useI18n()
  const toast = useToast()
  const hydrated = useHydrated()
  const finish = useFinishSignIn()
  const [step, setStep] = useState<'phone' | 'code'>('phone')
  const [phone, setPhone] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [phoneError, setPhoneError] = useState<MessageKey | null>(null)
  const [codeError, setCodeError] = useState<MessageKey | null>(null)
  const [busy, setBusy] = useState(false)
  const [resendAt, setResendAt] = useState(0)
  const secondsLeft = useCountdown(resendAt)
  const codeInput = useRef<HTMLInputElement>(null)
  const phoneInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (step === 'code') codeInput.current?.focus()
  }, [step])

  async function sendCode(resend: boolean) {
    const e164 = normaliseKzPhone(phone)
    if (!e164) {
      setPhoneError('validation.phone')
      phoneInput.current?.focus()
      return
    }
    setPhoneError(null)
    setBusy(true)
    const res = await api.request('/api/profiles/register-by-phone/', {
      method: 'POST',
      body: { phone: cleanPhone(phone) },
    })
    setBusy(false)
    if (!res.ok) {
      if (res.code === 'phone.invalid') setPhoneError('validation.phone')
      else toast.error(phoneErrorKey(res.code))
      return
    }
    setSentTo(e164)
    setCode('')
    setCodeError(null)
    setResendAt(Date.now() + RESEND_AFTER_MS)
    setStep('code')
    if (resend) {
      toast.info('notice.codeSent')
      codeInput.current?.focus()
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) {
      setCodeError('auth.code.format')
      codeInput.current?.focus()
      return
    }
    setCodeError(null)
    setBusy(true)
    const res = await api.request('/api/profiles/verify-phone/', {
      method: 'POST',
      body: { code, phone: sentTo ?? undefined },
    })
    if (res.ok) {
      await finish()
      return
    }
    setBusy(false)
    toast.error(phoneErrorKey(res.code))
  }

  if (step === 'phone') {
    return (
      <form
        method="post"
        noValidate
        className="auth-form"
        onSubmit={(e) => {
          e.preventDefault()
          void sendCode(false)
        }}
      >
        <TextField
          {...PHONE_INPUT}
          ref={phoneInput}
          label={t('auth.phone')}
          name="phone"
          placeholder={PHONE_PLACEHOLDER}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={phoneError && t(phoneError)}
          required
        />
        <button type="submit" className="button primary block" disabled={!hydrated || busy} aria-busy={busy}>
          {t('auth.phone.sendCode')}
        </button>
      </form>
    )
  }

  return (
    <form method="post" noValidate className="auth-form" onSubmit={verify}>
      <p className="code-sent">
        {t('auth.code.sentTo', { phone: formatPhone(sentTo ?? '').replaceAll(' ', '\u00a0') })}
      </p>
      <TextField
        ref={codeInput}
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={t('auth.code.hint')}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={codeError && t(codeError)}
        className="code-input"
        required
      />
      <button type="submit" className="button primary block" disabled={!hydrated || busy} aria-busy={busy}>
        {t('auth.code.submit')}
      </button>
      <div className="code-actions">
        {secondsLeft > 0 ? (
          <span className="muted" aria-live="off">
            {t('auth.code.resendIn', { seconds: secondsLeft })}
          </span>
        ) : (
          <button type="button" className="link-button" disabled={busy} onClick={() => void sendCode(true)}>
            {t('auth.code.resend')}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setStep('phone')
            setCodeError(null)
          }}
        >
          {t('auth.code.changePhone')}
        </button>
      </div>
    </form>
  )
}
