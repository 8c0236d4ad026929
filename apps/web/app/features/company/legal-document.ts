/*
 * The shape of the legal documents (privacy policy, user agreement) and the two pure steps between their
 * server-only texts and the page: filling in the company's contacts, and finding the links in a text.
 */

/** A paragraph, or a bulleted list. In any text, `[label](href)` is a link. */
export type LegalBlock = string | { items: string[] }

interface LegalSection {
  /** The anchor of the section (`/privacy-policy#rights`): the same in every language. */
  id: string
  title: string
  blocks: LegalBlock[]
}

export interface LegalDocument {
  /** The page heading and title. */
  title: string
  /** The meta description. */
  description: string
  intro: LegalBlock[]
  sections: LegalSection[]
}

/** The company's details a document quotes; `{name}` in a text is replaced by the value. */
export type LegalVariables = Record<'operator' | 'address' | 'email' | 'phone' | 'phoneText', string>

function fill(text: string, variables: LegalVariables): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in variables ? variables[name as keyof LegalVariables] : match,
  )
}

function fillBlock(block: LegalBlock, variables: LegalVariables): LegalBlock {
  return typeof block === 'string' ? fill(block, variables) : { items: block.items.map((i) => fill(i, variables)) }
}

/** The document with the company's current contacts in place of `{email}`, `{phone}`, ... */
export function fillDocument(doc: LegalDocument, variables: LegalVariables): LegalDocument {
  return {
    title: doc.title,
    description: doc.description,
    intro: doc.intro.map((b) => fillBlock(b, variables)),
    sections: doc.sections.map((s) => ({ ...s, blocks: s.blocks.map((b) => fillBlock(b, variables)) })),
  }
}

export type InlinePart = string | { label: string; href: string }

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g

/** Splits a text into plain parts and `[label](href)` links, in order. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = []
  let last = 0
  for (const m of text.matchAll(LINK)) {
    if (m.index > last) parts.push(text.slice(last, m.index))
    parts.push({ label: m[1] ?? '', href: m[2] ?? '' })
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}
