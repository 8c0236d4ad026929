import { afterAll, beforeAll } from 'vitest'
import { accountHelpers } from './accounts.ts'
import { setRole } from './factories.ts'
import { createTestApp } from './test-app.ts'

/* The set-up most integration test files share: the app on a fresh database and the accounts the tests act as. */

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
export type Account = Awaited<ReturnType<ReturnType<typeof accountHelpers>['signUp']>>

/**
 * The file's test app, made in a beforeAll registered here and closed after the file's tests. The object returned
 * is filled in when the app is made: read it in hooks and tests (the file's own beforeAll hooks run after this one).
 */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options))
  })
  afterAll(() => t.close())
  return t
}

export interface AccountSpec {
  /** Given directly in the database after sign-up (none: a plain user). */
  role?: Parameters<typeof setRole>[2]
  name?: string
  /** A fresh unique address unless given. */
  email?: string
}

/**
 * Accounts signed up through the real API before the file's tests (in the order given, each one's role set before
 * the next signs up). Each object is filled in then: read it in hooks and tests.
 */
export function useAccounts<K extends string>(t: TestApp, specs: Record<K, AccountSpec>): Record<K, Account> {
  const { signUp } = accountHelpers(() => t.app)
  const entries = Object.entries<AccountSpec>(specs).map(([key, spec]) => ({ key, spec, account: {} as Account }))
  beforeAll(async () => {
    for (const { spec, account } of entries) {
      Object.assign(account, await signUp(spec.email, undefined, spec.name))
      if (spec.role) await setRole(t.db, account.id, spec.role)
    }
  })
  return Object.fromEntries(entries.map(({ key, account }) => [key, account])) as Record<K, Account>
}
