import type { Services } from '@tulpar/api'
import { BACK_OFFICE_ROLES, STAFF_ROLES } from '@tulpar/contracts'
import { data, type RouterContextProvider } from 'react-router'
import { requestInfoContext, servicesContext } from '#app-context'
import type { MessageKey } from '../../i18n/i18n.ts'
import { requireUser } from '../account/index.server.ts'

export type StaffUser = Awaited<ReturnType<typeof requireUser>>

/**
 * The user with the client's address of this request, which the services record in the audit trail with each staff
 * action: actions pass their `context` (loaders, which change nothing, need not).
 */
function withClientIp(user: StaffUser, context: Readonly<RouterContextProvider> | undefined): StaffUser {
  return context ? { ...user, ip: context.get(requestInfoContext).clientIp } : user
}

/**
 * A page's guard for `roles`: the signed-in user if their role is one of them (with the client's address when given
 * the request's `context`). A guest signs in first (and comes back here); anyone else gets the 403 page.
 */
function guardFor(roles: readonly string[]) {
  return async (
    sessions: Services['sessions'],
    request: Request,
    context?: Readonly<RouterContextProvider>,
  ): Promise<StaffUser> => {
    const url = new URL(request.url)
    const user = await requireUser(sessions, request, `${url.pathname}${url.search}`)
    if (!(roles as readonly (string | null | undefined)[]).includes(user.role))
      throw data({ reason: 'staff' as const }, { status: 403 })
    return withClientIp(user, context)
  }
}

/**
 * The signed-in moderator or admin. A guest is sent to sign in (and back here afterwards); anyone else gets
 * the 403 page. The services check the role again, this only picks the page to show.
 */
export const requireStaffUser = guardFor(STAFF_ROLES)

/**
 * The signed-in admin, for the pages only admins work (users, partners, the audit trail). A guest signs in first,
 * someone outside the back office gets the 403 page; a moderator or manager gets the back office's "admins only" 403.
 */
export async function requireAdminUser(
  sessions: Services['sessions'],
  request: Request,
  context?: Readonly<RouterContextProvider>,
): Promise<StaffUser> {
  const user = await requireStaffUser(sessions, request, context)
  if (user.role !== 'admin') throw data({ reason: 'admin' as const }, { status: 403 })
  return user
}

/**
 * Anyone who works some page of the back office: managers (the leads desk only), moderators and admins. A
 * guest signs in first; anyone else gets the 403 page.
 */
export const requireBackOfficeUser = guardFor(BACK_OFFICE_ROLES)

/** The back office's name for a role ('admin', 'moderator' or 'manager'). */
export function backOfficeRole(role: string | null | undefined): 'admin' | 'moderator' | 'manager' {
  return role === 'admin' ? 'admin' : role === 'moderator' ? 'moderator' : 'manager'
}

/**
 * Back-office changes ride on the session cookie: a form posted from another site is refused, as the API's
 * cross-site check refuses it for /api (the cookie is SameSite=Lax too; this is the second lock).
 */
export function assertSameOrigin(request: Request, publicUrl: string): void {
  const own = new URL(publicUrl).origin
  const origin = request.headers.get('origin')
  const site = request.headers.get('sec-fetch-site')
  const crossSite = (origin !== null && origin !== own) || (site !== null && site !== 'same-origin' && site !== 'none')
  if (crossSite) throw data({ reason: 'cross-site' as const }, { status: 403 })
}

const ERROR_KEYS: Record<string, MessageKey> = {
  'moderation.not_in_moderation': 'admin.error.notInModeration',
  'admin.own_role': 'admin.error.ownRole',
  'admin.target_is_admin': 'admin.error.targetIsAdmin',
  'admin.admin_only': 'admin.forbidden.adminOnly',
  'admin.forbidden': 'admin.forbidden.text',
  'user.not_found': 'admin.error.userNotFound',
  'inspection.not_found': 'admin.error.reportNotFound',
  'listing.not_found': 'error.listing.not_found',
  'validation.failed': 'error.validation.failed',
  'lead.reason_required': 'leads.error.reason',
  'lead.assignee_not_staff': 'leads.error.assignee',
  'lead.not_found': 'leads.error.notFound',
}

export function adminErrorKey(code: string | null | undefined): MessageKey {
  return (code && ERROR_KEYS[code]) || 'generic.failed'
}

/** A text field of a posted form ('' when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * A back-office form post's first steps, the same on every page: a post from another site refused, the staff member
 * (with their address, for the audit trail; `guard` says who may: moderators and admins unless told), and the form.
 */
export async function readStaffPost(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  guard: typeof requireStaffUser = requireStaffUser,
) {
  const services = context.get(servicesContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const user = await guard(services.sessions, request, context)
  return { services, user, form: await request.formData() }
}
