import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { ALL_KAZAKHSTAN, type CityChoice } from './city-storage.ts'

export interface CityOption {
  id: number
  name: string
}

interface Props {
  cities: CityOption[]
  current: CityChoice | null
  open: boolean
  /** Not dismissible when no city is known yet (spec: shown at start-up until one is chosen). */
  required: boolean
  onApply: (choice: CityChoice) => void
  onClose: () => void
}

/**
 * Spec: lists the cities, highlights the chosen one, and keeps Apply disabled until one is chosen; "all
 * Kazakhstan" comes first, as a choice like a city. It is 700 px wide with a 500 px list, and fills the screen
 * on a phone. A native <dialog> gives the focus trap and Escape handling; Escape is ignored while a choice is
 * required. The dialog's first focus goes to its title, not to a city, so no city looks chosen before a tap.
 */
export function CityDialog({ cities, current, open, required, onApply, onClose }: Props) {
  const { t } = useI18n()
  const ref = useRef<HTMLDialogElement>(null)
  const title = useRef<HTMLHeadingElement>(null)
  const [selected, setSelected] = useState<CityChoice | null>(current)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      setSelected(current)
      dialog.showModal()
      title.current?.focus()
    } else if (!open && dialog.open) dialog.close()
  }, [open, current])

  const options: { value: CityChoice; name: string }[] = [
    { value: ALL_KAZAKHSTAN, name: t('header.allKazakhstan') },
    ...cities.map((c) => ({ value: c.id, name: c.name })),
  ]

  return (
    <dialog
      ref={ref}
      className="city-dialog"
      aria-labelledby="city-dialog-title"
      onCancel={(e) => {
        e.preventDefault()
        if (!required) onClose()
      }}
    >
      <div className="city-dialog-head">
        <h2 id="city-dialog-title" ref={title} tabIndex={-1}>
          {t('city.title')}
        </h2>
        {required ? null : (
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('city.close')}>
            ×
          </button>
        )}
      </div>
      <p className="city-dialog-hint">{t('city.hint')}</p>
      <ul className="city-list" aria-label={t('city.title')}>
        {options.map((o) => (
          <li key={o.value}>
            <button
              type="button"
              className={o.value === selected ? 'city-option selected' : 'city-option'}
              aria-pressed={o.value === selected}
              onClick={() => setSelected(o.value)}
            >
              {o.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="city-dialog-actions">
        <button
          type="button"
          className="button primary"
          disabled={selected === null}
          onClick={() => selected !== null && onApply(selected)}
        >
          {t('city.apply')}
        </button>
      </div>
    </dialog>
  )
}
