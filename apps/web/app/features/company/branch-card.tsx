import type { Branch } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { formatCompanyPhone } from './phone-format.ts'
import { describeSocialLink } from './social.ts'

/** Phone numbers as links a phone dials when tapped. */
export function PhoneLinks({ phones }: { phones: string[] }) {
  return (
    <ul className="phone-links">
      {phones.map((p) => (
        <li key={p}>
          <a href={`tel:${p}`}>{formatCompanyPhone(p)}</a>
        </li>
      ))}
    </ul>
  )
}

export function SocialLinkView({ url }: { url: string }) {
  const { network, account } = describeSocialLink(url)
  return (
    <a href={url} rel="noopener noreferrer" target="_blank">
      {network}
      {account ? `: ${account}` : null}
    </a>
  )
}

/**
 * A branch with its address, hours, phones and social link, and plain links that open it in 2GIS (what most
 * people in Kazakhstan use) and Yandex Maps: no map script or frame is loaded into the page.
 */
export function BranchCard({ branch }: { branch: Branch }) {
  const { t } = useI18n()
  const place = `${branch.city.name}, ${branch.address}`
  return (
    <article className="branch-card" aria-labelledby={`branch-${branch.id}`}>
      <h3 id={`branch-${branch.id}`}>{branch.city.name}</h3>
      <p className="branch-address">{branch.address}</p>
      <dl className="contact-list">
        <dt>{t('company.hours')}</dt>
        <dd>{branch.workingHours}</dd>
        <dt>{t('company.phones')}</dt>
        <dd>
          <PhoneLinks phones={branch.phones} />
        </dd>
        <dt>{t('company.social')}</dt>
        <dd>
          <SocialLinkView url={branch.socialLink} />
        </dd>
      </dl>
      <p className="map-links">
        <a
          className="button ghost"
          href={branch.mapLinks.twoGis}
          rel="noopener noreferrer"
          target="_blank"
          aria-label={`${t('company.openIn2gis')}: ${place}`}
        >
          {t('company.openIn2gis')}
        </a>
        <a
          className="button ghost"
          href={branch.mapLinks.yandex}
          rel="noopener noreferrer"
          target="_blank"
          aria-label={`${t('company.openInYandex')}: ${place}`}
        >
          {t('company.openInYandex')}
        </a>
      </p>
    </article>
  )
}
