import type { Rng } from './random.ts'

/**
 * Russian listing descriptions composed from fragments. Every fragment is chosen from the listing's own
 * fields, so a description never contradicts them (no "не бита" on a damaged car, no "автомат" on a manual,
 * no oil changes on an electric car, no "торг" when bargaining is off).
 */

export interface DescribeInput {
  brandName: string
  modelName: string
  year: number
  age: number
  mileage: number
  mileageUnit: 'km' | 'mi'
  condition: 'excellent' | 'good' | 'fair' | 'needs_repair'
  isNew: boolean
  isDamaged: boolean
  steering: 'left' | 'right'
  isCustomsCleared: boolean
  hasWarranty: boolean
  transmission: string
  drive: string
  engineType: string
  hasGasEquipment: boolean
  options: readonly string[]
  isBargainAllowed: boolean
  isExchangeAccepted: boolean
  isCreditAvailable: boolean
  isTulpar: boolean
  cityName: string
  rangeKm: number | null
}

/** Groups thousands with a space: 85000 → "85 000". */
function groupDigits(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
}

const has = (options: readonly string[], pattern: RegExp) => options.some((code) => pattern.test(code))

const AUTOSTART = /auto_?start|remote_?(engine_?)?start|autorun/i
const HEATED_SEATS = /heated_?(front_?|rear_?)?seats?|seats?_heat/i
const HEATED_WHEEL = /heated_?steering|steering_?(wheel_?)?heat/i
const PREHEATER = /webasto|pre_?heater|engine_?heater|eberspacher/i
const HEATED_GLASS = /heated_?(windshield|windscreen|mirrors|glass)/i

const TRANSMISSION_RU: Record<string, string> = { MT: 'механика', AT: 'автомат', CVT: 'вариатор', DCT: 'робот' }

function opening(rng: Rng, d: DescribeInput): string {
  const car = `${d.brandName} ${d.modelName}`
  if (d.isNew) {
    return rng.pick([
      `Новый автомобиль ${car} ${d.year} года, без пробега.`,
      `Продаётся новый автомобиль ${car}, ${d.year} г. в., не эксплуатировался.`,
      `${car} ${d.year}, новый, пробег только заводской.`,
    ])
  }
  return rng.pick([
    `Продаю ${car} ${d.year} года.`,
    `Продается ${car}, ${d.year} г. в.`,
    `${car} ${d.year} года выпуска.`,
    `В продаже ${car} ${d.year} года.`,
    `Срочно продаю ${car} ${d.year} г.`,
    `Продам машину: ${car}, ${d.year} год.`,
    `Здравствуйте! Продаю ${car} ${d.year} года.`,
    '',
  ])
}

function conditionText(rng: Rng, d: DescribeInput): string {
  if (d.isNew) return rng.pick(['Полная комплектация от дилера.', 'Все документы на руках.', ''])
  if (d.isDamaged) {
    return rng.pick([
      'Машина после ДТП, повреждена передняя часть, на ходу. Продаю как есть.',
      'Битая: удар в заднюю часть, подушки целые. Двигатель и коробка в порядке.',
      'После аварии, требуется кузовной ремонт. Ходовая и мотор без нареканий.',
      'Есть повреждения после ДТП (левая сторона), фото по запросу. Цена с учётом ремонта.',
    ])
  }
  switch (d.condition) {
    case 'excellent':
      return rng.pick([
        'Состояние отличное, вложений не требует.',
        'Машина в идеальном состоянии: садись и езжай.',
        'Состояние как у новой, салон чистый, не прокуренный.',
        'Кузов без ржавчины, салон ухоженный, всё работает.',
      ])
    case 'good':
      return rng.pick([
        'Состояние хорошее, по ходовой всё в порядке.',
        'Есть мелкие сколы и царапины по кузову, в целом хорошее состояние.',
        'Техническое состояние хорошее, по кузову мелкие косметические дефекты.',
        'Машина ухоженная, вложений не требует, есть небольшие потёртости в салоне.',
      ])
    case 'fair':
      if (d.age <= 6) {
        return rng.pick([
          'Состояние среднее: есть сколы, царапины и потёртости в салоне.',
          'Есть косметические дефекты по кузову, технически исправна.',
          'Требует небольших вложений по ходовой, остальное в порядке.',
        ])
      }
      return rng.pick([
        'Состояние среднее, есть косметические дефекты и потёртости.',
        'По кузову есть рыжики, на ходу, заводится в любой мороз.',
        'Требует небольших вложений по ходовой, остальное в порядке.',
        'Состояние рабочее, для своих лет нормальное.',
      ])
    default:
      return rng.pick([
        'Требуется ремонт ходовой, продаю как есть.',
        'Нужны вложения: ходовая и кузов. Цена с учётом ремонта.',
        'Машина требует ремонта, подойдёт на восстановление.',
      ])
  }
}

function historyText(rng: Rng, d: DescribeInput): string {
  if (d.isNew) return ''
  const parts: string[] = []
  if (d.age <= 3 && rng.chance(0.6))
    parts.push(rng.pick(['Один хозяин.', 'Я первый владелец.', 'Один владелец по техпаспорту.']))
  else if (d.age > 3 && d.age <= 10 && rng.chance(0.5))
    parts.push(rng.pick(['Второй владелец.', 'Два хозяина по документам.', 'Владею четвёртый год.']))
  else if (d.age > 10 && rng.chance(0.35))
    parts.push(rng.pick(['Владею давно, машина не подводила.', 'По документам несколько хозяев, владею 5 лет.']))
  const electric = d.engineType === 'electric'
  if (electric) {
    const range = d.rangeKm
      ? ` Запас хода около ${groupDigits(Math.round((d.rangeKm * 0.85) / 10) * 10)} км летом.`
      : ''
    if (rng.chance(0.7)) parts.push(`Батарея в хорошем состоянии, заряжаю от домашней розетки и на станциях.${range}`)
  } else if (d.age <= 6 && rng.chance(0.5)) {
    parts.push(
      rng.pick(['Обслуживание у официального дилера, есть сервисная книжка.', 'Все ТО по регламенту у дилера.']),
    )
  } else if (d.age <= 3 && rng.chance(0.5)) {
    parts.push(rng.pick(['Плановое ТО пройдено.', 'Масло менял по регламенту, всё по книжке.']))
  } else if (d.age > 3 && rng.chance(0.55)) {
    parts.push(
      rng.pick([
        'Масло меняю каждые 8 000 км, только оригинал.',
        'Недавно поменял масло во всех агрегатах, фильтры, колодки.',
        'Свежее ТО: масло, фильтры, свечи.',
        'В этом году заменил аккумулятор и передние амортизаторы.',
        'Ходовая перебрана прошлой осенью.',
      ]),
    )
  }
  return parts.join(' ')
}

function mileageText(rng: Rng, d: DescribeInput): string {
  if (d.isNew || !rng.chance(0.55)) return ''
  const unit = d.mileageUnit === 'mi' ? 'миль' : 'км'
  const value = `${groupDigits(d.mileage)} ${unit}`
  if (d.mileageUnit === 'mi') return `Пробег ${value} (машина из США, одометр в милях).`
  return rng.pick([`Пробег ${value}, родной.`, `Пробег ${value}.`, `Реальный пробег ${value}, можно проверить.`])
}

function techText(rng: Rng, d: DescribeInput): string {
  const parts: string[] = []
  // Electric cars have a single-speed reducer: nothing to say about a gearbox.
  if (d.engineType !== 'electric' && rng.chance(0.35)) {
    const box = TRANSMISSION_RU[d.transmission]
    if (box)
      parts.push(`Коробка — ${box}, ${rng.pick(['работает без нареканий', 'переключается чётко', 'без пинков'])}.`)
  }
  if (d.drive === '4WD' && rng.chance(0.5))
    parts.push(
      rng.pick(['Полный привод, зимой по снегу без проблем.', 'Полный привод, на дачу и в горы ездит спокойно.']),
    )
  if (d.hasGasEquipment)
    parts.push(
      rng.pick([
        'Стоит ГБО (пропан), газ вписан в техпаспорт, расход копеечный.',
        'Установлен газ (ГБО 4 поколения), оформлен.',
      ]),
    )
  if (d.engineType === 'hybrid' && rng.chance(0.5)) parts.push('Гибрид: в городе расход около 5 литров.')
  return parts.join(' ')
}

function winterText(rng: Rng, d: DescribeInput): string {
  const features: string[] = []
  if (has(d.options, AUTOSTART)) features.push('автозапуск')
  if (has(d.options, PREHEATER)) features.push('предпусковой подогреватель')
  if (has(d.options, HEATED_SEATS)) features.push('подогрев сидений')
  if (has(d.options, HEATED_WHEEL)) features.push('подогрев руля')
  if (has(d.options, HEATED_GLASS)) features.push('подогрев зеркал и стёкол')
  const extras = rng.chance(0.3) && !d.isNew ? ' Зимняя резина в комплекте.' : ''
  if (features.length === 0 || !rng.chance(0.75)) return extras.trim()
  const list = features.join(', ')
  return (
    rng.pick([`Для зимы всё есть: ${list}.`, `Есть ${list} — зимой очень выручает.`, `Из зимних опций: ${list}.`]) +
    extras
  )
}

function legalText(rng: Rng, d: DescribeInput): string {
  const parts: string[] = []
  if (d.steering === 'right') {
    parts.push(rng.pick(['Правый руль, привезена из Японии.', 'Праворульная, японская сборка.']))
    parts.push('Учтите: на учёт в РК праворульные авто не ставятся.')
  }
  if (!d.isCustomsCleared) {
    parts.push(
      rng.pick([
        'Не растаможена, растаможка и утильсбор за счёт покупателя.',
        'Авто без растаможки в РК, документы для оформления в порядке.',
        'На учёте не стоит, не растаможена — цена с учётом этого.',
      ]),
    )
  } else if (d.steering === 'left' && rng.chance(0.45)) {
    parts.push(
      rng.pick(['Растаможена, на учёте в РК.', 'Учёт РК, документы в порядке.', 'Без арестов и залогов, учёт РК.']),
    )
  }
  if (d.hasWarranty)
    parts.push(rng.pick(['На гарантии.', `Гарантия до ${d.year + 5} года.`, 'Ещё на заводской гарантии.']))
  return parts.join(' ')
}

function dealText(rng: Rng, d: DescribeInput): string {
  const parts: string[] = []
  if (d.isTulpar) parts.push('Автомобиль проверен Tulpar Auto, отчёт о проверке прикреплён к объявлению.')
  if (d.isCreditAvailable && rng.chance(0.7))
    parts.push(rng.pick(['Возможна покупка в кредит.', 'Можно в кредит через банк-партнёр.']))
  if (d.isBargainAllowed)
    parts.push(rng.pick(['Торг у машины.', 'Небольшой торг уместен.', 'Реальному покупателю уступлю.', 'Торг.']))
  else if (rng.chance(0.6)) parts.push(rng.pick(['Без торга.', 'Цена окончательная.', 'Торг не уместен.']))
  if (d.isExchangeAccepted) {
    parts.push(
      rng.pick(['Рассмотрю обмен с вашей доплатой.', 'Возможен обмен на более дешёвое авто.', 'Обмен рассмотрю.']),
    )
  } else if (rng.chance(0.3)) parts.push(rng.pick(['Обмен не интересует.', 'Без обменов.']))
  return parts.join(' ')
}

function closing(rng: Rng, d: DescribeInput): string {
  return rng.pick([
    `Осмотр в г. ${d.cityName}.`,
    `Смотреть можно в г. ${d.cityName}, в любое время.`,
    'Звоните, отвечу на все вопросы.',
    'Пишите в WhatsApp, звонки после 18:00.',
    'Перекупщиков прошу не беспокоить.',
    'Предоплату не прошу, только личная встреча.',
    'Все вопросы по телефону.',
    '',
  ])
}

export function describeListing(rng: Rng, d: DescribeInput): string {
  const sections = [
    opening(rng, d),
    conditionText(rng, d),
    historyText(rng, d),
    mileageText(rng, d),
    techText(rng, d),
    winterText(rng, d),
    legalText(rng, d),
    dealText(rng, d),
    closing(rng, d),
  ].filter((s) => s.length > 0)
  // Short ads are common: some sellers write only the essentials.
  if (sections.length > 4 && rng.chance(0.2)) return [sections[0], sections.at(-2), sections.at(-1)].join(' ').trim()
  return sections.join(rng.chance(0.3) ? '\n' : ' ')
}
