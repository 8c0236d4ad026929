/** How many distinct header sets (and policies) the kept pages share: a route's pages have one, or a few. */
const SHARED_SHAPES = 1_000

/**
 * One object for equal values (a route's pages all send the same headers and the same policy around their nonce):
 * thousands of kept pages then hold one each, or its number, instead of a copy (issue 39). Frozen: an answer that
 * changes them copies them first. Past SHARED_SHAPES a value has no shape: it is kept as it is.
 */
export class Shapes<T extends object> {
  private readonly known = new Map<string, number>()
  private readonly shapes: T[] = []

  /** The one frozen object equal to `value`, or `value` itself past SHARED_SHAPES. */
  of(value: T): T {
    const id = this.idOf(value)
    return id < 0 ? value : (this.shapes[id] as T)
  }

  /** The number of the shape equal to `value`, or -1 past SHARED_SHAPES. */
  idOf(value: T): number {
    const signature = JSON.stringify(value)
    const known = this.known.get(signature)
    if (known !== undefined) return known
    if (this.shapes.length >= SHARED_SHAPES) return -1
    this.shapes.push(Object.freeze(JSON.parse(signature) as T))
    this.known.set(signature, this.shapes.length - 1)
    return this.shapes.length - 1
  }

  /** The shape numbered `id` (by idOf). */
  byId(id: number): T {
    return this.shapes[id] as T
  }
}
