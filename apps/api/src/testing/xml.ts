/*
 * A strict well-formedness check for the XML the API writes (sitemaps): one root element, balanced tags,
 * quoted attributes, no stray `<` or `&`, declared namespace prefixes. Not a general XML parser: no DTDs,
 * comments, CDATA or processing instructions besides the leading declaration, which our files never use.
 */
const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?'
const ATTR = new RegExp(`\\s+(${NAME})\\s*=\\s*"([^"<]*)"`, 'gy')
const TAG = new RegExp(`<(/?)(${NAME})`, 'y')
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y

export function assertWellFormedXml(xml: string): void {
  const fail = (at: number, why: string) =>
    new Error(`XML not well-formed at ${at}: ${why} near ${JSON.stringify(xml.slice(at, at + 60))}`)
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml)
  if (!decl) throw fail(0, 'missing XML declaration')
  let i = decl?.[0].length ?? 0
  const stack: { name: string; prefixes: Set<string> }[] = []
  let rootSeen = false
  while (i < xml.length) {
    const c = xml[i]
    if (c === '<') {
      TAG.lastIndex = i
      const tag = TAG.exec(xml)
      if (!tag) throw fail(i, 'bad tag')
      const [, closing, name = ''] = tag
      i = TAG.lastIndex
      if (closing) {
        const open = stack.pop()
        if (open?.name !== name) throw fail(i, `</${name}> closes <${open?.name}>`)
        while (/\s/.test(xml[i] ?? '')) i++
        if (xml[i] !== '>') throw fail(i, 'expected >')
        i++
        continue
      }
      if (stack.length === 0 && rootSeen) throw fail(i, 'second root element')
      rootSeen = true
      const prefixes = new Set(stack.at(-1)?.prefixes ?? [])
      const attrs: [string, string][] = []
      for (;;) {
        ATTR.lastIndex = i
        const attr = ATTR.exec(xml)
        if (!attr) break
        attrs.push([attr[1] ?? '', attr[2] ?? ''])
        i = ATTR.lastIndex
      }
      const names = new Set<string>()
      for (const [attrName, value] of attrs) {
        if (names.has(attrName)) throw fail(i, `duplicate attribute ${attrName}`)
        names.add(attrName)
        if (attrName.startsWith('xmlns:')) prefixes.add(attrName.slice(6))
        checkText(value, i, fail)
      }
      for (const n of [name, ...names]) {
        const prefix = n.includes(':') ? n.split(':')[0] : null
        if (prefix && prefix !== 'xmlns' && !prefixes.has(prefix)) throw fail(i, `undeclared prefix ${prefix}`)
      }
      while (/\s/.test(xml[i] ?? '')) i++
      if (xml.startsWith('/>', i)) {
        i += 2
      } else if (xml[i] === '>') {
        stack.push({ name, prefixes })
        i++
      } else {
        throw fail(i, 'expected > or />')
      }
      continue
    }
    const next = xml.indexOf('<', i)
    const text = xml.slice(i, next === -1 ? xml.length : next)
    if (stack.length === 0 && text.trim() !== '') throw fail(i, 'text outside the root element')
    checkText(text, i, fail)
    i = next === -1 ? xml.length : next
  }
  if (stack.length > 0) throw fail(xml.length, `unclosed <${stack.at(-1)?.name}>`)
  if (!rootSeen) throw fail(0, 'no root element')
}

function checkText(text: string, at: number, fail: (at: number, why: string) => Error) {
  for (let j = text.indexOf('&'); j !== -1; j = text.indexOf('&', j + 1)) {
    ENTITY.lastIndex = j
    if (!ENTITY.test(text)) throw fail(at + j, 'bare &')
  }
  if (text.includes(']]>')) throw fail(at, ']]> in text')
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
/** Text of every `<name>` element, entities decoded (for assertions on simple documents). */
export function elementTexts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) =>
    (m[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? e),
  )
}
