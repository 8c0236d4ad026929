import { describe, expect, test } from 'vitest'
import { catalogueTexts } from './seo.server.ts'

const toyota = { name: 'Toyota' }
const camry = { name: 'Camry' }
const almaty = { name: 'Алматы' }

describe('catalogueTexts', () => {
  test('each readable page has its own heading, title and a description with the count (ru)', () => {
    const ru = (place: Parameters<typeof catalogueTexts>[0], count: number, page = 1) =>
      catalogueTexts(place, count, page, 'ru')
    expect(ru({}, 1_250_000)).toEqual({
      heading: 'Автомобили в Казахстане',
      title: 'Купить автомобиль в Казахстане: с пробегом и новые',
      description:
        // Grouped with no-break spaces, as Intl writes Russian numbers.
        '1\u00a0250\u00a0000 объявлений о продаже автомобилей по всему Казахстану: цены в тенге, фото, характеристики.',
    })
    expect(ru({ city: almaty }, 21).description).toBe(
      '21 объявление о продаже автомобилей в городе Алматы: цены в тенге, фото, характеристики.',
    )
    expect(ru({ brand: toyota }, 3).title).toBe('Купить Toyota в Казахстане')
    const full = ru({ brand: toyota, model: camry, city: almaty }, 2, 3)
    expect(full.heading).toBe('Toyota Camry в городе Алматы')
    expect(full.title).toBe('Купить Toyota Camry в городе Алматы, страница 3')
    expect(full.description).toBe(
      '2 объявления о продаже Toyota Camry в городе Алматы: цены в тенге, фото, характеристики.',
    )
  })

  test('Kazakh and English read naturally', () => {
    const kk = catalogueTexts({ brand: toyota, model: camry, city: { name: 'Алматы' } }, 5, 1, 'kk')
    expect(kk.title).toBe('Алматы қаласында Toyota Camry сатып алу')
    expect(kk.heading).toBe('Алматы қаласындағы Toyota Camry')
    expect(kk.description).toContain('5 хабарландыру')
    const en = catalogueTexts({ city: { name: 'Almaty' } }, 1, 1, 'en')
    expect(en).toEqual({
      heading: 'Cars in Almaty',
      title: 'Buy a car in Almaty',
      description: '1 car for sale in Almaty: prices in tenge, photos and specifications.',
    })
  })
})
