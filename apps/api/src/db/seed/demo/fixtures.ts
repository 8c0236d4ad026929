import type { DemoOwner, DemoReference, RefModel } from './types.ts'

/** A small reference set for the generator's tests (ids as if loaded from the database). */

const mod = (engineType: string, cc: number, hp: number, transmissions: string[], drives: string[]) => ({
  engineType,
  engineVolumeCc: cc,
  powerHp: hp,
  transmissions,
  drives,
})

const model = (m: Omit<RefModel, 'rangeKm' | 'generations'> & Partial<RefModel>): RefModel => ({
  rangeKm: null,
  generations: [],
  ...m,
})

export const FAKE_REFERENCE: DemoReference = {
  cities: [
    { id: 1, slug: 'almaty', nameRu: 'Алматы', populationK: 2300 },
    { id: 2, slug: 'astana', nameRu: 'Астана', populationK: 1500 },
    { id: 3, slug: 'shymkent', nameRu: 'Шымкент', populationK: 1250 },
    { id: 4, slug: 'karaganda', nameRu: 'Караганда', populationK: 500 },
    { id: 5, slug: 'kostanay', nameRu: 'Костанай', populationK: 250 },
  ],
  brands: [
    {
      id: 1,
      slug: 'toyota',
      name: 'Toyota',
      country: 'JP',
      popularity: 30,
      models: [
        model({
          id: 1,
          slug: 'camry',
          name: 'Camry',
          bodyTypes: ['sedan'],
          yearFrom: 1991,
          yearTo: null,
          newPriceKzt: 19_000_000,
          popularity: 10,
          generations: [
            { id: 1, name: 'XV30', yearFrom: 2001, yearTo: 2006 },
            { id: 2, name: 'XV40', yearFrom: 2006, yearTo: 2011 },
            { id: 3, name: 'XV50', yearFrom: 2011, yearTo: 2017 },
            { id: 4, name: 'XV70', yearFrom: 2017, yearTo: null },
          ],
          modifications: [mod('petrol', 2494, 181, ['AT'], ['FWD']), mod('petrol', 3456, 249, ['AT'], ['FWD'])],
        }),
        model({
          id: 2,
          slug: 'corolla',
          name: 'Corolla',
          bodyTypes: ['sedan', 'hatchback', 'wagon'],
          yearFrom: 1995,
          yearTo: null,
          newPriceKzt: 12_500_000,
          popularity: 7,
          modifications: [mod('petrol', 1598, 122, ['MT', 'CVT'], ['FWD'])],
        }),
        model({
          id: 3,
          slug: 'land-cruiser-prado',
          name: 'Land Cruiser Prado',
          bodyTypes: ['suv'],
          yearFrom: 1996,
          yearTo: null,
          newPriceKzt: 38_000_000,
          popularity: 6,
          modifications: [mod('petrol', 2694, 163, ['MT', 'AT'], ['4WD']), mod('diesel', 2755, 177, ['AT'], ['4WD'])],
        }),
      ],
    },
    {
      id: 2,
      slug: 'lada',
      name: 'Lada',
      country: 'RU',
      popularity: 20,
      models: [
        model({
          id: 4,
          slug: 'granta',
          name: 'Granta',
          bodyTypes: ['sedan', 'liftback'],
          yearFrom: 2011,
          yearTo: null,
          newPriceKzt: 5_600_000,
          popularity: 10,
          modifications: [mod('petrol', 1596, 90, ['MT', 'AT'], ['FWD'])],
        }),
        model({
          id: 5,
          slug: '2107',
          name: '2107',
          bodyTypes: ['sedan'],
          yearFrom: 1982,
          yearTo: 2012,
          newPriceKzt: 3_000_000,
          popularity: 4,
          modifications: [mod('petrol', 1568, 75, ['MT'], ['RWD'])],
        }),
      ],
    },
    {
      id: 3,
      slug: 'hyundai',
      name: 'Hyundai',
      country: 'KR',
      popularity: 15,
      models: [
        model({
          id: 6,
          slug: 'tucson',
          name: 'Tucson',
          bodyTypes: ['crossover'],
          yearFrom: 2004,
          yearTo: null,
          newPriceKzt: 16_000_000,
          popularity: 8,
          modifications: [mod('petrol', 1999, 150, ['AT'], ['FWD', '4WD']), mod('diesel', 1995, 185, ['AT'], ['4WD'])],
        }),
      ],
    },
    {
      id: 4,
      slug: 'byd',
      name: 'BYD',
      country: 'CN',
      popularity: 4,
      models: [
        model({
          id: 7,
          slug: 'han',
          name: 'Han',
          bodyTypes: ['sedan'],
          yearFrom: 2020,
          yearTo: null,
          newPriceKzt: 21_000_000,
          popularity: 5,
          rangeKm: 605,
          modifications: [mod('electric', 0, 494, ['AT'], ['4WD'])],
        }),
      ],
    },
  ],
  colours: [
    { code: 'white', hex: '#f4f5f0', popularity: 28 },
    { code: 'black', hex: '#16171a', popularity: 20 },
    { code: 'silver', hex: '#c3c6c8', popularity: 15 },
    { code: 'grey', hex: '#6e7276', popularity: 12 },
    { code: 'red', hex: '#b3121f', popularity: 4 },
  ],
  options: [
    'abs',
    'front_airbags',
    'air_conditioning',
    'climate_control',
    'heated_front_seats',
    'heated_steering_wheel',
    'remote_start',
    'engine_preheater',
    'rear_camera',
    'camera_360',
    'cruise_control',
    'leather_seats',
    'third_row_seats',
    'carplay_android_auto',
    'panoramic_roof',
    'custom_unknown_option',
  ].map((code) => ({ code, groupCode: 'comfort' })),
}

export function fakeOwners(count: number): DemoOwner[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `owner-${i + 1}`,
    n: i + 1,
    name: `Продавец ${i + 1}`,
    email: `seller${i + 1}@demo.tulpar.kz`,
    phone: `+7701${String(1_000_000 + i).padStart(7, '0')}`,
    cityId: (i % 5) + 1,
    createdAt: new Date('2025-01-01T00:00:00Z'),
  }))
}
