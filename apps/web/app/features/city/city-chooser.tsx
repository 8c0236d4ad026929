import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Icon } from '../../ui/icon.tsx'
import { api } from '../api/client.ts'
import { CityDialog, type CityOption } from './city-dialog.tsx'
import { readStoredCityId, storeCityId } from './city-storage.ts'

interface Props {
  cities: CityOption[]
  /** The city the server knows (cookie, else the profile's). */
  currentId: number | null
  /** The signed-in user's profile, to keep its city in step. */
  profile: { id: number; city: number | null } | null
}

/** Best effort: the city is also kept locally, and a stale stored token makes the client reload logged out. */
async function saveProfileCity(profileId: number, city: number): Promise<void> {
  await api.request(`/api/profiles/update/${profileId}/`, { method: 'PATCH', body: { city } })
}

/**
 * The header's city button and the city dialog, with the spec's start-up rules: a city stored locally wins and
 * is saved to a profile that has none; with no city anywhere the dialog opens and cannot be dismissed.
 */
export function CityChooser({ cities, currentId, profile }: Props) {
  const { t } = useI18n()
  const revalidator = useRevalidator()
  const [open, setOpen] = useState(false)
  const [required, setRequired] = useState(false)
  const current = cities.find((c) => c.id === currentId) ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: start-up rules run once after hydration
  useEffect(() => {
    const stored = readStoredCityId()
    const known = stored ?? currentId ?? profile?.city ?? null
    if (known === null) {
      setRequired(true)
      setOpen(true)
      return
    }
    if (stored === null || stored !== currentId) {
      storeCityId(known)
      if (known !== currentId) void revalidator.revalidate()
    }
    if (profile && profile.city === null) void saveProfileCity(profile.id, known)
  }, [])

  const apply = async (id: number) => {
    storeCityId(id)
    setOpen(false)
    setRequired(false)
    if (profile && profile.city !== id) await saveProfileCity(profile.id, id)
    await revalidator.revalidate()
  }

  return (
    <>
      <button type="button" className="city-chip" onClick={() => setOpen(true)} title={t('city.choose')}>
        <Icon name="pin" size={18} />
        <span>{current?.name ?? t('header.allKazakhstan')}</span>
      </button>
      <CityDialog
        cities={cities}
        currentId={currentId}
        open={open}
        required={required}
        onApply={(id) => void apply(id)}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
