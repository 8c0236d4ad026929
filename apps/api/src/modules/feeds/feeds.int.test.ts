import { readFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { FeedDryRunReport } from '@tulpar/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts'
import { createReferenceService } from '../reference/index.ts'
import { feedTemplateCsv } from './feed-fields.ts'
import { dryRunFeed } from './feeds.dry-run.ts'

/*
 * The dry run against the real reference data (both databases): names matched to our ids, what did not match listed
 * with its rows, and every report valid against the contract the dealer desk and the app read.
 */

let database: TestDatabase
let deps: Parameters<typeof dryRunFeed>[0]
beforeAll(async () => {
  database = await createTestDatabase()
  deps = { reference: createReferenceService({ db: database.db }), now: () => new Date('2026-11-25T12:00:00Z') }
})
afterAll(() => database.dispose())

async function dryRun(text: string | Buffer, locale?: 'ru' | 'kk' | 'en') {
  const report = await dryRunFeed(deps, Readable.from([typeof text === 'string' ? Buffer.from(text) : text]), {
    locale,
  })
  return FeedDryRunReport.parse(report)
}

const HEADER = 'external_id;make;model;year;generation;modification;mileage_km;price_kzt;color;city;options;body'

describe('a feed dry run matches names to the reference data', () => {
  test('aliases, Cyrillic spellings and case find our brands, models, generations, modifications and options', async () => {
    const report = await dryRun(
      [
        HEADER,
        'A1;ТОЙОТА;камри;2019;XV70;2.5 AT (181 л.с.);64 000;15 900 000;Белый;алматы;abs|Система стабилизации (ESP)|Rear camera;',
        'A2;ВАЗ;2107;2005;;1.6 MT;150000;1200000;серый металлик;Астана;;',
        'A3;Mercedes;E-Class;2016;;2.0 AT 136 hp;90000;14000000;black;Almaty;;Универсал',
      ].join('\n'),
    )
    expect(report).toMatchObject({ format: 'csv', encoding: 'utf-8', refused: null })
    expect(report.rows.map((r) => r.problems.map((p) => `${p.field}:${p.code}:${p.value}`))).toEqual([[], [], []])
    expect(report.counts).toEqual({ rows: 3, valid: 3, refused: 0, withWarnings: 0 })
    const [camry, lada, mercedes] = report.rows.map((r) => r.car)
    expect(camry).toMatchObject({
      externalId: 'A1',
      brandName: 'Toyota',
      modelName: 'Camry',
      year: 2019,
      engineType: 'petrol',
      engineVolumeCc: 2500,
      powerHp: 181,
      transmission: 'AT',
      drive: 'FWD',
      bodyType: 'sedan',
      colour: 'white',
      mileageKm: 64_000,
      priceKzt: 15_900_000,
      options: ['abs', 'esp', 'rear_camera'],
    })
    expect(camry?.generationId).toEqual(expect.any(Number))
    expect(camry?.modificationId).toEqual(expect.any(Number))
    expect(camry?.cityId).toEqual(expect.any(Number))
    expect(lada).toMatchObject({
      brandName: 'Lada',
      modelName: '2107',
      transmission: 'MT',
      drive: 'RWD',
      colour: 'grey',
    })
    expect(mercedes).toMatchObject({
      brandName: 'Mercedes-Benz',
      modelName: 'E-Class',
      powerHp: 136,
      drive: 'RWD',
      bodyType: 'wagon',
    })
    expect(mercedes?.cityId).toBe(camry?.cityId)
  })

  test('names that do not match are listed with their rows; a brand, model or city refuses the car, an option warns', async () => {
    const report = await dryRun(
      [
        HEADER,
        'B1;Tulparmobile;X;2019;;;1;1000000;white;Almaty;;',
        'B2;Toyota;Camry;2019;;2.5 AT;1;1000000;white;Gotham;hovercraft mode;',
        'B3;Toyota;Flying Camry;2019;;;1;1000000;white;Almaty;;',
        'B4;Tulparmobile;Y;2020;;;1;1000000;white;Almaty;hovercraft mode|abs;',
      ].join('\n'),
    )
    expect(report.rows.map((r) => r.outcome)).toEqual(['refused', 'refused', 'refused', 'refused'])
    expect(report.unmatched).toEqual(
      expect.arrayContaining([
        { field: 'make', value: 'Tulparmobile', count: 2, rows: [1, 4] },
        { field: 'city', value: 'Gotham', count: 1, rows: [2] },
        { field: 'model', value: 'Flying Camry', count: 1, rows: [3] },
        { field: 'options', value: 'hovercraft mode', count: 2, rows: [2, 4] },
      ]),
    )
    expect(report.rows[1]?.problems.map((p) => `${p.field}:${p.code}`)).toEqual(['city:unmatched'])
    expect(report.rows[1]?.warnings.map((p) => `${p.field}:${p.code}:${p.value}`)).toEqual([
      'options:unmatched:hovercraft mode',
    ])
    expect(report.rows[0]?.problems[0]?.message).toBe('Значение поля make не найдено в нашем справочнике.')
  })

  test('duplicate external ids: all but the first are refused, each naming the first row', async () => {
    const row = (id: string) => `${id};Toyota;Camry;2019;;2.5 AT;1;1000000;white;Almaty;;`
    const report = await dryRun([HEADER, row('D1'), row('D2'), row('D1'), row('D1')].join('\n'), 'en')
    expect(report.rows.map((r) => r.outcome)).toEqual(['valid', 'valid', 'refused', 'refused'])
    expect(report.rows[3]?.problems).toEqual([
      {
        code: 'duplicate_id',
        field: 'external_id',
        value: 'D1',
        message: 'This external id already appeared in row 1: the car is skipped.',
      },
    ])
  })

  test('price 0, price 10^15, a bad VIN and a year the model was not made are refused per row', async () => {
    const report = await dryRun(
      [
        'external_id,make,model,year,mileage_km,price_kzt,color,vin,modification',
        'P1,Toyota,Camry,2019,1,0,white,,2.5 AT',
        'P2,Toyota,Camry,2019,1,1000000000000000,white,,2.5 AT',
        'P3,Toyota,Camry,2019,1,1000000,white,JTNB11HK50301234O,2.5 AT',
        'P4,Toyota,Camry,1985,1,1000000,white,,2.5 AT',
        'P5,Toyota,Camry,2019,1,1000000,white,JTNB11HK503012345,2.5 AT',
      ].join('\n'),
      'kk',
    )
    expect(report.rows.map((r) => r.problems.map((p) => `${p.field}:${p.code}`))).toEqual([
      ['price_kzt:price_range'],
      ['price_kzt:price_range'],
      ['vin:vin'],
      ['year:year_range'],
      [],
    ])
    expect(report.rows[0]?.problems[0]?.message).toBe('Баға 1-ден 10 000 000 000 ₸-ге дейін болуы керек.')
    expect(report.counts).toEqual({ rows: 5, valid: 1, refused: 4, withWarnings: 0 })
  })

  test('a Windows-1251 file is decoded, matched, and its encoding reported', async () => {
    const decoder = new TextDecoder('windows-1251')
    const table = new Map<string, number>()
    for (let b = 0x80; b <= 0xff; b++) table.set(decoder.decode(Uint8Array.of(b)), b)
    const text = `${HEADER}\r\nW1;Лада;Гранта;2020;;1.6 MT (87 л.с.);15000;5500000;Белый;Караганда;Кондиционер;Седан\r\n`
    const bytes = Buffer.from(
      [...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : (table.get(ch) ?? 0x3f))),
    )
    const report = await dryRun(bytes)
    expect(report.rows[0]?.problems).toEqual([])
    expect(report).toMatchObject({ encoding: 'windows-1251', counts: { valid: 1 } })
    expect(report.rows[0]?.car).toMatchObject({ brandName: 'Lada', modelName: 'Granta', options: ['air_conditioning'] })
  })

  test('the XML template gives the same cars as the CSV template', async () => {
    const fromXml = await dryRun(readFileSync(new URL('../../../../../docs/feeds/template.xml', import.meta.url)))
    const fromCsv = await dryRun(feedTemplateCsv())
    expect(fromCsv.counts).toEqual({ rows: 2, valid: 2, refused: 0, withWarnings: 0 })
    expect(fromXml.format).toBe('xml')
    expect(fromXml.rows.map((r) => r.car)).toEqual(fromCsv.rows.map((r) => r.car))
  })

  test('a refused feed answers a translated refusal and no rows', async () => {
    const report = await dryRun('<!DOCTYPE cars [<!ENTITY x SYSTEM "file:///etc/passwd">]><cars/>', 'en')
    expect(report).toMatchObject({
      format: 'xml',
      refused: {
        code: 'feed.doctype',
        message: 'The XML has a DOCTYPE or ENTITY declaration. Such feeds are not accepted: remove it.',
      },
      rows: [],
    })
    const tooMany = await dryRunFeed(
      deps,
      Readable.from([Buffer.from(`${HEADER}\n${'X;Toyota;Camry;2019;;;1;1;white;;;\n'.repeat(4)}`)]),
      { maxRows: 3, locale: 'kk' },
    )
    expect(tooMany.refused).toEqual({
      code: 'feed.too_many_rows',
      message: 'Фидте 3 көліктен көп. Фид жүктелмеді: оны бірнеше бөлікке бөліңіз.',
      params: { max: 3 },
    })
    expect(tooMany.rows).toEqual([])
    const notFeed = await dryRun('%PDF-1.7 hello')
    expect(notFeed.refused?.code).toBe('feed.not_a_feed')
  })
})
