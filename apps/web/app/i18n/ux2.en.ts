import type { ux2Ru } from './ux2.ru.ts'

export const ux2En: Record<keyof typeof ux2Ru, string> = {
  'ux2.header.sell': 'Sell a car',
  'ux2.account.deleted': 'Your account was deleted',
}
