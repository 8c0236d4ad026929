import type { DealerLogo as Logo } from '@tulpar/contracts'
import { DEALER_LOGO_MAX_BYTES, DEALER_LOGO_TYPES } from '@tulpar/contracts/seller-constants'
import { Form } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useFileCheck } from '../../lib/file-check.ts'
import { DealerLogo } from './dealer-logo.tsx'

interface Props {
  dealerId: number
  name: string
  logo: Logo | null
  /** The refusal of this dealer's last logo upload, translated. */
  error: MessageKey | null
}

/**
 * The owner's logo form on `/account/dealer` (issue 38): the current logo, a plain multipart form posted to the
 * route's action (it works without JavaScript) and a Remove button. With JavaScript, an empty choice or a file over
 * the limit is caught before anything is sent; whether the file is a PNG, JPEG or WebP the server decides.
 */
export function LogoForm({ dealerId, name, logo, error }: Props) {
  const { t } = useI18n()
  const check = useFileCheck('logo', DEALER_LOGO_MAX_BYTES, {
    required: 'dealer.logo.required',
    tooLarge: 'dealer.logo.tooLarge',
  })
  const shown = check.error ?? error
  const id = `logo-${dealerId}`

  return (
    <section className="dealer-logo-edit" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('dealer.logo.title')}</h3>
      {logo ? (
        <DealerLogo logo={logo} alt={t('dealer.logo.alt', { name })} size={96} />
      ) : (
        <p className="muted">{t('dealer.logo.none')}</p>
      )}
      <Form
        method="post"
        action={`?dealer=${dealerId}`}
        encType="multipart/form-data"
        noValidate
        className="stack"
        onSubmit={check.onSubmit}
      >
        <label>
          {t('dealer.logo.field')}
          <input
            type="file"
            name="logo"
            accept={DEALER_LOGO_TYPES.join(',')}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-${shown ? 'error' : 'hint'}`}
            onChange={check.clear}
          />
        </label>
        {shown ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {t(shown)}
          </p>
        ) : (
          <p id={`${id}-hint`} className="muted">
            {t('dealer.logo.hint')}
          </p>
        )}
        <button type="submit" className="button ghost">
          {t('dealer.logo.upload')}
        </button>
      </Form>
      {logo ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="dealerId" value={dealerId} />
          <button type="submit" name="intent" value="logo-remove" className="link-button danger-text">
            {t('dealer.logo.remove')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
