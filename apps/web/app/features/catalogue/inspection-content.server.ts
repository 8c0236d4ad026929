import type { Locale } from '@tulpar/contracts'

/*
 * What the company checks before a Tulpar car goes on sale. Long text for one page only, so it is kept out of
 * the message files (which every page sends to the browser) and the /tulpar-auto loader sends one language.
 */
export interface InspectionCheck {
  code: string
  title: string
  text: string
}

export const INSPECTION_CHECKS: Record<Locale, InspectionCheck[]> = {
  ru: [
    {
      code: 'legal',
      title: 'Юридическая чистота',
      text: 'Проверяем историю регистраций и число владельцев по базам eGov, аресты и запреты на регистрационные действия (aisoip.adilet.gov.kz), залоги банков и налоговые долги (kgd.gov.kz). Машины с обременением мы не продаём.',
    },
    {
      code: 'vin',
      title: 'Сверка номеров',
      text: 'VIN или номер кузова на кузове, на заводских табличках и в техпаспорте должны совпадать. Ищем следы перебивки номеров и замены табличек.',
    },
    {
      code: 'body',
      title: 'Кузов и геометрия',
      text: 'Толщиномером замеряем краску на каждой детали и находим перекрас и шпатлёвку. Проверяем зазоры, лонжероны, стойки и следы сварки после серьёзных аварий.',
    },
    {
      code: 'engine',
      title: 'Двигатель и коробка',
      text: 'Компьютерная диагностика блоков управления и ошибок в их памяти, компрессия по цилиндрам, подтёки масла и охлаждающей жидкости, работа коробки во всех режимах.',
    },
    {
      code: 'chassis',
      title: 'Ходовая и тормоза',
      text: 'На подъёмнике осматриваем подвеску, рулевое управление, тормозные диски и колодки, шины и характер их износа.',
    },
    {
      code: 'electrics',
      title: 'Электрика и оборудование',
      text: 'Фары, стеклоподъёмники, климат, мультимедиа, датчики парковки и подушки безопасности (по ошибкам блока SRS).',
    },
    {
      code: 'mileage',
      title: 'Реальный пробег',
      text: 'Сравниваем пробег на приборной панели с записями в блоках управления, сервисной историей и износом салона, руля и педалей. Скрученный пробег указываем в отчёте.',
    },
    {
      code: 'drive',
      title: 'Тест-драйв',
      text: 'Проезжаем по городу и по трассе: разгон, торможение, посторонние шумы и вибрации, поведение на неровностях.',
    },
  ],
  kk: [
    {
      code: 'legal',
      title: 'Заңдық тазалығы',
      text: 'eGov дерекқорлары бойынша тіркеу тарихын және иелер санын, тіркеу әрекеттеріне салынған тыйым мен тұтқындауды (aisoip.adilet.gov.kz), банк кепілі мен салық қарызын (kgd.gov.kz) тексереміз. Ауыртпалығы бар көлікті сатпаймыз.',
    },
    {
      code: 'vin',
      title: 'Нөмірлерді салыстыру',
      text: 'Шанақтағы, зауыт тақтайшаларындағы және техпаспорттағы VIN немесе шанақ нөмірі бірдей болуы керек. Нөмірдің қайта басылу және тақтайшаның ауыстырылу іздерін іздейміз.',
    },
    {
      code: 'body',
      title: 'Шанақ және геометрия',
      text: 'Әр бөлшектегі бояудың қалыңдығын арнайы құралмен өлшеп, қайта боялған және шпатлевка жағылған жерлерді анықтаймыз. Саңылауларды, лонжерондар мен тіректерді, ауыр апаттан кейінгі дәнекерлеу іздерін тексереміз.',
    },
    {
      code: 'engine',
      title: 'Қозғалтқыш және беріліс қорабы',
      text: 'Басқару блоктарын және олардың жадындағы қателерді компьютермен тексереміз, цилиндрлердегі компрессияны өлшейміз, май мен салқындату сұйықтығының ағуын қараймыз, қораптың барлық режимдегі жұмысын тексереміз.',
    },
    {
      code: 'chassis',
      title: 'Жүріс бөлігі және тежегіштер',
      text: 'Көтергіште аспаны, рөлдік басқаруды, тежегіш дискілері мен қалыптарын, шиналар мен олардың тозу сипатын қараймыз.',
    },
    {
      code: 'electrics',
      title: 'Электр жабдығы',
      text: 'Шамдар, әйнек көтергіштер, климат, мультимедиа, тұраққа қою датчиктері және қауіпсіздік жастықтары (SRS блогының қателері бойынша).',
    },
    {
      code: 'mileage',
      title: 'Нақты жүрісі',
      text: 'Аспаптар тақтасындағы жүрісті басқару блоктарындағы жазбалармен, сервистік тарихпен және салонның, рөлдің, педальдардың тозуымен салыстырамыз. Бұралған жүрісті есепте көрсетеміз.',
    },
    {
      code: 'drive',
      title: 'Сынақ жүрісі',
      text: 'Қалада және трассада жүріп көреміз: екпін алуы, тежелуі, бөгде шу мен діріл, кедір-бұдыр жолдағы жүрісі.',
    },
  ],
  en: [
    {
      code: 'legal',
      title: 'Legal history',
      text: 'We check the registration history and number of owners in the eGov databases, arrests and bans on registration (aisoip.adilet.gov.kz), bank pledges and tax debts (kgd.gov.kz). We do not sell cars with encumbrances.',
    },
    {
      code: 'vin',
      title: 'Matching numbers',
      text: 'The VIN or body number on the body, on the factory plates and in the registration certificate must match. We look for re-stamped numbers and replaced plates.',
    },
    {
      code: 'body',
      title: 'Body and geometry',
      text: 'A paint gauge on every panel finds repaints and filler. We check panel gaps, chassis rails, pillars and welding left by serious accidents.',
    },
    {
      code: 'engine',
      title: 'Engine and gearbox',
      text: 'Computer diagnostics of the control units and the faults they stored, compression in every cylinder, oil and coolant leaks, and the gearbox in every mode.',
    },
    {
      code: 'chassis',
      title: 'Suspension and brakes',
      text: 'On a lift we inspect the suspension, steering, brake discs and pads, and the tyres and how they wear.',
    },
    {
      code: 'electrics',
      title: 'Electrics and equipment',
      text: 'Lights, windows, climate control, multimedia, parking sensors and airbags (from the SRS unit faults).',
    },
    {
      code: 'mileage',
      title: 'Real mileage',
      text: 'We compare the odometer with the records in the control units, the service history and the wear of the seats, steering wheel and pedals. A rolled-back odometer is stated in the report.',
    },
    {
      code: 'drive',
      title: 'Test drive',
      text: 'In town and on the highway: acceleration, braking, unusual noises and vibrations, and behaviour on rough roads.',
    },
  ],
}
