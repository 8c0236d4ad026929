import { describe, expect, test } from 'vitest'
import { AppError, fixedError, notFoundByIdError } from './errors.ts'

class SampleFixedError extends fixedError('sample.fixed', 409, 'Always the same words') {}
class SampleNotFoundError extends notFoundByIdError<number>('sample.not_found', 'Sample') {}

describe('typed errors made from a base', () => {
  test('a fixed error is an AppError of its own class, with its code, status and message', () => {
    const err = new SampleFixedError()
    expect(err).toBeInstanceOf(AppError)
    expect(err).toBeInstanceOf(SampleFixedError)
    expect(err).toMatchObject({
      name: 'SampleFixedError',
      code: 'sample.fixed',
      status: 409,
      message: 'Always the same words',
    })
  })

  test('a not-found error names the thing and its id in a 404', () => {
    const err = new SampleNotFoundError(7)
    expect(err).toBeInstanceOf(AppError)
    expect(err).not.toBeInstanceOf(SampleFixedError)
    expect(err).toMatchObject({
      name: 'SampleNotFoundError',
      code: 'sample.not_found',
      status: 404,
      message: 'Sample 7 not found',
    })
  })
})
