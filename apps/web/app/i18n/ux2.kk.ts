import type { ux2Ru } from './ux2.ru.ts'

export const ux2Kk: Record<keyof typeof ux2Ru, string> = {
  'ux2.header.sell': 'Көлік сату',
  'ux2.account.deleted': 'Сіздің аккаунтыңыз жойылды',
}
