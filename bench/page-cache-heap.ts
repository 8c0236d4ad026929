import { PageCache } from '../apps/web/app/lib/page-cache/page-store.server.ts'

/*
 * What a full page cache costs every other request (issue 39, twelfth session): the process's page cache (decision
 * 019) filled with `pages` car pages of a kept page's shape (a 13-16 KB body, its tags, headers and nonce slots),
 * then the same work measured: a render's kind of garbage (a loader's data through JSON, markup as a string, its
 * bytes), a page kept (the cache full, the oldest evicted) and one asked for. Run it with the pages 128 MB holds and
 * with those of the hour-long market run (3 GB):
 *
 *   node bench/page-cache-heap.ts 6600 && node bench/page-cache-heap.ts 230000
 *
 * Add --trace-gc before the file's name to count the full collections. Not part of `npm run bench`.
 */

const pages = Number(process.argv[2] ?? 6_600)
const ROUNDS = 20_000
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', vary: 'Accept-Encoding' }
const bodySize = (i: number) => 13_000 + (i % 3_000)
const keyOf = (i: number) => `br|ru||/cars/${1_000_000 + i}`
const page = (i: number) => {
  const body = Buffer.allocUnsafe(bodySize(i))
  body.fill(i & 255)
  return {
    key: keyOf(i),
    status: 200,
    headers,
    body,
    tags: [`car:${i}`, `model:${i % 600}`],
    expiresAt: Date.now() + 3_600_000,
    nonce: {
      slots: { length: 24, offsets: [120, 4_000, 9_000, 12_000] },
      policy: ['script-src ', " 'self'"] as [string, string],
    },
  }
}

// Bounded to hold `pages` of these (a body's mean size and its key).
const cache = new PageCache(pages * (14_500 + keyOf(0).length))
for (let i = 0; i < pages; i++) cache.set(page(i))

const data = {
  cars: Array.from({ length: 200 }, (_, i) => ({
    id: i,
    title: `Toyota Camry ${i}`,
    price: 12_000_000 + i,
    photos: ['a', 'b'],
  })),
}
let next = pages
function round(): number {
  const loaded = JSON.parse(JSON.stringify(data)) as typeof data
  let html = ''
  for (const car of loaded.cars)
    html += `<div class="card"><a href="/cars/${car.id}">${car.title}</a><b>${car.price}</b></div>`
  const bytes = Buffer.from(html + html + html)
  cache.set(page(next++))
  cache.get(keyOf(next - 1 - Math.floor(Math.random() * pages)))
  return bytes.length
}

for (let i = 0; i < 3_000; i++) round()
const cpu = process.cpuUsage()
const started = performance.now()
for (let i = 0; i < ROUNDS; i++) round()
const used = process.cpuUsage(cpu)
const memory = process.memoryUsage()
console.log(
  `${cache.stats().entries} pages kept, resident ${Math.round(memory.rss / 1e6)} MB, JS heap ${Math.round(memory.heapUsed / 1e6)} MB: ` +
    `${ROUNDS} rounds in ${Math.round(performance.now() - started)} ms, ${Math.round((used.user + used.system) / 1000)} ms of CPU`,
)
