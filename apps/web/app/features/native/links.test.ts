import { describe, expect, test } from 'vitest'
import { routeFromLink, routeFromNotification } from './links.ts'

const SITE = 'https://tulpar.kz'

describe('routeFromLink: the screen a link opens in the app', () => {
  test.each([
    ['kz.tulpar.auto://open#/cars/123', '/cars/123'],
    ['https://tulpar.kz/#/cars/123', '/cars/123'],
    ['https://tulpar.kz/#/auto/toyota?priceTo=9000000', '/auto/toyota?priceTo=9000000'],
    ['https://tulpar.kz/cars/123', '/cars/123'],
    ['https://tulpar.kz/auto/toyota/camry/almaty?page=2', '/auto/toyota/camry/almaty?page=2'],
    ['kz.tulpar.auto://open/wishlist', '/wishlist'],
  ])('%s opens %s', (link, route) => {
    expect(routeFromLink(link, SITE)).toBe(route)
  })

  test.each([
    ['another site', 'https://evil.example/#/cars/1'],
    ['another site that looks alike', 'https://tulpar.kz.evil.example/cars/1'],
    ['a protocol-relative route', 'kz.tulpar.auto://open#//evil.example'],
    ['a backslash route', 'https://tulpar.kz/#/\\evil.example'],
    ['an in-page anchor', 'https://tulpar.kz/#top'],
    ['the home page itself', 'https://tulpar.kz/'],
    ['not a URL', 'cars/123'],
  ])('%s opens nothing', (_, link) => {
    expect(routeFromLink(link, SITE)).toBeNull()
  })
})

describe('routeFromNotification', () => {
  test('our FCM messages carry data.url, a path of the site', () => {
    expect(routeFromNotification({ url: '/wishlist' }, SITE)).toBe('/wishlist')
    expect(routeFromNotification({ url: 'https://tulpar.kz/cars/5' }, SITE)).toBe('/cars/5')
  })

  test('anything else opens nothing', () => {
    expect(routeFromNotification({ url: '//evil.example' }, SITE)).toBeNull()
    expect(routeFromNotification({ url: 'https://evil.example/' }, SITE)).toBeNull()
    expect(routeFromNotification({}, SITE)).toBeNull()
    expect(routeFromNotification(null, SITE)).toBeNull()
  })
})
