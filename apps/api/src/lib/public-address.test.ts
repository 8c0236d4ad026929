import { describe, expect, test } from 'vitest'
import { isPublicAddress, NonPublicAddressError, publicAddressLookup } from './public-address.ts'

describe('isPublicAddress', () => {
  test.each([
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  test.each([
    '8.8.8.8',
    '142.250.74.42',
    '100.128.0.1',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2a00:1450:4001:80b::200a',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('publicAddressLookup', () => {
  const resolve = (host: string, all: boolean) =>
    new Promise<unknown>((done, fail) =>
      publicAddressLookup(host, { all }, (error, address) => (error ? fail(error) : done(address))),
    )

  test('refuses a name that resolves to loopback, whether one address or all are asked for', async () => {
    await expect(resolve('localhost', false)).rejects.toBeInstanceOf(NonPublicAddressError)
    await expect(resolve('localhost', true)).rejects.toBeInstanceOf(NonPublicAddressError)
  })
})
