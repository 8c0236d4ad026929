import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { MessageKey } from '../i18n/i18n.ts'
import { useToast } from '../ui/toast.tsx'

/**
 * What a form's action answers (to its fetcher with JavaScript, to the re-rendered page without): whether the post
 * went through, the values to show again, each field's error and the form's own error.
 */
export type FormAnswer<F extends string> = {
  ok: boolean
  values: Record<F, string>
  fieldErrors: Partial<Record<F, MessageKey>>
  error: MessageKey | null
}

/**
 * Submit-time validation in the browser with the same rules the action applies (the contracts' checks): on
 * submit the form's fields are read and checked; with errors the post is stopped, the errors shown and the first
 * field in `fields`' order focused; without, the errors are cleared and the post goes on. Before the code runs
 * (and without JavaScript) the server's answer shows the same errors. The web's one submit-time validator.
 */
export function useSubmitValidation<F extends string, E>(
  fields: readonly F[],
  validate: (values: Record<F, string>) => Partial<Record<F, E>>,
) {
  const [errors, setErrors] = useState<Partial<Record<F, E>> | null>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    const values = {} as Record<F, string>
    for (const name of fields) values[name] = String(form.get(name) ?? '')
    const found = validate(values)
    if (Object.keys(found).length > 0) {
      event.preventDefault()
      setErrors(found)
      const first = fields.find((name) => found[name] !== undefined)
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setErrors(null)
  }
  /** The browser's errors since the last submit, or null when it found none (then the server's apply). */
  return { errors, onSubmit }
}

/**
 * Once per answer to a fetcher's post, when the fetcher is idle again: the `received` toast (then `onDone`) when the
 * post went through, its error's toast when it did not. The forms' one way of saying how a post went.
 */
export function useAnswerToast(
  fetcher: { data?: { ok: boolean; error: MessageKey | null }; state: string },
  received: MessageKey,
  onDone?: () => void,
) {
  const toast = useToast()
  const handled = useRef<object | null>(null)
  useEffect(() => {
    const data = fetcher.data
    if (!data || fetcher.state !== 'idle' || handled.current === data) return
    handled.current = data
    if (data.ok) {
      toast.success(received)
      onDone?.()
    } else if (data.error) toast.error(data.error)
  }, [fetcher.data, fetcher.state, toast, received, onDone])
}
