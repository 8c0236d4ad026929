import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { MessageKey, Params } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'

export type ToastKind = 'error' | 'success' | 'info'

/** Spec section 8: notifications stay 10 seconds. */
const TOAST_DURATION_MS = 10_000
const MAX_TOASTS = 4

interface Toast {
  id: number
  kind: ToastKind
  /** A message key, translated on render: a notice follows a language switch. */
  message: MessageKey
  params?: Params
}

export interface ToastApi {
  show: (kind: ToastKind, message: MessageKey, params?: Params) => void
  error: (message: MessageKey, params?: Params) => void
  success: (message: MessageKey, params?: Params) => void
  info: (message: MessageKey, params?: Params) => void
  dismiss: (id: number) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/**
 * Notifications (spec section 8): top right, 10 seconds, a close button, kinds error, success and info.
 * Lives in the root so a notice survives the navigation that follows an action (signed in → account).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const [toasts, setToasts] = useState<Toast[]>([])
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const nextId = useRef(0)

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id)
    if (timer) clearTimeout(timer)
    timers.current.delete(id)
    setToasts((list) => list.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (kind: ToastKind, message: MessageKey, params?: Params) => {
      const id = ++nextId.current
      setToasts((list) => [...list.slice(-(MAX_TOASTS - 1)), { id, kind, message, params }])
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      )
    },
    [dismiss],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [])

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      error: (m, p) => show('error', m, p),
      success: (m, p) => show('success', m, p),
      info: (m, p) => show('info', m, p),
    }),
    [show, dismiss],
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" role="status" aria-live="polite" aria-label={t('toast.region')}>
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`} data-kind={toast.kind}>
            <span className="toast-icon" aria-hidden="true">
              {toast.kind === 'error' ? '!' : toast.kind === 'success' ? '✓' : 'i'}
            </span>
            <p>{t(toast.message, toast.params)}</p>
            <button
              type="button"
              className="toast-close"
              aria-label={t('toast.close')}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast outside ToastProvider')
  return api
}

/** An action's answer as the forms' fetchers get it: a notice to show, in green or red. */
export interface ActionNotice {
  ok: boolean
  message: MessageKey
  params?: Params
}

/** Shows an action's answer (a fetcher's data) as a notice once, when it arrives. */
export function useNoticeOf(answer: ActionNotice | undefined): void {
  const toast = useToast()
  useEffect(() => {
    if (!answer) return
    if (answer.ok) toast.success(answer.message)
    else toast.error(answer.message, answer.params)
  }, [answer, toast])
}
