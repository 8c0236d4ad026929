import type { MessageKey } from '../../i18n/i18n.ts'
import type { FieldMessages } from '../selling/index.ts'
import type { Values } from './garage-form.ts'

/* What the garage page's posts answer, shared by the action (server) and the page (both sides). */

export const GARAGE_PATH = '/account/garage'

/** What the last post left on the page: which form, its field messages and values, or one message. */
export type GarageActionResult = {
  intent: string
  /** The car the form was about (the edit form of that car opens again). */
  id?: number
  errors?: FieldMessages
  values?: Values
  message?: MessageKey
  params?: Record<string, number>
}

/** What a finished post says on the page it lands on (`?done=`). */
export const DONE = {
  added: 'garage.done.added',
  updated: 'garage.done.updated',
  removed: 'garage.done.removed',
} as const
export type Done = keyof typeof DONE
export const isDone = (v: string | null): v is Done => v !== null && Object.hasOwn(DONE, v)
