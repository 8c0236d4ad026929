import { describe, expect, it } from 'vitest'
import { notFound, orNotFound, whenServiceFails } from './service-errors.ts'

const failure = (code: string, status: number) => Object.assign(new Error(code), { code, status })

async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('whenServiceFails', () => {
  it('answers a service failure with what onFailure returns, and rethrows what it leaves', async () => {
    expect(
      await whenServiceFails(Promise.reject(failure('x.gone', 410)), ({ code }) =>
        code === 'x.gone' ? 'gone' : undefined,
      ),
    ).toBe('gone')
    const other = failure('x.other', 409)
    expect(await thrown(whenServiceFails(Promise.reject(other), () => undefined))).toBe(other)
  })

  it('rethrows anything that is not a service failure without asking', async () => {
    const bug = new TypeError('bug')
    expect(
      await thrown(
        whenServiceFails(
          () => Promise.reject(bug),
          () => 'answered',
        ),
      ),
    ).toBe(bug)
  })
})

describe('orNotFound', () => {
  it('is the value when the call succeeds', async () => {
    expect(await orNotFound(Promise.resolve(7))).toBe(7)
  })

  it("turns the service's 404 into the page's 404 with the body given", async () => {
    const error = await thrown(orNotFound(Promise.reject(failure('report.not_found', 404)), { reason: 'not-found' }))
    expect(error).toEqual(notFound({ reason: 'not-found' }))
    expect(await thrown(orNotFound(Promise.reject(failure('report.not_found', 404))))).toEqual(notFound())
  })

  it('rethrows other failures as they were', async () => {
    const forbidden = failure('auth.forbidden', 403)
    expect(await thrown(orNotFound(Promise.reject(forbidden)))).toBe(forbidden)
  })
})
