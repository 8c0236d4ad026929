import type { Showroom } from '@tulpar/contracts'
import { formatPhone } from '@tulpar/contracts/phone'
import { Form } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { FormError, SelectField, TextField } from '../../ui/field.tsx'
import type { ShowroomFormResult } from './showrooms.server.ts'

interface Props {
  dealerId: number
  showrooms: Showroom[]
  cities: { id: number; name: string }[]
  /** The last showroom form's answer (its field errors belong to the form with the same index). */
  result: ShowroomFormResult | undefined
}

/**
 * The owner's showroom forms on `/account/dealer` (issue 38): each showroom's fields with Save and Remove, and one
 * more to add a showroom. Plain POST forms: they work before and without JavaScript.
 */
export function ShowroomForms({ dealerId, showrooms, cities, result }: Props) {
  const { t } = useI18n()
  const failed = result && !result.ok ? result : null
  return (
    <section className="dealer-showrooms" aria-labelledby={`showrooms-${dealerId}`}>
      <h3 id={`showrooms-${dealerId}`}>{t('dealer.page.showrooms')}</h3>
      {showrooms.length === 0 ? <p className="muted">{t('dealer.showroom.none')}</p> : null}
      {showrooms.map((s, i) => (
        <details key={s.id} className="panel showroom-edit" open={failed?.index === String(i)}>
          <summary>
            {s.city.name}, {s.address}
          </summary>
          <ShowroomForm
            dealerId={dealerId}
            index={String(i)}
            showroom={s}
            cities={cities}
            failed={failed?.index === String(i) ? failed : null}
          />
          <Form method="post" className="inline-form">
            <input type="hidden" name="dealerId" value={dealerId} />
            <input type="hidden" name="index" value={i} />
            <button type="submit" name="intent" value="showroom-remove" className="link-button danger-text">
              {t('dealer.showroom.remove')}
            </button>
          </Form>
        </details>
      ))}
      <details className="panel showroom-edit" open={failed?.index === ''}>
        <summary>{t('dealer.showroom.add')}</summary>
        <ShowroomForm
          dealerId={dealerId}
          index=""
          showroom={null}
          cities={cities}
          failed={failed?.index === '' ? failed : null}
        />
      </details>
    </section>
  )
}

function ShowroomForm({
  dealerId,
  index,
  showroom,
  cities,
  failed,
}: {
  dealerId: number
  index: string
  showroom: Showroom | null
  cities: { id: number; name: string }[]
  failed: Extract<ShowroomFormResult, { ok: false }> | null
}) {
  const { t } = useI18n()
  const id = (name: string) => `showroom-${dealerId}-${index || 'new'}-${name}`
  const fieldError = (field: keyof Extract<ShowroomFormResult, { ok: false }>['fields']) => {
    const key = failed?.fields[field]
    return key ? t(key) : null
  }
  return (
    <Form method="post" className="stack" noValidate>
      <input type="hidden" name="dealerId" value={dealerId} />
      <input type="hidden" name="index" value={index} />
      <FormError error={failed?.error} />
      <SelectField
        id={id('city')}
        name="cityId"
        label={t('dealer.apply.city')}
        empty={t('dealer.showroom.chooseCity')}
        defaultValue={showroom?.city.id ?? ''}
        error={fieldError('cityId')}
      >
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={id('address')}
        name="address"
        label={t('dealer.showroom.address')}
        defaultValue={showroom?.address ?? ''}
        maxLength={200}
        error={fieldError('address')}
      />
      <div className="pair">
        <TextField
          id={id('lat')}
          name="lat"
          inputMode="decimal"
          label={t('dealer.showroom.lat')}
          defaultValue={showroom?.lat ?? ''}
          error={fieldError('coordinates')}
        />
        <TextField
          id={id('lng')}
          name="lng"
          inputMode="decimal"
          label={t('dealer.showroom.lng')}
          defaultValue={showroom?.lng ?? ''}
          hint={t('dealer.showroom.coordinatesHint')}
        />
      </div>
      <TextField
        id={id('phones')}
        name="phones"
        label={t('dealer.apply.phones')}
        defaultValue={showroom?.phones.map(formatPhone).join(', ') ?? ''}
        hint={t('dealer.apply.phonesHint')}
        error={fieldError('phones')}
      />
      <TextField
        id={id('hours')}
        name="workingHours"
        label={t('dealer.apply.hours')}
        defaultValue={showroom?.workingHours ?? ''}
        maxLength={120}
        error={fieldError('workingHours')}
      />
      <button type="submit" name="intent" value="showroom-save" className="button ghost">
        {showroom ? t('dealer.showroom.save') : t('dealer.showroom.add')}
      </button>
    </Form>
  )
}
