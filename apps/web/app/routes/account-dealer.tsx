import { DealerApplyBody, DealerUpdateBody } from '@tulpar/contracts'
import { data, Form, Link, redirect } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/index.server.ts'
import { assertSameOrigin, field } from '../features/admin/admin-guard.server.ts'
import { formatPhone } from '../features/auth/phone.ts'
import { dealerErrorKey } from '../features/dealers/dealer-errors.ts'
import { isLogoUpload, type LogoFormResult, removeLogo, uploadLogo } from '../features/dealers/logo.server.ts'
import { LogoForm } from '../features/dealers/logo-form.tsx'
import { ShowroomForms } from '../features/dealers/showroom-forms.tsx'
import { changeShowrooms, type ShowroomFormResult } from '../features/dealers/showrooms.server.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { formOutcome } from '../lib/service-errors.ts'
import dealersStyles from '../styles/dealers.css?url'
import { FormNotices } from '../ui/form-notices.tsx'
import type { Route } from './+types/account-dealer'

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dealersStyles }]

/** `/account/dealer` (issue 38): apply for a dealer account, or run it: status, settings, people, selling as it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireUser(services.sessions, request, '/account/dealer')
  const [mine, cities] = await Promise.all([
    services.dealers.listMine(user, locale),
    services.reference.listCities(locale),
  ])
  const dealers = await Promise.all(
    mine.results.map(async (d) => ({ ...d, members: (await services.dealers.listMembers(user, d.id)).results })),
  )
  return {
    dealers,
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    title: translate(MESSAGES[locale], locale, 'dealer.account.title'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ''} — Tulpar Auto` }]

const phonesOf = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)

type ActionResult = {
  error: MessageKey | null
  done?: MessageKey
  showroom?: ShowroomFormResult
  logo?: LogoFormResult
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const user = await requireUser(services.sessions, request, '/account/dealer')
  // The logo form is the page's only multipart one: its size is checked before its body is read.
  if (isLogoUpload(request)) {
    const logoOf = parseId(new URL(request.url).searchParams.get('dealer') ?? '')
    if (logoOf === null) throw data(null, { status: 400 })
    const { result, status } = await uploadLogo(services, user, logoOf, request, locale)
    return data<ActionResult>({ error: null, logo: result, ...(result.ok ? { done: result.done } : {}) }, { status })
  }
  const form = await request.formData()
  const intent = field(form, 'intent')
  const dealerId = parseId(field(form, 'dealerId'))
  const fail = (error: MessageKey, status = 400) => data<ActionResult>({ error }, { status })
  const description = {
    ru: field(form, 'descriptionRu'),
    kk: field(form, 'descriptionKk'),
    en: field(form, 'descriptionEn'),
  }
  if (intent === 'apply') {
    const body = DealerApplyBody.safeParse({
      kind: field(form, 'kind'),
      bin: field(form, 'bin'),
      legalName: field(form, 'legalName'),
      cityId: Number(field(form, 'cityId')),
      phones: phonesOf(field(form, 'phones')),
      workingHours: field(form, 'workingHours'),
      description,
    })
    // A number that fails its check digit is said so (the commonest mistake); anything else by the general line.
    if (!body.success)
      return fail(body.error.issues.some((i) => i.path[0] === 'bin') ? 'dealer.error.bin' : 'dealer.error.invalid')
    const out = await formOutcome(services.dealers.apply(user, body.data, locale), dealerErrorKey)
    return out.ok ? data<ActionResult>({ error: null, done: 'dealer.apply.sent' }) : fail(out.error, out.status)
  }
  if (dealerId === null) throw data(null, { status: 400 })
  if (intent === 'update') {
    const body = DealerUpdateBody.safeParse({
      phones: phonesOf(field(form, 'phones')),
      workingHours: field(form, 'workingHours'),
      description,
    })
    if (!body.success) return fail('dealer.error.invalid')
    const out = await formOutcome(services.dealers.update(user, dealerId, body.data, locale), dealerErrorKey)
    return out.ok ? data<ActionResult>({ error: null, done: 'dealer.account.saved' }) : fail(out.error, out.status)
  }
  if (intent === 'showroom-save' || intent === 'showroom-remove') {
    const { status, ...showroom } = await changeShowrooms(services, user, dealerId, form, locale)
    return showroom.ok
      ? data<ActionResult>({ error: null, done: showroom.done, showroom })
      : data<ActionResult>({ error: null, showroom }, { status: status ?? 400 })
  }
  if (intent === 'logo-remove') {
    const { result, status } = await removeLogo(services, user, dealerId, locale)
    return data<ActionResult>({ error: null, logo: result, ...(result.ok ? { done: result.done } : {}) }, { status })
  }
  if (intent === 'invite') {
    const out = await formOutcome(
      services.dealers.invite(user, dealerId, { contact: field(form, 'contact').trim() }),
      dealerErrorKey,
    )
    return out.ok ? data<ActionResult>({ error: null, done: 'dealer.account.saved' }) : fail(out.error, out.status)
  }
  if (intent === 'remove') {
    const out = await formOutcome(services.dealers.removeMember(user, dealerId, field(form, 'userId')), dealerErrorKey)
    return out.ok ? data<ActionResult>({ error: null, done: 'dealer.account.saved' }) : fail(out.error, out.status)
  }
  if (intent === 'sell') {
    const out = await formOutcome(services.dealers.createListing(user, dealerId), dealerErrorKey)
    return out.ok ? redirect(`/create-auto/${out.value.id}`) : fail(out.error, out.status)
  }
  throw data(null, { status: 400 })
}

export default function AccountDealer({ loaderData, actionData }: Route.ComponentProps) {
  const { dealers, cities } = loaderData
  const { t } = useI18n()
  return (
    <div className="container account-page dealer-account">
      <p>
        <Link to="/account">← {t('nav.profile')}</Link>
      </p>
      <h1>{t('dealer.account.title')}</h1>
      <p className="lead">{t('dealer.account.intro')}</p>
      <FormNotices
        error={actionData?.error ? t(actionData.error) : null}
        done={actionData?.done ? t(actionData.done) : null}
      />
      {dealers.map((d) => (
        <section key={d.id} className="panel" aria-labelledby={`dealer-${d.id}`}>
          <h2 id={`dealer-${d.id}`}>{d.legalName}</h2>
          <dl>
            <dt>{t('dealer.account.status')}</dt>
            <dd>{t(`dealer.status.${d.status}`)}</dd>
            <dt>{t('dealer.account.myRole')}</dt>
            <dd>{t(`dealer.account.role.${d.myRole}`)}</dd>
            {d.note ? (
              <>
                <dt>{t('dealer.account.note')}</dt>
                <dd>{d.note}</dd>
              </>
            ) : null}
          </dl>
          <p>
            <Link to={`/dealer/${d.id}`}>{t('desk.link')} →</Link>
          </p>
          {d.status === 'verified' ? (
            <p>
              <Link to={`/dealers/${d.id}`}>{t('dealer.account.page')} →</Link>
            </p>
          ) : null}
          {d.status === 'verified' ? (
            <Form method="post">
              <input type="hidden" name="dealerId" value={d.id} />
              <button type="submit" name="intent" value="sell" className="button primary">
                {t('dealer.account.sell')}
              </button>
            </Form>
          ) : null}
          {d.myRole === 'owner' ? (
            <Form method="post" className="stack">
              <input type="hidden" name="dealerId" value={d.id} />
              <label>
                {t('dealer.apply.phones')}
                <input name="phones" defaultValue={d.phones.map(formatPhone).join(', ')} required />
              </label>
              <label>
                {t('dealer.apply.hours')}
                <input name="workingHours" defaultValue={d.workingHours} required maxLength={120} />
              </label>
              <label>
                {t('dealer.apply.descriptionRu')}
                <textarea name="descriptionRu" defaultValue={d.description.ru} maxLength={2000} />
              </label>
              <label>
                {t('dealer.apply.descriptionKk')}
                <textarea name="descriptionKk" defaultValue={d.description.kk} maxLength={2000} />
              </label>
              <label>
                {t('dealer.apply.descriptionEn')}
                <textarea name="descriptionEn" defaultValue={d.description.en} maxLength={2000} />
              </label>
              <button type="submit" name="intent" value="update" className="button ghost">
                {t('dealer.account.save')}
              </button>
            </Form>
          ) : null}
          {d.myRole === 'owner' ? (
            <LogoForm
              dealerId={d.id}
              name={d.legalName}
              logo={d.logo}
              error={actionData?.logo?.ok === false && actionData.logo.dealerId === d.id ? actionData.logo.error : null}
            />
          ) : null}
          {d.myRole === 'owner' ? (
            <ShowroomForms dealerId={d.id} showrooms={d.showrooms} cities={cities} result={actionData?.showroom} />
          ) : null}
          <h3>{t('dealer.members.title')}</h3>
          <ul>
            {d.members.map((m) => (
              <li key={m.userId}>
                {m.name} ({t(`dealer.account.role.${m.role}`)})
                {d.myRole === 'owner' && m.role !== 'owner' ? (
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="dealerId" value={d.id} />
                    <input type="hidden" name="userId" value={m.userId} />
                    <button type="submit" name="intent" value="remove" className="link-button">
                      {t('dealer.members.remove')}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
          {d.myRole === 'owner' ? (
            <Form method="post">
              <input type="hidden" name="dealerId" value={d.id} />
              <label>
                {t('dealer.members.invite')}
                <input name="contact" required maxLength={254} aria-describedby={`invite-hint-${d.id}`} />
              </label>
              <p id={`invite-hint-${d.id}`} className="muted">
                {t('dealer.members.inviteHint')}
              </p>
              <button type="submit" name="intent" value="invite" className="button ghost">
                {t('dealer.members.add')}
              </button>
            </Form>
          ) : null}
        </section>
      ))}
      {dealers.some((d) => d.myRole === 'owner' && d.status === 'applied') ? null : (
        <section className="panel" aria-labelledby="dealer-apply">
          <h2 id="dealer-apply">{t('dealer.apply.title')}</h2>
          <Form method="post" className="stack">
            <label>
              {t('dealer.apply.kind')}
              <select name="kind" defaultValue="legal_entity">
                <option value="legal_entity">{t('dealer.apply.kind.legal_entity')}</option>
                <option value="sole_proprietor">{t('dealer.apply.kind.sole_proprietor')}</option>
              </select>
            </label>
            <label>
              {t('dealer.apply.bin')}
              <input
                name="bin"
                required
                inputMode="numeric"
                pattern="[0-9]{12}"
                maxLength={12}
                aria-describedby="bin-hint"
              />
            </label>
            <p id="bin-hint" className="muted">
              {t('dealer.apply.binHint')}
            </p>
            <label>
              {t('dealer.apply.legalName')}
              <input name="legalName" required maxLength={120} />
            </label>
            <label>
              {t('dealer.apply.city')}
              <select name="cityId" required defaultValue="">
                <option value="" disabled>
                  {t('dealer.list.allCities')}
                </option>
                {cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('dealer.apply.phones')}
              <input name="phones" required aria-describedby="phones-hint" />
            </label>
            <p id="phones-hint" className="muted">
              {t('dealer.apply.phonesHint')}
            </p>
            <label>
              {t('dealer.apply.hours')}
              <input name="workingHours" required maxLength={120} />
            </label>
            <label>
              {t('dealer.apply.descriptionRu')}
              <textarea name="descriptionRu" maxLength={2000} />
            </label>
            <label>
              {t('dealer.apply.descriptionKk')}
              <textarea name="descriptionKk" maxLength={2000} />
            </label>
            <label>
              {t('dealer.apply.descriptionEn')}
              <textarea name="descriptionEn" maxLength={2000} />
            </label>
            <button type="submit" name="intent" value="apply" className="button primary">
              {t('dealer.apply.submit')}
            </button>
          </Form>
        </section>
      )}
    </div>
  )
}
