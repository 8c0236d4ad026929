import type { ColourSeed } from './types.ts'

/**
 * Body colours. Hex values are typical factory paints of the shade; popularity is a rough share of the Kazakhstan
 * car park (white, black, silver and grey make up about three quarters of listings on local classifieds).
 */
export const COLOUR_SEEDS: ColourSeed[] = [
  { code: 'white', name: { ru: 'Белый', kk: 'Ақ', en: 'White' }, hex: '#f4f5f0', popularity: 28 },
  { code: 'black', name: { ru: 'Чёрный', kk: 'Қара', en: 'Black' }, hex: '#16171a', popularity: 20 },
  { code: 'silver', name: { ru: 'Серебристый', kk: 'Күміс', en: 'Silver' }, hex: '#c3c6c8', popularity: 15 },
  { code: 'grey', name: { ru: 'Серый', kk: 'Сұр', en: 'Grey' }, hex: '#6e7276', popularity: 12 },
  { code: 'blue', name: { ru: 'Синий', kk: 'Көк', en: 'Blue' }, hex: '#1f4e9c', popularity: 4 },
  { code: 'dark_blue', name: { ru: 'Тёмно-синий', kk: 'Қою көк', en: 'Dark blue' }, hex: '#1b2a47', popularity: 4 },
  { code: 'light_blue', name: { ru: 'Голубой', kk: 'Ашық көк', en: 'Light blue' }, hex: '#8fb8dc', popularity: 1 },
  { code: 'red', name: { ru: 'Красный', kk: 'Қызыл', en: 'Red' }, hex: '#b3121f', popularity: 4 },
  { code: 'burgundy', name: { ru: 'Бордовый', kk: 'Шие түсті', en: 'Burgundy' }, hex: '#6a1b2a', popularity: 3 },
  { code: 'green', name: { ru: 'Зелёный', kk: 'Жасыл', en: 'Green' }, hex: '#2e5e3e', popularity: 2 },
  { code: 'brown', name: { ru: 'Коричневый', kk: 'Қоңыр', en: 'Brown' }, hex: '#5a3d2b', popularity: 2 },
  { code: 'beige', name: { ru: 'Бежевый', kk: 'Беж', en: 'Beige' }, hex: '#d6c7a6', popularity: 2 },
  { code: 'yellow', name: { ru: 'Жёлтый', kk: 'Сары', en: 'Yellow' }, hex: '#f2c318', popularity: 1 },
  { code: 'orange', name: { ru: 'Оранжевый', kk: 'Қызғылт сары', en: 'Orange' }, hex: '#e4701e', popularity: 1 },
  { code: 'gold', name: { ru: 'Золотистый', kk: 'Алтын түсті', en: 'Gold' }, hex: '#c8a866', popularity: 2 },
  { code: 'purple', name: { ru: 'Фиолетовый', kk: 'Күлгін', en: 'Purple' }, hex: '#5a2d6e', popularity: 1 },
]
