import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { detectDelimiter, readCsvCars } from './feed-csv.ts'
import type { RawCar } from './feed-fields.ts'
import { feedTemplateCsv } from './feed-fields.ts'

async function* pieces(text: string, size = 7) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size)
}
async function cars(text: string, maxRows?: number): Promise<RawCar[]> {
  const out: RawCar[] = []
  for await (const car of readCsvCars(pieces(text), { maxRows })) out.push(car)
  return out
}

const HEADER = 'external_id,make,model,year,mileage_km,price_kzt'

describe('CSV feeds', () => {
  test('comma- and semicolon-separated files give the same cars, the delimiter read from the header', async () => {
    const comma = await cars(`${HEADER},options\nA1,Toyota,Camry,2019,64000,15900000,abs|esp\n`)
    const semi = await cars(`${HEADER.replaceAll(',', ';')};options\r\nA1;Toyota;Camry;2019;64000;15900000;abs|esp\r\n`)
    expect(semi).toEqual(comma)
    expect(comma[0]).toMatchObject({
      row: 1,
      line: 2,
      values: { external_id: 'A1', make: 'Toyota', model: 'Camry', year: '2019', mileage_km: '64000' },
      options: ['abs', 'esp'],
    })
    expect(detectDelimiter('"a;b",c,d\n')).toBe(',')
    expect(detectDelimiter('a;"b,c";d\n')).toBe(';')
  })

  test('quoted cells keep delimiters, quotes and line breaks; the next car gets its own line number', async () => {
    const found = await cars(
      `${HEADER},description\nA1,Toyota,Camry,2019,1,1,"Один владелец, ""как новая""\nвторая строка"\nA2,Kia,Rio,2020,1,1,x\n`,
    )
    expect(found[0]?.values.description).toBe('Один владелец, "как новая"\nвторая строка')
    expect(found.map((c) => [c.row, c.line])).toEqual([
      [1, 2],
      [2, 4],
    ])
  })

  test('Russian headers and other names dealers use are read as our columns', async () => {
    const [car] = await cars(
      'Артикул;Марка;Модель;Год выпуска;Пробег;Цена;Фото\n7;ВАЗ;2107;1999;1;1;http://a/1.jpg|http://a/2.jpg\n',
    )
    expect(car).toMatchObject({
      values: { external_id: '7', make: 'ВАЗ', model: '2107', year: '1999' },
      photos: ['http://a/1.jpg', 'http://a/2.jpg'],
    })
  })

  test('a line with more or fewer cells than the header is marked, not dropped', async () => {
    const [car] = await cars(`${HEADER}\nA1,Toyota,Camry,2019,1\n`)
    expect(car?.broken).toBe('columns')
  })

  test('a header without our columns is not a feed; one without a required column names it', async () => {
    await expect(cars('name,age\nBob,3\n')).rejects.toMatchObject({ code: 'feed.not_a_feed' })
    await expect(cars('external_id,make,model,year,mileage_km\n1,a,b,2000,1\n')).rejects.toMatchObject({
      code: 'feed.missing_columns',
      params: { columns: 'price_kzt' },
    })
  })

  test('more cars than the limit refuse the whole feed', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => `A${i},Toyota,Camry,2019,1,1`).join('\n')
    await expect(cars(`${HEADER}\n${rows}\n`, 5)).rejects.toMatchObject({
      code: 'feed.too_many_rows',
      params: { max: 5 },
    })
    expect(await cars(`${HEADER}\n${rows}\n`, 6)).toHaveLength(6)
  })

  test('an unclosed quote that swallows the rest of the file is refused as broken', async () => {
    const rest = 'A2,Toyota,Camry,2019,1,1\n'.repeat(20_000)
    await expect(cars(`${HEADER}\nA1,"Toyota,Camry,2019,1,1\n${rest}`)).rejects.toMatchObject({
      code: 'feed.malformed',
    })
  })

  test('the downloadable template is a feed of two cars with every documented column', async () => {
    const template = await cars(feedTemplateCsv())
    expect(template).toHaveLength(2)
    expect(template.every((c) => !c.broken)).toBe(true)
    expect(template[1]?.values.description).toBe('Новая машина, на гарантии; "Lada Granta" 2023 года')
  })
})

test('docs/feeds/template.csv is the template the module generates', () => {
  const file = readFileSync(new URL('../../../../../docs/feeds/template.csv', import.meta.url), 'utf8')
  expect(file).toBe(feedTemplateCsv())
})
