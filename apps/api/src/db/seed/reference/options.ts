import type { OptionGroupSeed } from './types.ts'

/**
 * Equipment options a seller ticks on a listing, grouped as on local classifieds. Remote start and an engine
 * pre-heater are asked about a lot in Kazakhstan, where winter nights reach -30 °C and below in the north.
 */
export const OPTION_GROUP_SEEDS: OptionGroupSeed[] = [
  {
    code: 'safety',
    name: { ru: 'Безопасность', kk: 'Қауіпсіздік', en: 'Safety' },
    options: [
      {
        code: 'abs',
        name: {
          ru: 'Антиблокировочная система (ABS)',
          kk: 'Бұғаттауға қарсы жүйе (ABS)',
          en: 'Anti-lock brakes (ABS)',
        },
      },
      {
        code: 'esp',
        name: { ru: 'Система стабилизации (ESP)', kk: 'Тұрақтандыру жүйесі (ESP)', en: 'Stability control (ESP)' },
      },
      {
        code: 'front_airbags',
        name: { ru: 'Фронтальные подушки безопасности', kk: 'Алдыңғы қауіпсіздік жастықтары', en: 'Front airbags' },
      },
      {
        code: 'side_airbags',
        name: { ru: 'Боковые подушки безопасности', kk: 'Бүйірлік қауіпсіздік жастықтары', en: 'Side airbags' },
      },
      {
        code: 'curtain_airbags',
        name: { ru: 'Шторки безопасности', kk: 'Қауіпсіздік перделері', en: 'Curtain airbags' },
      },
      {
        code: 'isofix',
        name: { ru: 'Крепления ISOFIX', kk: 'ISOFIX бекіткіштері', en: 'ISOFIX child seat anchors' },
      },
      {
        code: 'tyre_pressure_monitor',
        name: { ru: 'Датчик давления в шинах', kk: 'Шина қысымының датчигі', en: 'Tyre pressure monitoring' },
      },
      { code: 'alarm', name: { ru: 'Сигнализация', kk: 'Күзет дабылы', en: 'Alarm system' } },
      { code: 'immobiliser', name: { ru: 'Иммобилайзер', kk: 'Иммобилайзер', en: 'Immobiliser' } },
    ],
  },
  {
    code: 'driver_assistance',
    name: { ru: 'Помощь водителю', kk: 'Жүргізушіге көмек', en: 'Driver assistance' },
    options: [
      {
        code: 'front_parking_sensors',
        name: { ru: 'Передние парктроники', kk: 'Алдыңғы парктрониктер', en: 'Front parking sensors' },
      },
      {
        code: 'rear_parking_sensors',
        name: { ru: 'Задние парктроники', kk: 'Артқы парктрониктер', en: 'Rear parking sensors' },
      },
      {
        code: 'rear_camera',
        name: { ru: 'Камера заднего вида', kk: 'Артқы көрініс камерасы', en: 'Rear-view camera' },
      },
      {
        code: 'camera_360',
        name: { ru: 'Камеры кругового обзора 360°', kk: '360° шолу камералары', en: '360° camera' },
      },
      { code: 'cruise_control', name: { ru: 'Круиз-контроль', kk: 'Круиз-бақылау', en: 'Cruise control' } },
      {
        code: 'adaptive_cruise_control',
        name: { ru: 'Адаптивный круиз-контроль', kk: 'Бейімделгіш круиз-бақылау', en: 'Adaptive cruise control' },
      },
      {
        code: 'blind_spot_monitor',
        name: { ru: 'Контроль слепых зон', kk: 'Көрінбейтін аймақтарды бақылау', en: 'Blind spot monitoring' },
      },
      {
        code: 'lane_keeping_assist',
        name: { ru: 'Удержание в полосе', kk: 'Жолақта ұстау көмекшісі', en: 'Lane keeping assist' },
      },
      {
        code: 'hill_start_assist',
        name: { ru: 'Помощь при старте в гору', kk: 'Өрге қозғалу көмекшісі', en: 'Hill start assist' },
      },
      { code: 'park_assist', name: { ru: 'Автопарковка', kk: 'Автотұрақтау', en: 'Park assist' } },
    ],
  },
  {
    code: 'comfort',
    name: { ru: 'Комфорт', kk: 'Жайлылық', en: 'Comfort' },
    options: [
      { code: 'air_conditioning', name: { ru: 'Кондиционер', kk: 'Кондиционер', en: 'Air conditioning' } },
      { code: 'climate_control', name: { ru: 'Климат-контроль', kk: 'Климат-бақылау', en: 'Climate control' } },
      {
        code: 'heated_front_seats',
        name: { ru: 'Подогрев передних сидений', kk: 'Алдыңғы орындықтарды жылыту', en: 'Heated front seats' },
      },
      {
        code: 'heated_rear_seats',
        name: { ru: 'Подогрев задних сидений', kk: 'Артқы орындықтарды жылыту', en: 'Heated rear seats' },
      },
      {
        code: 'heated_steering_wheel',
        name: { ru: 'Подогрев руля', kk: 'Рульді жылыту', en: 'Heated steering wheel' },
      },
      {
        code: 'ventilated_seats',
        name: { ru: 'Вентиляция сидений', kk: 'Орындықтарды желдету', en: 'Ventilated seats' },
      },
      { code: 'keyless_entry', name: { ru: 'Бесключевой доступ', kk: 'Кілтсіз кіру', en: 'Keyless entry' } },
      {
        code: 'push_button_start',
        name: { ru: 'Запуск двигателя кнопкой', kk: 'Қозғалтқышты түймемен оталдыру', en: 'Push-button start' },
      },
      {
        code: 'remote_start',
        name: { ru: 'Автозапуск', kk: 'Қашықтан оталдыру', en: 'Remote engine start' },
      },
      {
        code: 'engine_preheater',
        name: {
          ru: 'Предпусковой подогреватель (Webasto)',
          kk: 'Қозғалтқыштың іске қосу алдындағы жылытқышы (Webasto)',
          en: 'Engine pre-heater (Webasto)',
        },
      },
    ],
  },
  {
    code: 'multimedia',
    name: { ru: 'Мультимедиа', kk: 'Мультимедиа', en: 'Multimedia' },
    options: [
      { code: 'navigation', name: { ru: 'Навигационная система', kk: 'Навигация жүйесі', en: 'Navigation system' } },
      {
        code: 'carplay_android_auto',
        name: {
          ru: 'Apple CarPlay / Android Auto',
          kk: 'Apple CarPlay / Android Auto',
          en: 'Apple CarPlay / Android Auto',
        },
      },
      { code: 'bluetooth', name: { ru: 'Bluetooth', kk: 'Bluetooth', en: 'Bluetooth' } },
      { code: 'usb', name: { ru: 'USB-разъёмы', kk: 'USB ұялары', en: 'USB ports' } },
      {
        code: 'touchscreen',
        name: { ru: 'Сенсорный экран', kk: 'Сенсорлы экран', en: 'Touchscreen display' },
      },
      {
        code: 'premium_audio',
        name: { ru: 'Премиальная аудиосистема', kk: 'Премиум аудиожүйе', en: 'Premium audio system' },
      },
      {
        code: 'wireless_charging',
        name: { ru: 'Беспроводная зарядка', kk: 'Сымсыз зарядтау', en: 'Wireless phone charging' },
      },
      {
        code: 'head_up_display',
        name: { ru: 'Проекционный дисплей', kk: 'Проекциялық дисплей', en: 'Head-up display' },
      },
      {
        code: 'rear_entertainment',
        name: {
          ru: 'Мониторы для задних пассажиров',
          kk: 'Артқы жолаушыларға арналған мониторлар',
          en: 'Rear-seat entertainment',
        },
      },
    ],
  },
  {
    code: 'exterior',
    name: { ru: 'Экстерьер', kk: 'Сыртқы жабдық', en: 'Exterior' },
    options: [
      { code: 'alloy_wheels', name: { ru: 'Легкосплавные диски', kk: 'Жеңіл қорытпалы дискілер', en: 'Alloy wheels' } },
      { code: 'sunroof', name: { ru: 'Люк', kk: 'Люк', en: 'Sunroof' } },
      { code: 'panoramic_roof', name: { ru: 'Панорамная крыша', kk: 'Панорамалық шатыр', en: 'Panoramic roof' } },
      { code: 'roof_rails', name: { ru: 'Рейлинги на крыше', kk: 'Шатырдағы рейлингтер', en: 'Roof rails' } },
      { code: 'tow_bar', name: { ru: 'Фаркоп', kk: 'Тіркеме ілмегі (фаркоп)', en: 'Tow bar' } },
      {
        code: 'power_tailgate',
        name: { ru: 'Электропривод багажника', kk: 'Жүксалғыштың электр жетегі', en: 'Power tailgate' },
      },
      { code: 'heated_mirrors', name: { ru: 'Обогрев зеркал', kk: 'Айналарды жылыту', en: 'Heated mirrors' } },
      {
        code: 'power_folding_mirrors',
        name: { ru: 'Электроскладывание зеркал', kk: 'Айналарды электрмен жинау', en: 'Power-folding mirrors' },
      },
      { code: 'rain_sensor', name: { ru: 'Датчик дождя', kk: 'Жаңбыр датчигі', en: 'Rain sensor' } },
      {
        code: 'heated_windscreen',
        name: { ru: 'Обогрев лобового стекла', kk: 'Алдыңғы әйнекті жылыту', en: 'Heated windscreen' },
      },
    ],
  },
  {
    code: 'interior',
    name: { ru: 'Салон', kk: 'Салон', en: 'Interior' },
    options: [
      { code: 'leather_seats', name: { ru: 'Кожаный салон', kk: 'Былғары салон', en: 'Leather upholstery' } },
      {
        code: 'power_seats',
        name: { ru: 'Электрорегулировка сидений', kk: 'Орындықтарды электрмен реттеу', en: 'Power-adjustable seats' },
      },
      { code: 'seat_memory', name: { ru: 'Память сидений', kk: 'Орындық жадысы', en: 'Seat memory' } },
      {
        code: 'leather_steering_wheel',
        name: { ru: 'Кожаный руль', kk: 'Былғары руль', en: 'Leather steering wheel' },
      },
      {
        code: 'third_row_seats',
        name: { ru: 'Третий ряд сидений', kk: 'Үшінші қатар орындықтар', en: 'Third-row seats' },
      },
      {
        code: 'power_windows',
        name: { ru: 'Электростеклоподъёмники', kk: 'Электр әйнек көтергіштер', en: 'Power windows' },
      },
      {
        code: 'rear_sunshades',
        name: { ru: 'Шторки на задних окнах', kk: 'Артқы терезелердегі перделер', en: 'Rear window sunshades' },
      },
      {
        code: 'tinted_windows',
        name: { ru: 'Тонировка стёкол', kk: 'Әйнектерді күңгірттеу', en: 'Tinted windows' },
      },
    ],
  },
  {
    code: 'lights',
    name: { ru: 'Освещение', kk: 'Жарықтандыру', en: 'Lights' },
    options: [
      { code: 'led_headlights', name: { ru: 'Светодиодные фары', kk: 'Жарықдиодты фаралар', en: 'LED headlights' } },
      { code: 'xenon_headlights', name: { ru: 'Ксеноновые фары', kk: 'Ксенон фаралар', en: 'Xenon headlights' } },
      { code: 'matrix_headlights', name: { ru: 'Матричные фары', kk: 'Матрицалық фаралар', en: 'Matrix headlights' } },
      {
        code: 'adaptive_headlights',
        name: { ru: 'Адаптивные фары', kk: 'Бейімделгіш фаралар', en: 'Adaptive headlights' },
      },
      { code: 'fog_lights', name: { ru: 'Противотуманные фары', kk: 'Тұманға қарсы фаралар', en: 'Fog lights' } },
      {
        code: 'daytime_running_lights',
        name: { ru: 'Дневные ходовые огни', kk: 'Күндізгі жүріс шамдары', en: 'Daytime running lights' },
      },
      { code: 'headlight_washers', name: { ru: 'Омыватели фар', kk: 'Фара жуғыштар', en: 'Headlight washers' } },
      { code: 'light_sensor', name: { ru: 'Датчик света', kk: 'Жарық датчигі', en: 'Automatic headlights' } },
      {
        code: 'ambient_lighting',
        name: { ru: 'Контурная подсветка салона', kk: 'Салонның контурлық жарығы', en: 'Ambient lighting' },
      },
    ],
  },
]
