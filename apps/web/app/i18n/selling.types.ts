import type { PluralMessage } from './i18n.ts'
import type { sellingRu } from './selling.ru.ts'

/** kk and en must have every selling key of the Russian source, plurals as plural objects. */
export type SellingMessages = {
  [K in keyof typeof sellingRu]: (typeof sellingRu)[K] extends string ? string : PluralMessage
}
