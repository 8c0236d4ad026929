import {
  type FeedRefusalCode,
  type FeedRowCode,
  type FeedRowProblem,
  type Locale,
  MAX_LISTING_PHOTOS,
} from '@tulpar/contracts'
import type { StoredProblem, StoredRefusal, TextParams } from './feeds.tables.ts'

/*
 * The feed report's texts in ru/kk/en. A report stores each problem's code and parameters and is put into words in
 * the language of whoever reads it (`localiseProblem`, `localiseRefusal`), so a report uploaded in Russian reads in
 * English to a manager who reads in English. `{name}` is filled from the problem's parameters; `{field}` is the
 * feed's own column or element name, which dealers know in any language.
 */

type Texts = Record<Locale, string>

const REFUSALS: Record<FeedRefusalCode, Texts> = {
  'feed.too_large': {
    ru: 'Файл больше {mb} МБ. Разделите фид на части или уберите из него лишнее.',
    kk: 'Файл көлемі {mb} МБ-тан асады. Фидті бөліктерге бөліңіз немесе артық деректерді алып тастаңыз.',
    en: 'The file is larger than {mb} MB. Split the feed or remove what it does not need.',
  },
  'feed.too_many_rows': {
    ru: 'В фиде больше {max} автомобилей. Фид не загружен: разделите его на несколько.',
    kk: 'Фидте {max} көліктен көп. Фид жүктелмеді: оны бірнеше бөлікке бөліңіз.',
    en: 'The feed has more than {max} cars. Nothing was loaded: split it into several feeds.',
  },
  'feed.encoding': {
    ru: 'Не удалось прочитать кодировку файла. Сохраните фид в UTF-8 (или Windows-1251).',
    kk: 'Файлдың кодтауын оқу мүмкін болмады. Фидті UTF-8 (немесе Windows-1251) кодтауында сақтаңыз.',
    en: 'The file’s encoding cannot be read. Save the feed as UTF-8 (or Windows-1251).',
  },
  'feed.not_a_feed': {
    ru: 'Это не фид: нужен файл CSV с колонками из шаблона или XML с элементами <car>.',
    kk: 'Бұл фид емес: үлгідегі бағандары бар CSV файлы немесе <car> элементтері бар XML қажет.',
    en: 'This is not a feed: upload a CSV file with the template’s columns or an XML file with <car> elements.',
  },
  'feed.doctype': {
    ru: 'XML содержит объявление DOCTYPE или ENTITY. Такие фиды не принимаются: уберите его.',
    kk: 'XML ішінде DOCTYPE немесе ENTITY жарияламасы бар. Мұндай фидтер қабылданбайды: оны алып тастаңыз.',
    en: 'The XML has a DOCTYPE or ENTITY declaration. Such feeds are not accepted: remove it.',
  },
  'feed.xml_limits': {
    ru: 'XML слишком сложный: слишком глубокая вложенность, слишком много элементов или слишком большой автомобиль.',
    kk: 'XML тым күрделі: элементтер тым терең орналасқан, олар тым көп немесе бір көліктің сипаттамасы тым үлкен.',
    en: 'The XML is too complex: nested too deep, too many elements or one car too large.',
  },
  'feed.malformed': {
    ru: 'Файл повреждён, его не удалось прочитать (около строки {line}).',
    kk: 'Файл бүлінген, оны оқу мүмкін болмады ({line}-жол маңында).',
    en: 'The file is broken and cannot be read (near line {line}).',
  },
  'feed.missing_columns': {
    ru: 'В заголовке CSV нет обязательных колонок: {columns}.',
    kk: 'CSV тақырыбында міндетті бағандар жоқ: {columns}.',
    en: 'The CSV header lacks required columns: {columns}.',
  },
  'feed.empty': {
    ru: 'Файл пустой.',
    kk: 'Файл бос.',
    en: 'The file is empty.',
  },
  'feed.fetch_address': {
    ru: 'Фид не загружен: адрес ведёт во внутреннюю сеть (частный, локальный или служебный адрес). Укажите адрес, открытый из интернета.',
    kk: 'Фид жүктелмеді: мекенжай ішкі желіге апарады (жеке, жергілікті немесе қызметтік мекенжай). Интернеттен ашылатын мекенжайды көрсетіңіз.',
    en: 'The feed was not fetched: its address leads into a private network (a private, local or link-local address). Give an address open to the internet.',
  },
  'feed.fetch_redirects': {
    ru: 'Фид не загружен: больше {max} перенаправлений. Укажите конечный адрес фида.',
    kk: 'Фид жүктелмеді: бағыттау саны {max}-ден асты. Фидтің соңғы мекенжайын көрсетіңіз.',
    en: 'The feed was not fetched: more than {max} redirects. Give the feed’s final address.',
  },
  'feed.fetch_timeout': {
    ru: 'Фид не загружен: сервер не отдал его целиком за {seconds} с.',
    kk: 'Фид жүктелмеді: сервер оны {seconds} секунд ішінде толық бермеді.',
    en: 'The feed was not fetched: the server did not send all of it within {seconds} s.',
  },
  'feed.fetch_status': {
    ru: 'Фид не загружен: сервер ответил ошибкой {status}.',
    kk: 'Фид жүктелмеді: сервер {status} қатесімен жауап берді.',
    en: 'The feed was not fetched: the server answered with error {status}.',
  },
  'feed.fetch_failed': {
    ru: 'Фид не загружен: не удалось соединиться с сервером. Проверьте адрес.',
    kk: 'Фид жүктелмеді: сервермен байланыс орнамады. Мекенжайды тексеріңіз.',
    en: 'The feed was not fetched: the server could not be reached. Check the address.',
  },
}

const ROWS: Record<FeedRowCode, Texts> = {
  required: {
    ru: 'Не заполнено обязательное поле {field}.',
    kk: '{field} міндетті өрісі толтырылмаған.',
    en: 'The required field {field} is empty.',
  },
  number: {
    ru: 'В поле {field} должно быть число.',
    kk: '{field} өрісінде сан болуы керек.',
    en: 'The field {field} must be a number.',
  },
  year_range: {
    ru: 'Год выпуска должен быть от {min} до {max} (для этой модели).',
    kk: 'Шығарылған жылы {min} мен {max} аралығында болуы керек (осы модель үшін).',
    en: 'The year must be from {min} to {max} (for this model).',
  },
  price_range: {
    ru: 'Цена должна быть от 1 до {max} ₸.',
    kk: 'Баға 1-ден {max} ₸-ге дейін болуы керек.',
    en: 'The price must be from 1 to {max} ₸.',
  },
  mileage_range: {
    ru: 'Пробег должен быть от 0 до {max} км.',
    kk: 'Жүрген жолы 0-ден {max} км-ге дейін болуы керек.',
    en: 'The mileage must be from 0 to {max} km.',
  },
  new_mileage: {
    ru: 'У нового автомобиля пробег не больше {max} км.',
    kk: 'Жаңа көліктің жүрген жолы {max} км-ден аспайды.',
    en: 'A new car has at most {max} km.',
  },
  vin: {
    ru: 'VIN должен состоять из 17 символов (без I, O, Q) или быть номером кузова вида NZE121-3123456.',
    kk: 'VIN 17 таңбадан тұруы керек (I, O, Q әріптерінсіз) немесе NZE121-3123456 түріндегі шанақ нөмірі болуы керек.',
    en: 'The VIN must have 17 characters (no I, O or Q) or be a body number such as NZE121-3123456.',
  },
  duplicate_id: {
    ru: 'Этот внешний ID уже встречался в строке {row}: автомобиль пропущен.',
    kk: 'Бұл сыртқы ID {row}-жолда бұрын кездескен: көлік өткізіліп жіберілді.',
    en: 'This external id already appeared in row {row}: the car is skipped.',
  },
  photo_url: {
    ru: 'Ссылка на фото должна начинаться с http:// или https:// и вести на внешний сайт.',
    kk: 'Фотосуретке сілтеме http:// немесе https:// деп басталып, сыртқы сайтқа апаруы керек.',
    en: 'A photo link must start with http:// or https:// and point to a public site.',
  },
  too_many_photos: {
    ru: 'Фотографий больше {max}.',
    kk: 'Фотосуреттер саны {max}-ден асады.',
    en: 'There are more than {max} photos.',
  },
  too_long: {
    ru: 'Поле {field} длиннее {max} символов.',
    kk: '{field} өрісі {max} таңбадан ұзын.',
    en: 'The field {field} is longer than {max} characters.',
  },
  not_in_list: {
    ru: 'Значение поля {field} не из списка допустимых (см. описание формата).',
    kk: '{field} өрісінің мәні рұқсат етілген тізімде жоқ (формат сипаттамасын қараңыз).',
    en: 'The value of {field} is not one of the allowed values (see the format description).',
  },
  currency: {
    ru: 'Цена должна быть в тенге (KZT).',
    kk: 'Баға теңгемен (KZT) көрсетілуі керек.',
    en: 'The price must be in tenge (KZT).',
  },
  unmatched: {
    ru: 'Значение поля {field} не найдено в нашем справочнике.',
    kk: '{field} өрісінің мәні біздің анықтамалықта табылмады.',
    en: 'The value of {field} is not in our reference data.',
  },
  columns: {
    ru: 'В строке другое число колонок, чем в заголовке.',
    kk: 'Жолдағы бағандар саны тақырыптағыдан өзгеше.',
    en: 'The line has a different number of cells than the header.',
  },
  vin_taken: {
    ru: 'Автомобиль с этим VIN уже продаёт другой продавец (объявление № {listing}).',
    kk: 'Осы VIN-і бар көлікті басқа сатушы сатып жатыр (№ {listing} хабарландыру).',
    en: 'Another seller already sells a car with this VIN (listing No. {listing}).',
  },
  photo_fetch: {
    ru: 'Фото по ссылке не загружено: {reason}. Остальные фото автомобиля загружены.',
    kk: 'Сілтеме бойынша фото жүктелмеді: {reason}. Көліктің қалған фотолары жүктелді.',
    en: 'The photo at this link was not loaded: {reason}. The car’s other photos were.',
  },
  changed_car: {
    ru: 'Под этим внешним ID у вас уже продаётся {car}: другой автомобиль нужно загрузить с новым ID.',
    kk: 'Осы сыртқы ID-мен сізде {car} сатылып жатыр: басқа көлікті жаңа ID-мен жүктеңіз.',
    en: 'This external id is already your {car}: load a different car under a new id.',
  },
}

/** Why a feed photo was skipped, in the words `photo_fetch` puts in its sentence. */
const PHOTO_FAILURES = {
  not_image: {
    ru: 'это не фото в формате JPEG, PNG, WebP или AVIF',
    kk: 'бұл JPEG, PNG, WebP немесе AVIF пішіміндегі фото емес',
    en: 'it is not a JPEG, PNG, WebP or AVIF photo',
  },
  too_many_pixels: {
    ru: 'в фото слишком много пикселей (больше 50 мегапикселей)',
    kk: 'фотодағы пиксель тым көп (50 мегапиксельден асады)',
    en: 'the photo has too many pixels (over 50 megapixels)',
  },
  too_small: {
    ru: 'фото слишком маленькое',
    kk: 'фото тым кішкентай',
    en: 'the photo is too small',
  },
  too_large: {
    ru: 'файл больше 15 МБ',
    kk: 'файл 15 МБ-тан үлкен',
    en: 'the file is larger than 15 MB',
  },
  address: {
    ru: 'ссылка ведёт во внутреннюю сеть',
    kk: 'сілтеме ішкі желіге апарады',
    en: 'the link leads into a private network',
  },
  timeout: {
    ru: 'сервер не отдал фото за 10 с',
    kk: 'сервер фотоны 10 секунд ішінде бермеді',
    en: 'the server did not send it within 10 s',
  },
  failed: {
    ru: 'сервер недоступен или ответил ошибкой',
    kk: 'сервер қолжетімсіз немесе қатемен жауап берді',
    en: 'the server could not be reached or answered with an error',
  },
  /** Not fetched: the listing's photos, the feed's and those added by hand, already fill its limit. */
  no_room: {
    ru: `у объявления уже ${MAX_LISTING_PHOTOS} фото (считая добавленные вручную)`,
    kk: `хабарландырудағы фото саны ${MAX_LISTING_PHOTOS} шегіне жетті (қолмен қосылғандары да есептеледі)`,
    en: `the listing already has ${MAX_LISTING_PHOTOS} photos, counting those added by hand`,
  },
} satisfies Record<string, Texts>
export type PhotoFailure = keyof typeof PHOTO_FAILURES

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name]
    if (value === undefined) return match
    return typeof value === 'number' && value >= 10_000
      ? value.toLocaleString('ru-RU').replace(/\u00A0/g, ' ')
      : String(value)
  })
}

export function refusalText(code: FeedRefusalCode, params: TextParams, locale: Locale): string {
  return fill(REFUSALS[code][locale], params)
}

function rowProblemText(code: FeedRowCode, params: TextParams, locale: Locale): string {
  return fill(ROWS[code][locale], params)
}

const isPhotoFailure = (value: unknown): value is PhotoFailure =>
  typeof value === 'string' && Object.hasOwn(PHOTO_FAILURES, value)

/** A problem in words and its stored parameters, for the report (`photo_fetch` names why by its `failure` code). */
export function storedProblem(p: Omit<FeedRowProblem, 'message'>, params: TextParams, locale: Locale): StoredProblem {
  return { ...p, message: localisedText(p, params, locale), params }
}

function localisedText(p: Pick<FeedRowProblem, 'code' | 'field'>, params: TextParams, locale: Locale): string {
  const failure = params.failure
  const words: TextParams = { field: p.field, ...params }
  if (p.code === 'photo_fetch' && isPhotoFailure(failure)) words.reason = PHOTO_FAILURES[failure][locale]
  return rowProblemText(p.code, words, locale)
}

/** A stored problem as the report shows it: in `locale` when its parameters were kept, else as it was written. */
export function localiseProblem({ params, ...p }: StoredProblem, locale: Locale): FeedRowProblem {
  return params === undefined ? p : { ...p, message: localisedText(p, params, locale) }
}

/** A stored refusal as the report shows it: in `locale` when its parameters were kept, else as it was written. */
export function localiseRefusal({ code, message, params }: StoredRefusal, locale: Locale) {
  return { code, message: params === undefined ? message : refusalText(code, params, locale) }
}
