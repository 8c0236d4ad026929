import { describe, expect, test } from 'vitest'
import type { RawCar } from './feed-fields.ts'
import { readXmlCars, XML_LIMITS } from './feed-xml.ts'

async function* pieces(text: string, size = 5) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size)
}
async function cars(text: string, { maxRows, size }: { maxRows?: number; size?: number } = {}): Promise<RawCar[]> {
  const out: RawCar[] = []
  for await (const car of readXmlCars(pieces(text, size), { maxRows })) out.push(car)
  return out
}

const CAR = `<car>
    <external_id>A-1</external_id>
    <make>Toyota</make><model>Camry</model><year>2019</year>
    <modification>2.5 AT (181 л.с.)</modification>
    <mileage>64000</mileage><price currency="KZT">15900000</price>
    <vin>JTNB11HK503012345</vin>
    <description><![CDATA[Один <владелец> & сервис]]></description>
    <options><option>abs</option><option>esp</option></options>
    <photos><photo>https://d.example.kz/1.jpg?a=1&amp;b=2</photo><photo>https://d.example.kz/2.jpg</photo></photos>
  </car>`

describe('XML feeds', () => {
  test('each <car> under the root is a car, read in small pieces, escapes and CDATA decoded', async () => {
    const found = await cars(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- dealer export -->\n<cars>\n  ${CAR}\n  <car id="A-2"><make>Kia</make><model>Rio &amp; Co</model></car>\n</cars>\n`,
    )
    expect(found).toHaveLength(2)
    expect(found[0]).toMatchObject({
      row: 1,
      line: 4,
      values: {
        external_id: 'A-1',
        make: 'Toyota',
        modification: '2.5 AT (181 л.с.)',
        mileage_km: '64000',
        price_kzt: '15900000',
        description: 'Один <владелец> & сервис',
      },
      options: ['abs', 'esp'],
      photos: ['https://d.example.kz/1.jpg?a=1&b=2', 'https://d.example.kz/2.jpg'],
    })
    expect(found[1]).toMatchObject({ row: 2, values: { external_id: 'A-2', model: 'Rio & Co' } })
  })

  test('cars nested deeper (auto.ru-style <data><cars><car>) with their own names are read', async () => {
    const [car] = await cars(
      '<data><dealer>x</dealer><cars><car><unique_id>9</unique_id><mark_id>ВАЗ</mark_id><folder_id>2107</folder_id><run>1</run><images><image>http://a/1.jpg</image></images><extras>abs|esp</extras></car></cars></data>',
    )
    expect(car).toMatchObject({
      values: { external_id: '9', make: 'ВАЗ', model: '2107', mileage_km: '1' },
      photos: ['http://a/1.jpg'],
      options: ['abs', 'esp'],
    })
  })

  test('a billion laughs document is refused at its DOCTYPE at once, nothing expanded', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n')
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE cars [\n<!ENTITY lol0 "lol">\n${lol}\n]>\n<cars><car><make>&lol9;</make></car></cars>`
    const started = performance.now()
    await expect(cars(bomb)).rejects.toMatchObject({ code: 'feed.doctype' })
    expect(performance.now() - started).toBeLessThan(200)
  })

  test('an external entity is refused (its DOCTYPE), and so is a bare ENTITY declaration', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE cars [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cars><car><make>&xxe;</make></car></cars>'
    await expect(cars(xxe)).rejects.toMatchObject({ code: 'feed.doctype' })
    await expect(cars('<cars><!ENTITY x "y"><car/></cars>')).rejects.toMatchObject({ code: 'feed.doctype' })
  })

  test('a DOCTYPE of any kind is refused, even without entities', async () => {
    await expect(cars('<!DOCTYPE cars SYSTEM "cars.dtd"><cars></cars>')).rejects.toMatchObject({ code: 'feed.doctype' })
  })

  test('an entity left undeclared stays as written (no expansion of any kind)', async () => {
    const [car] = await cars('<cars><car><make>&lol9;</make></car></cars>')
    expect(car?.values.make).toBe('&lol9;')
  })

  test('nesting deeper than the limit is refused', async () => {
    const deep = `${'<a>'.repeat(XML_LIMITS.maxDepth + 1)}${'</a>'.repeat(XML_LIMITS.maxDepth + 1)}`
    await expect(cars(deep, { size: 64 })).rejects.toMatchObject({ code: 'feed.xml_limits' })
  })

  test('a car with too many elements or too much text is refused', async () => {
    const many = `<cars><car>${'<x/>'.repeat(XML_LIMITS.maxCarElements + 1)}</car></cars>`
    await expect(cars(many, { size: 4096 })).rejects.toMatchObject({ code: 'feed.xml_limits' })
    const huge = `<cars><car><description>${'x'.repeat(XML_LIMITS.maxCarChars + 10)}</description></car></cars>`
    await expect(cars(huge, { size: 65536 })).rejects.toMatchObject({ code: 'feed.xml_limits' })
  })

  test('more cars than the limit refuse the whole feed', async () => {
    const xml = `<cars>${'<car><external_id>1</external_id></car>'.repeat(4)}</cars>`
    await expect(cars(xml, { maxRows: 3 })).rejects.toMatchObject({ code: 'feed.too_many_rows' })
  })

  test('broken markup is refused with its line', async () => {
    await expect(cars('<cars>\n<car><make>Kia</model></car></cars>')).rejects.toMatchObject({
      code: 'feed.malformed',
      params: { line: 2 },
    })
    await expect(cars('<cars><car><make>Kia</make></car>')).rejects.toMatchObject({ code: 'feed.malformed' })
    await expect(cars('<cars/><cars/>')).rejects.toMatchObject({ code: 'feed.malformed' })
  })
})
