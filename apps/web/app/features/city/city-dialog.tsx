import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'

export interface CityOption {
  id: number
  name: string
}

interface Props {
  cities: CityOption[]
  currentId: number | null
  open: boolean
  /** Not dismissible when no city is known yet (spec: shown at start-up until one is chosen). */
  required: boolean
  onApply: (id: number) => void
  onClose: () => void
}

/**
 * Spec: lists the cities, highlights the chosen one, and keeps Apply disabled until one is chosen.
 * It is 700 px wide with a 500 px list, and fills the screen on a phone. A native <dialog> gives the focus
 * trap and Escape handling; Escape is ignored while a choice is required.
 */
export function CityDialog({ cities, currentId, open, required, onApply, onClose }: Props) {
  const { t } = useI18n()
  const ref = useRef<HTMLDialogElement>(null)
  const [selected, setSelected] = useState<number | null>(currentId)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      setSelected(currentId)
      dialog.showModal()
    } else if (!open && dialog.open) dialog.close()
  }, [open, currentId])

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
        <h2 id="city-dialog-title">{t('city.title')}</h2>
        {required ? null : (
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('city.close')}>
            ×
          </button>
        )}
      </div>
      <p className="city-dialog-hint">{t('city.hint')}</p>
      <ul className="city-list" aria-label={t('city.title')}>
        {cities.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={c.id === selected ? 'city-option selected' : 'city-option'}
              aria-pressed={c.id === selected}
              onClick={() => setSelected(c.id)}
            >
              {c.name}
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
