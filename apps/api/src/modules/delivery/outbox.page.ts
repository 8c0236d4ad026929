import { escapeHtml, renderStandInPage } from '../../lib/stand-in-page.ts'
import type { OutboxMessage } from './outbox.ts'

/**
 * Escapes `text`, then turns http(s) URLs into links. Works on the escaped text: a URL runs until white
 * space or an entity other than `&amp;` (so `"https://x"` stops before `&quot;`); trailing punctuation
 * stays outside the link.
 */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/(?:[^\s&]|&amp;)+/g, (match) => {
    const url = match.replace(/[.,;:!?)\]]+$/, '')
    return `<a href="${url}" rel="noreferrer">${url}</a>${match.slice(url.length)}`
  })
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{background:#1d2330;color:#fff;padding:12px 24px}
header h1{font-size:18px;margin:0}
header p{margin:4px 0 0;font-size:13px;color:#c5cad6}
main{max-width:960px;margin:0 auto;padding:16px 24px}
form{display:flex;gap:8px;margin-bottom:16px}
input{flex:1;padding:6px 10px;border:1px solid #c5cad6;border-radius:6px;font:inherit}
button,.clear{padding:6px 14px;border:0;border-radius:6px;background:#2f6fed;color:#fff;font:inherit;text-decoration:none}
.clear{background:#8a93a6}
article{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:10px;box-shadow:0 1px 2px #0001}
.meta{display:flex;gap:10px;align-items:baseline;font-size:13px;color:#5b6478}
.channel{font-weight:600;text-transform:uppercase;border-radius:4px;padding:1px 6px;color:#fff}
.sms{background:#1f9d55}.email{background:#2f6fed}
.recipient{font-weight:600;color:#1d2330}
h2{font-size:15px;margin:8px 0 4px}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.45 ui-monospace,monospace;margin:6px 0 0}
.empty{color:#5b6478}
`

function renderMessage(m: OutboxMessage): string {
  const when = `${m.createdAt.toISOString().slice(0, 19).replace('T', ' ')} UTC`
  const channel = m.channel === 'sms' ? 'sms' : 'email'
  return `<article>
<div class="meta"><span class="channel ${channel}">${escapeHtml(m.channel)}</span><span class="recipient">${escapeHtml(m.recipient)}</span><time datetime="${m.createdAt.toISOString()}">${when}</time><span>#${m.id}</span></div>
${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}<pre>${linkify(m.body)}</pre>
</article>`
}

/** The /dev/outbox page: self-contained, no scripts, reloads itself every 5 seconds. */
export function renderOutboxPage(messages: OutboxMessage[], filter: { to?: string | undefined }): string {
  const to = filter.to ?? ''
  const list =
    messages.length === 0
      ? `<p class="empty">No messages${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`
      : messages.map(renderMessage).join('\n')
  return renderStandInPage({
    lang: 'en',
    title: 'Outbox (development only) · Tulpar Auto',
    style: STYLE,
    head: '<meta http-equiv="refresh" content="5">',
    body: `
<header><h1>Outbox (development only)</h1><p>SMS and email the local adapters wrote instead of sending. Newest first; the page reloads every 5 seconds.</p></header>
<main>
<form method="get" action="/dev/outbox">
<input type="search" name="to" value="${escapeHtml(to)}" placeholder="Recipient: +77011234567 or name@example.kz" aria-label="Recipient">
<button type="submit">Filter</button>${to ? '<a class="clear" href="/dev/outbox">All</a>' : ''}
</form>
${list}
</main>
`,
  })
}
