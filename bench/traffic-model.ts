import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import { GUEST_LOCALES, ZIPF_EXPONENT } from './traffic-stream.ts'

const USAGE = `node bench/traffic-model.ts [options]   (a model, not a measurement)

What a market's steady state would give the car pages' cache: the share of car page views that are renders, and the
pages alive, for the traffic bench's popularity (Zipf over the published cars) with each page kept for its life
from the view that rendered it (each guests' language a page of its own). Price changes, the first-view rule
(decision 039) and memory bounds are left out: a measured run falls short of it by what they cost.

  --views-per-hour N[,N...]   car page views an hour (default 250000,1000000)
  --life-hours H[,H...]       a kept car page's life (default 1,6,24)
  --cars N                    published cars (default 920287, the bench database's)
  --page-kb N                 a kept car page's size, for the memory (default 13)
  --after-hours T             instead of the steady state, the views T hours after a start with no page kept (a
                              bench run's window): lives shorter than T are left out
  --help
`

const values = parseCommandLine(USAGE, {
  allowPositionals: false,
  options: {
    'views-per-hour': { type: 'string', default: '250000,1000000' },
    'life-hours': { type: 'string', default: '1,6,24' },
    cars: { type: 'string', default: '920287' },
    'page-kb': { type: 'string', default: '13' },
    'after-hours': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})
const list = (name: string, text: string) =>
  text.split(',').map((part) => {
    const value = Number(part)
    if (!(value > 0)) exitWithUsage(USAGE, `--${name} takes positive numbers, not ${JSON.stringify(part)}`)
    return value
  })
const rates = list('views-per-hour', values['views-per-hour'])
const lives = list('life-hours', values['life-hours'])
const cars = wholeNumber(USAGE, 'cars', values.cars)
const pageKb = wholeNumber(USAGE, 'page-kb', values['page-kb'])
const afterHours = values['after-hours'] === undefined ? null : (list('after-hours', values['after-hours'])[0] ?? null)

/** Car k's (1-based) share of the views: Zipf with the bench's exponent. */
const weights = new Float64Array(cars)
let total = 0
for (let k = 1; k <= cars; k++) total += 1 / k ** ZIPF_EXPONENT
for (let k = 1; k <= cars; k++) weights[k - 1] = 1 / k ** ZIPF_EXPONENT / total
const languages = GUEST_LOCALES.map((l) => l.share / GUEST_LOCALES.reduce((sum, g) => sum + g.share, 0))

/**
 * The share of views that render and the pages alive, summed over every car in every language from what one page
 * asked λ times an hour gives: its renders an hour and whether it is alive (a fraction).
 */
function overPages(viewsPerHour: number, page: (lambda: number) => [number, number]) {
  let renders = 0
  let pages = 0
  for (const language of languages)
    for (const weight of weights) {
      const [rendersOf, alive] = page(viewsPerHour * language * weight)
      renders += rendersOf
      pages += alive
    }
  return { renders: renders / viewsPerHour, pages }
}

/**
 * A page asked λ times an hour, kept L hours from its render: renders come once per (1 + λL) views (a render, then
 * the page's life of hits, then the next view renders again), and the page is alive λL / (1 + λL) of the time.
 */
const steadyState = (viewsPerHour: number, lifeHours: number) =>
  overPages(viewsPerHour, (lambda) => [
    lambda / (1 + lambda * lifeHours),
    (lambda * lifeHours) / (1 + lambda * lifeHours),
  ])

/**
 * T hours after a start with nothing kept, a life of at least T: no page has expired yet, so a view renders exactly
 * when its page had no view before it (e^-λT of a page's views at T), and a page is kept once it has had one.
 */
const afterStart = (viewsPerHour: number, hours: number) =>
  overPages(viewsPerHour, (lambda) => {
    const unseen = Math.exp(-lambda * hours)
    return [lambda * unseen, 1 - unseen]
  })

const rows = [`| Car views an hour | ${lives.map((l) => `Page life ${l} h`).join(' | ')} |`]
rows.push(`| --- | ${lives.map(() => '---').join(' | ')} |`)
for (const rate of rates) {
  // After a start, every life of at least T gives the same: computed once a rate.
  const started = afterHours === null ? null : afterStart(rate, afterHours)
  const cells = lives.map((life) => {
    if (afterHours !== null && life < afterHours) return 'expired before'
    const { renders, pages } = started ?? steadyState(rate, life)
    const gb = (pages * pageKb) / 1024 / 1024
    return `${(renders * 100).toFixed(1)}% renders, ${Math.round(pages).toLocaleString('en')} pages, ${gb.toFixed(1)} GB`
  })
  rows.push(`| ${rate.toLocaleString('en')} | ${cells.join(' | ')} |`)
}
console.log(
  `${afterHours === null ? 'Steady state' : `${afterHours} h after a start with no page kept`}: ${cars.toLocaleString('en')} cars, Zipf exponent ${ZIPF_EXPONENT}, languages ${GUEST_LOCALES.map((l) => `${l.locale ?? 'ru'} ${l.share}%`).join(', ')}\n`,
)
console.log(rows.join('\n'))
