import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { type LegalBlock, type LegalDocument, parseInline } from './legal-document.ts'

/** A text with its `[label](href)` links: our own pages through the router, the rest (mailto:, tel:) as is. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, i) => {
        if (typeof part === 'string') return part
        const key = `${i}:${part.href}`
        return part.href.startsWith('/') ? (
          <Link key={key} to={part.href}>
            {part.label}
          </Link>
        ) : (
          <a key={key} href={part.href}>
            {part.label}
          </a>
        )
      })}
    </>
  )
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <Inline text={block} />
      </p>
    )
  }
  return (
    <ul>
      {block.items.map((item) => (
        <li key={item}>
          <Inline text={item} />
        </li>
      ))}
    </ul>
  )
}

/** The privacy policy or the user agreement: heading, version date, contents, then the numbered sections. */
export function LegalDocumentView({ doc, version }: { doc: LegalDocument; version: string }) {
  const { t, date } = useI18n()
  return (
    <article className="container legal-page">
      <header>
        <h1>{doc.title}</h1>
        <p className="legal-version">
          <time dateTime={version}>{t('company.legal.version', { date: date(version) })}</time>
        </p>
      </header>
      {doc.intro.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed text that never reorders
        <Block key={i} block={block} />
      ))}
      <nav className="legal-contents" aria-labelledby="legal-contents-title">
        <h2 id="legal-contents-title">{t('company.legal.contents')}</h2>
        <ol>
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.blocks.map((block, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text that never reorders
            <Block key={i} block={block} />
          ))}
        </section>
      ))}
    </article>
  )
}
