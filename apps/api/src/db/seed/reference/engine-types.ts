import type { EngineType } from '@tulpar/contracts'
import type { CodeNameSeed } from './types.ts'

/** Fuel / engine types, one per `ENGINE_TYPES` code. */
export const ENGINE_TYPE_SEEDS: (CodeNameSeed & { code: EngineType })[] = [
  { code: 'petrol', name: { ru: 'Бензин', kk: 'Бензин', en: 'Petrol' } },
  { code: 'diesel', name: { ru: 'Дизель', kk: 'Дизель', en: 'Diesel' } },
  { code: 'hybrid', name: { ru: 'Гибрид', kk: 'Гибрид', en: 'Hybrid' } },
  { code: 'plugin_hybrid', name: { ru: 'Подключаемый гибрид', kk: 'Қосылатын гибрид', en: 'Plug-in hybrid' } },
  { code: 'electric', name: { ru: 'Электро', kk: 'Электр', en: 'Electric' } },
  { code: 'gas', name: { ru: 'Газ', kk: 'Газ', en: 'Gas (LPG/CNG)' } },
]
