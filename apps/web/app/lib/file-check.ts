import { type FormEvent, useState } from 'react'
import type { MessageKey } from '../i18n/i18n.ts'

/**
 * Submit-time check of a form's one file field (the profile photo, a dealer's logo): no file chosen or one over
 * `maxBytes` stops the post with its message and focuses the field; what the file really is the server decides.
 * `clear` is for the field's onChange (a new choice clears the message).
 */
export function useFileCheck(
  field: string,
  maxBytes: number,
  messages: { required: MessageKey; tooLarge: MessageKey },
) {
  const [error, setError] = useState<MessageKey | null>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem(field)
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
    const problem = !file ? messages.required : file.size > maxBytes ? messages.tooLarge : null
    setError(problem)
    if (problem) {
      event.preventDefault()
      if (input instanceof HTMLInputElement) input.focus()
    }
  }
  return { error, onSubmit, clear: () => setError(null) }
}
