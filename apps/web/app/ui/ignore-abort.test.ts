import { describe, expect, test } from 'vitest'
import { ignoreAbort, isAbortError } from './ignore-abort.ts'

describe('ignoreAbort', () => {
  test('a cancelled request ends quietly: the AbortError of an aborted signal', async () => {
    const controller = new AbortController()
    controller.abort()
    const aborted = Promise.reject(controller.signal.reason)
    expect(isAbortError(controller.signal.reason)).toBe(true)
    await expect(ignoreAbort(aborted)).resolves.toBeUndefined()
    await expect(ignoreAbort(fetch('http://127.0.0.1:9/', { signal: controller.signal }))).resolves.toBeUndefined()
  })

  test('any other failure still rejects, and a success resolves', async () => {
    await expect(ignoreAbort(Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch')
    await expect(ignoreAbort(Promise.reject('text'))).rejects.toBe('text')
    await expect(ignoreAbort(Promise.resolve(1))).resolves.toBeUndefined()
    expect(isAbortError(new Error('AbortError'))).toBe(false)
  })
})
