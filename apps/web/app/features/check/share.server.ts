import type { Services } from '@tulpar/api'
import { data } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { serviceError } from '../../lib/service-errors.ts'

export type ShareActionResult = { ok: boolean; message: MessageKey }

/**
 * The report page's action: `share` turns sharing on (the owner's consent: the button beside the sentence saying
 * what anyone with the link sees), `unshare` stops it. Answers a translated message; someone else's report is a
 * 404 page, as reading it is.
 */
export async function runShareAction(
  services: Services,
  user: { id: string },
  reportId: number,
  form: FormData,
): Promise<{ result: ShareActionResult; status: number }> {
  const intent = form.get('intent')
  try {
    if (intent === 'share') {
      await services.vehicleChecks.shareReport(user, reportId)
      return { result: { ok: true, message: 'check.share.started' }, status: 200 }
    }
    if (intent === 'unshare') {
      await services.vehicleChecks.stopSharingReport(user, reportId)
      return { result: { ok: true, message: 'check.share.stopped' }, status: 200 }
    }
  } catch (error) {
    const known = serviceError(error)
    if (known?.status === 404) throw data(null, { status: 404 })
    if (known?.code === 'check.report_not_ready')
      return { result: { ok: false, message: 'check.share.notReady' }, status: 409 }
    if (known?.status === 429) return { result: { ok: false, message: 'car.error.rateLimited' }, status: 429 }
    throw error
  }
  return { result: { ok: false, message: 'error.validation.failed' }, status: 400 }
}
