import type { BodyType } from '@tulpar/contracts'
import type { CodeNameSeed } from './types.ts'

/** Body types, one per `BODY_TYPES` code; Kazakh terms as used by Kazakh-language car classifieds. */
export const BODY_TYPE_SEEDS: (CodeNameSeed & { code: BodyType })[] = [
  { code: 'sedan', name: { ru: 'Седан', kk: 'Седан', en: 'Sedan' } },
  { code: 'hatchback', name: { ru: 'Хэтчбек', kk: 'Хэтчбек', en: 'Hatchback' } },
  { code: 'liftback', name: { ru: 'Лифтбек', kk: 'Лифтбек', en: 'Liftback' } },
  { code: 'wagon', name: { ru: 'Универсал', kk: 'Универсал', en: 'Estate' } },
  { code: 'crossover', name: { ru: 'Кроссовер', kk: 'Кроссовер', en: 'Crossover' } },
  { code: 'suv', name: { ru: 'Внедорожник', kk: 'Жол талғамайтын көлік', en: 'SUV' } },
  { code: 'coupe', name: { ru: 'Купе', kk: 'Купе', en: 'Coupe' } },
  { code: 'convertible', name: { ru: 'Кабриолет', kk: 'Кабриолет', en: 'Convertible' } },
  { code: 'minivan', name: { ru: 'Минивэн', kk: 'Минивэн', en: 'Minivan' } },
  { code: 'pickup', name: { ru: 'Пикап', kk: 'Пикап', en: 'Pickup' } },
  { code: 'van', name: { ru: 'Фургон', kk: 'Фургон', en: 'Van' } },
]
