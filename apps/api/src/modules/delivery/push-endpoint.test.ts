import { describe, expect, test } from 'vitest'
import { NOT_PUSH_SERVICES } from '../../testing/push.ts'
import { isWebPushEndpoint } from './push-endpoint.ts'

describe('isWebPushEndpoint', () => {
  test.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://fcm.googleapis.com/wp/dGVzdA',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGq1eV0',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    'https://fcm.googleapis.com:443/fcm/send/x',
  ])('a browser push service: %s', (endpoint) => {
    expect(isWebPushEndpoint(endpoint)).toBe(true)
  })

  test.each([
    ...NOT_PUSH_SERVICES,
    'https://fcm.googleapis.com@169.254.169.254/x',
    'https://push.apple.com/x',
    'https://evilpush.apple.com/x',
    'not a url',
  ])('anything else: %s', (endpoint) => {
    expect(isWebPushEndpoint(endpoint)).toBe(false)
  })

  test('another list of hosts can be given (tests)', () => {
    expect(isWebPushEndpoint('https://push.test/x', ['push.test'])).toBe(true)
    expect(isWebPushEndpoint('https://fcm.googleapis.com/x', ['push.test'])).toBe(false)
  })
})
