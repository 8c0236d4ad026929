import { lazy, Suspense, useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ignoreAbort } from '../../ui/ignore-abort.ts'
import type { CityOption } from './city-dialog.tsx'
import { ALL_KAZAKHSTAN, type CityChoice, cityChoiceFromCookie, readStoredCity, storeCity } from './city-storage.ts'

interface Props {
  cities: CityOption[]
  /**
   * The choice the page shows (use-city-choice.ts: the server's, or this browser's on a page rendered without the
   * city, else the profile's city); undefined while such a page is the server's.
   */
  current: CityChoice | null | undefined
  /** The page was rendered without the city (lib/city-neutral.ts): its server's data says nothing of the choice. */
  fromBrowser: boolean
  /** The signed-in user's profile, to keep its city in step. */
  profile: { id: number; city: number | null } | null
}

/** Best effort: the city is also kept locally, and a stale stored token makes the client reload logged out. */
async function saveProfileCity(profileId: number, city: number): Promise<boolean> {
  // The API client loads when first needed, not with every page.
  const { api } = await import('../../lib/api/client.ts')
  const saved = await api.request(`/api/profiles/update/${profileId}/`, { method: 'PATCH', body: { city } })
  return saved.ok
}

/**
 * The dialog's code loads the first time it opens (a first-time visitor's start-up, or a tap on the chip), not
 * with every page: most visits never open it, and every page's first load pays for what it carries.
 */
const CityDialog = lazy(() => import('./city-dialog.tsx').then((m) => ({ default: m.CityDialog })))

/**
 * The header's city button and the city dialog, with the spec's start-up rules: a choice stored locally wins and
 * is saved to a profile that has no city (also when the profile appears later, after signing in or registering
 * on this page); with no choice anywhere the dialog opens and cannot be dismissed.
 */
export function CityChooser({ cities, current, fromBrowser, profile }: Props) {
  const { t } = useI18n()
  const revalidator = useRevalidator()
  const [open, setOpen] = useState(false)
  // Once opened it stays mounted, so closing it plays out as the native dialog does.
  const [wanted, setWanted] = useState(false)
  const [required, setRequired] = useState(false)
  useEffect(() => {
    if (open) setWanted(true)
  }, [open])
  const currentCity = cities.find((c) => c.id === current) ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: start-up rules run after hydration and for a new profile
  useEffect(() => {
    // The guests' copy of a signed-in visitor's page, their part (and profile) still to apply: their profile decides.
    if (!profile && window.__tulparViewer) return
    const stored = readStoredCity()
    // What the server rendered with (cookie, else the profile's city); on a page rendered without it, the cookie.
    const served = fromBrowser ? cityChoiceFromCookie(document.cookie) : (current ?? null)
    const known = stored ?? served ?? profile?.city ?? null
    if (known === null) {
      setRequired(true)
      setOpen(true)
      return
    }
    if (stored !== known || known !== served) storeCity(known)
    // A page whose server knew another city is loaded again; the others show the kept one as it is.
    if (!fromBrowser && known !== served) void ignoreAbort(revalidator.revalidate())
    if (profile && profile.city === null && known !== ALL_KAZAKHSTAN) {
      // The pages already loaded (the account's "my city" among them) show the saved city.
      void saveProfileCity(profile.id, known).then((saved) => {
        if (saved) void ignoreAbort(revalidator.revalidate())
      })
    }
  }, [profile?.id])

  const apply = async (choice: CityChoice) => {
    storeCity(choice)
    setOpen(false)
    setRequired(false)
    if (profile && choice !== ALL_KAZAKHSTAN && profile.city !== choice) await saveProfileCity(profile.id, choice)
    await ignoreAbort(revalidator.revalidate())
  }

  return (
    <>
      <button type="button" className="city-chip" onClick={() => setOpen(true)} title={t('city.choose')}>
        <Icon name="pin" size={18} />
        {/* A page rendered without the city names it once hydrated (use-city-choice.ts). */}
        <span>{current === undefined ? '' : (currentCity?.name ?? t('header.allKazakhstan'))}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <CityDialog
            cities={cities}
            current={current ?? null}
            open={open}
            required={required}
            onApply={(choice) => void apply(choice)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
