/*
 * The HTML shell of the local stand-in pages the API serves itself (the identity provider, the checkout, the
 * development outbox): one self-contained document each, inline style, no scripts, not indexed.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
}

/** CSP for a stand-in page: inline styles only, no scripts, forms post back to this origin. */
export const STAND_IN_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'"

/** The small centred card the identity provider and the checkout are drawn on; a page adds its own rules. */
export const CARD_STYLE = `
body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330;display:flex;justify-content:center}
main{max-width:420px;width:100%;margin:32px 16px;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
h1{font-size:20px;margin:0 0 8px}
p{color:#5b6478;font-size:14px;margin:0 0 16px}
`

/**
 * A stand-in page's document. `title` is text (escaped here); `head` and `body` are HTML the page has escaped.
 */
export function renderStandInPage(page: {
  lang: string
  title: string
  style: string
  head?: string
  body: string
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">${page.head ?? ''}<title>${escapeHtml(page.title)}</title><style>${page.style}</style></head>
<body>${page.body}</body></html>
`
}
