import { type FormEvent, useId, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { type AccountActionResult, PHOTO_ACCEPT, PHOTO_MAX_BYTES } from './account-action.ts'

type PhotoResult = Extract<AccountActionResult, { intent: 'photo' }>

/**
 * The profile photo: the current one (or the first letter of the name), and a plain multipart form posted to
 * the route's action, so it works without JavaScript. With it, an empty choice or a file over 10 MB is
 * caught before anything is sent; whether the file is an image the server decides.
 */
export function PhotoForm({ photo, name, result }: { photo: string | null; name: string; result: PhotoResult | null }) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const id = useId()
  const [checkError, setCheckError] = useState<MessageKey | null>(null)
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'photo'
  const error = checkError ?? (result && !result.ok ? result.message : null)

  function check(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem('photo')
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
    const problem: MessageKey | null = !file
      ? 'account2.photo.required'
      : file.size > PHOTO_MAX_BYTES
        ? 'account2.photo.tooLarge'
        : null
    setCheckError(problem)
    if (problem) {
      event.preventDefault()
      if (input instanceof HTMLInputElement) input.focus()
    }
  }

  return (
    <section className="panel photo-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account2.photo.title')}</h2>
      <div className="photo-row">
        {photo ? (
          <img className="avatar" src={photo} alt={t('account2.photo.current')} width={96} height={96} />
        ) : (
          <span className="avatar avatar-empty" role="img" aria-label={t('account2.photo.none')}>
            {name.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <Form method="post" encType="multipart/form-data" noValidate className="photo-form" onSubmit={check}>
          <input type="hidden" name="intent" value="photo" />
          <div className="field">
            <label htmlFor={`${id}-file`}>{t('account2.photo.field')}</label>
            <input
              id={`${id}-file`}
              type="file"
              name="photo"
              accept={PHOTO_ACCEPT}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
              onChange={() => setCheckError(null)}
            />
            {error ? (
              <small id={`${id}-error`} className="field-error" role="alert">
                {t(error)}
              </small>
            ) : (
              <small id={`${id}-hint`} className="field-hint">
                {t('account2.photo.hint')}
              </small>
            )}
          </div>
          <button type="submit" className="button ghost" disabled={busy} aria-busy={busy}>
            {t('account2.photo.upload')}
          </button>
        </Form>
      </div>
    </section>
  )
}
