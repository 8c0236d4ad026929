/*
 * Which kept pages show each tag (page-store.server.ts), for purges. Shaped for the garbage collector, which marks
 * every object of every kept page at each full collection (issue 39: 12,000 car pages kept were 1.43M objects,
 * 1.09M with this index): a tag one page shows leads to that page's key, not a set (most of a car page's tags, its
 * own car and its similar cars), and every page showing a tag holds the index's one flat string for it.
 */

/**
 * A flat copy of a string: a tag built by concatenation is a tree of V8 strings (`listing:${id}` is two pieces), and
 * the collector marks every piece of every kept page's strings.
 */
function flatCopy(text: string): string {
  const copy = Buffer.from(text).toString()
  // A lone surrogate does not survive UTF-8: such a text is kept as it is (the index must hold what purges name).
  return copy === text ? copy : text
}

export class TagIndex {
  /** Tag -> the one key while a single page shows it, a set of keys when more do (a set is two objects; a key, none). */
  private readonly keys = new Map<string, string | Set<string>>()
  /** The index's own flat string for each tag it holds. */
  private readonly names = new Map<string, string>()

  /** Notes that the page under `key` shows `tag`; answers the index's string for the tag, for the page to hold. */
  add(tag: string, key: string): string {
    const name = this.names.get(tag)
    if (name === undefined) {
      const own = flatCopy(tag)
      this.names.set(own, own)
      this.keys.set(own, key)
      return own
    }
    const keys = this.keys.get(name)
    if (typeof keys === 'string') {
      if (keys !== key) this.keys.set(name, new Set([keys, key]))
    } else keys?.add(key)
    return name
  }

  /** Notes that the page under `key` no longer shows `tag`. */
  remove(tag: string, key: string): void {
    const keys = this.keys.get(tag)
    if (keys === key) {
      this.keys.delete(tag)
      this.names.delete(tag)
    } else if (typeof keys === 'object') {
      keys.delete(key)
      // Back to a key of its own when one page is left.
      if (keys.size === 1) for (const left of keys) this.keys.set(tag, left)
    }
  }

  /** The keys of the pages showing `tag`, as a list of their own (removing them while going through it is safe). */
  pagesOf(tag: string): string[] {
    const keys = this.keys.get(tag)
    return typeof keys === 'string' ? [keys] : [...(keys ?? [])]
  }

  clear(): void {
    this.keys.clear()
    this.names.clear()
  }
}
