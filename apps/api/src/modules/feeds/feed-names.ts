/*
 * Names as dealers write them, folded to one key so that case, spaces, dashes, dots and the script do not matter:
 * "Mercedes-Benz", "mercedes benz" and "МЕРСЕДЕС-БЕНЦ" fold alike, as do "Camry" and "Камри", "Hyundai" and "Хюндай".
 * Cyrillic is transliterated, unless it only stands in for look-alike Latin letters (a "Х5" typed with a Cyrillic Х);
 * then a rough phonetic squash (c before e/i/y is s, else k; y is i; x is ks; doubled letters once) meets the two
 * spellings halfway. Brands also have aliases: ВАЗ is Lada, Mercedes is Mercedes-Benz, VW is Volkswagen.
 */

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 's',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ә: 'a',
  ғ: 'g',
  қ: 'k',
  ң: 'n',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  і: 'i',
}
/** Cyrillic letters that look like Latin ones (lower case of the capitals that do). */
const HOMOGLYPH: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
}
const CYRILLIC = /[\u0400-\u04FF]/
const LATIN = /[a-z]/

function latinOf(text: string): string {
  const cyrillic = [...text].filter((ch) => CYRILLIC.test(ch))
  if (cyrillic.length === 0) return text
  const lookAlike =
    LATIN.test(text) || (/\d/.test(text) && cyrillic.every((ch) => HOMOGLYPH[ch] !== undefined && cyrillic.length <= 3))
  const table = lookAlike ? HOMOGLYPH : TRANSLIT
  return [...text].map((ch) => table[ch] ?? ch).join('')
}

/** The key a name is compared by; empty for a name with no letters or digits. */
export function foldName(text: string): string {
  const latin = latinOf(text.normalize('NFKC').toLowerCase())
  return latin
    .replace(/[^a-z0-9]+/g, '')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/ck|c|q/g, 'k')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/x/g, 'ks')
    .replace(/kh/g, 'h')
    .replace(/[yj]/g, 'i')
    .replace(/([a-z])\1+/g, '$1')
}

/** The keys a reference name is found by: the whole name, without a bracketed part, and the bracketed part alone. */
export function nameKeys(name: string, slug?: string): string[] {
  const keys = new Set([foldName(name)])
  const bracket = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(name)
  if (bracket) {
    keys.add(foldName(bracket[1] ?? ''))
    keys.add(foldName(bracket[2] ?? ''))
  }
  if (slug) keys.add(foldName(slug))
  keys.delete('')
  return [...keys]
}

/** Other names of our brands (the reference name first), as dealers and buyers in Kazakhstan write them. */
const BRAND_ALIASES: [string, ...string[]][] = [
  ['Lada', 'ВАЗ', 'VAZ', 'Лада', 'Жигули', 'AvtoVAZ', 'АвтоВАЗ'],
  ['Mercedes-Benz', 'Mercedes', 'Мерседес', 'Мерседес-Бенц', 'MB', 'Benz', 'Мерс'],
  ['BMW', 'БМВ'],
  ['Volkswagen', 'VW', 'Фольксваген', 'Фольцваген'],
  ['Toyota', 'Тойота'],
  ['Lexus', 'Лексус'],
  ['Nissan', 'Ниссан'],
  ['Mitsubishi', 'Мицубиси', 'Митсубиси'],
  ['Mazda', 'Мазда'],
  ['Honda', 'Хонда'],
  ['Subaru', 'Субару'],
  ['Suzuki', 'Сузуки'],
  ['Hyundai', 'Хендай', 'Хундай', 'Хёндэ', 'Хюндай', 'Хендэ'],
  ['Kia', 'Киа'],
  ['Chevrolet', 'Шевроле', 'Шевролет', 'Chevy'],
  ['Ford', 'Форд'],
  ['Daewoo', 'Дэу', 'Деу'],
  ['SsangYong (KGM)', 'SsangYong', 'Ссангйонг', 'Санг Йонг', 'КГМ'],
  ['Audi', 'Ауди'],
  ['Porsche', 'Порше'],
  ['Volvo', 'Вольво'],
  ['Land Rover', 'Ленд Ровер', 'Лэнд Ровер'],
  ['Renault', 'Рено'],
  ['Opel', 'Опель'],
  ['Peugeot', 'Пежо'],
  ['Skoda', 'Шкода', 'Škoda'],
  ['Geely', 'Джили'],
  ['Chery', 'Чери'],
  ['Haval', 'Хавал', 'Хавейл'],
  ['Great Wall', 'Грейт Волл'],
  ['UAZ', 'УАЗ'],
  ['GAZ', 'ГАЗ'],
  ['Moskvich', 'Москвич'],
  ['Ravon', 'Равон'],
  ['Infiniti', 'Инфинити'],
  ['Tesla', 'Тесла'],
  ['Jeep', 'Джип'],
  ['Changan', 'Чанган'],
  ['Exeed', 'Эксид'],
  ['Omoda', 'Омода'],
  ['Jetour', 'Джетур'],
  ['Genesis', 'Генезис'],
  ['Cadillac', 'Кадиллак'],
  ['Dodge', 'Додж'],
  ['Hongqi', 'Хунцы', 'Хончи'],
  ['Li Auto', 'Lixiang', 'Li', 'Лисян'],
  ['Zeekr', 'Зикр'],
]

/** Folded alias -> folded reference name of the brand. */
export const BRAND_ALIAS_KEYS: ReadonlyMap<string, string> = new Map(
  BRAND_ALIASES.flatMap(([name, ...aliases]) => aliases.map((a) => [foldName(a), foldName(name)] as const)),
)
