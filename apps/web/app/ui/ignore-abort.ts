/** Whether an error is a request that was cancelled (a fetch's AbortSignal), not one that failed. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'
}

/**
 * For a revalidation (or any request) the page starts and does not wait on: a navigation, a reload or another
 * revalidation that comes first cancels it, and React Router rejects its promise with the AbortError ("signal is
 * aborted without reason"). Nothing failed and the newer load shows the data, so that rejection ends here; any
 * other error still rejects.
 */
export async function ignoreAbort(work: Promise<unknown>): Promise<void> {
  try {
    await work
  } catch (error) {
    if (!isAbortError(error)) throw error
  }
}
