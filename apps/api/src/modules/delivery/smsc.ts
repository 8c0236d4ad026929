import { DeliveryError, type SmsGateway } from './delivery.types.ts'

export interface SmscGatewayOptions {
  login: string
  password: string
  /** A sender name registered with SMSC; null or empty uses the account's default. */
  sender?: string | null
  fetch?: typeof globalThis.fetch
  endpoint?: string
  /** Gives up on SMSC after this long (default 10 s). */
  timeoutMs?: number
}

const E164 = /^\+[1-9]\d{7,14}$/

/** SMSC's error codes (https://smsc.kz/api/http/send/#errors), for readable messages. */
const SMSC_ERRORS: Record<number, string> = {
  1: 'invalid parameters',
  2: 'invalid login or password',
  3: 'not enough money on the account',
  4: 'the IP address is temporarily blocked',
  5: 'invalid date format',
  6: 'the message is forbidden (text or sender name)',
  7: 'invalid phone number format',
  8: 'the message cannot be delivered to this number',
  9: 'too many identical requests',
}

/**
 * Sends SMS through SMSC.kz's HTTP API (send.php, JSON answers with fmt=3). A refused message
 * (`{ error, error_code }`), an HTTP error or a network failure is a DeliveryError on the 'sms' channel;
 * SMSC's `error_code` is its `code`.
 */
export function createSmscGateway({
  login,
  password,
  sender = null,
  fetch = globalThis.fetch,
  endpoint = 'https://smsc.kz/sys/send.php',
  timeoutMs = 10_000,
}: SmscGatewayOptions): SmsGateway {
  return {
    async send(message) {
      if (!E164.test(message.to)) {
        throw new DeliveryError('sms', 'The phone number is not in E.164 format (+77011234567)', {
          code: 'invalid_phone',
        })
      }
      const form = new URLSearchParams({
        login,
        psw: password,
        phones: message.to.slice(1),
        mes: message.text,
        charset: 'utf-8',
        fmt: '3',
      })
      if (sender) form.set('sender', sender)

      let response: Response
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new DeliveryError('sms', `SMSC could not be reached: ${reason}`, { code: 'network', cause: error })
      }

      let answer: unknown
      try {
        answer = await response.json()
      } catch (error) {
        throw new DeliveryError('sms', `SMSC answered HTTP ${response.status} without JSON`, {
          code: response.ok ? 'bad_response' : `http_${response.status}`,
          cause: error,
        })
      }
      if (typeof answer === 'object' && answer !== null) {
        const { error, error_code: errorCode, id } = answer as { error?: unknown; error_code?: unknown; id?: unknown }
        if (error !== undefined || errorCode !== undefined) {
          const code = Number(errorCode)
          const reason = SMSC_ERRORS[code] ?? String(error ?? 'unknown error')
          throw new DeliveryError('sms', `SMSC refused the message: ${reason} (error_code ${String(errorCode)})`, {
            code: errorCode === undefined ? null : String(errorCode),
          })
        }
        if (response.ok && id !== undefined) return
      }
      throw new DeliveryError('sms', `SMSC answered HTTP ${response.status} with an unexpected body`, {
        code: response.ok ? 'bad_response' : `http_${response.status}`,
      })
    },
  }
}
