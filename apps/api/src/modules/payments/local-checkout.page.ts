import type { Locale } from '@tulpar/contracts'
import { CARD_STYLE, escapeHtml, renderStandInPage } from '../../lib/stand-in-page.ts'

const TEXTS = {
  ru: {
    title: 'Тестовая оплата',
    note: 'Это локальная замена платёжной системы для демо и тестов: деньги не списываются. Выберите, чем закончится оплата.',
    amount: 'Сумма',
    pay: 'Оплатить',
    fail: 'Ошибка оплаты',
    cancel: 'Отменить',
    settled: 'Этот платёж уже завершён.',
    back: 'Вернуться',
  },
  kk: {
    title: 'Сынақ төлем',
    note: 'Бұл демо мен тестерге арналған төлем жүйесінің жергілікті баламасы: ақша алынбайды. Төлем немен аяқталатынын таңдаңыз.',
    amount: 'Сомасы',
    pay: 'Төлеу',
    fail: 'Төлем қатесі',
    cancel: 'Бас тарту',
    settled: 'Бұл төлем аяқталып қойған.',
    back: 'Қайту',
  },
  en: {
    title: 'Test payment',
    note: 'A local stand-in for the payment provider in the demo and tests: no money moves. Choose how the payment ends.',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Payment fails',
    cancel: 'Cancel',
    settled: 'This payment has already ended.',
    back: 'Go back',
  },
} satisfies Record<Locale, Record<string, string>>

const STYLE = `${CARD_STYLE}.sum{font-size:28px;font-weight:700;color:#1d2330}
form{margin:8px 0}
button,a{display:block;box-sizing:border-box;width:100%;padding:12px 14px;border:0;border-radius:8px;font:inherit;text-align:center;text-decoration:none;cursor:pointer}
.pay{background:#f14635;color:#fff}
.fail{background:#8a93a6;color:#fff}
.cancel{background:#e8edf3;color:#1d2330}
`

/** The local checkout: the amount and three buttons (pay, fail, cancel); a settled payment links back. */
export function renderLocalCheckout(p: {
  locale: Locale
  amountKzt: number
  action: string
  settled: boolean
  returnPath: string
}): string {
  const t = TEXTS[p.locale]
  const amount = `${new Intl.NumberFormat('ru-RU').format(p.amountKzt).replace(/\u00a0/g, ' ')} ₸`
  const body = p.settled
    ? `<p>${escapeHtml(t.settled)}</p><a class="cancel" href="${escapeHtml(p.returnPath)}">${escapeHtml(t.back)}</a>`
    : (['pay', 'fail', 'cancel'] as const)
        .map(
          (o) =>
            `<form method="post" action="${escapeHtml(`${p.action}/${o}`)}"><button type="submit" class="${o}">${escapeHtml(t[o])}</button></form>`,
        )
        .join('')
  return renderStandInPage({
    lang: p.locale,
    title: t.title,
    style: STYLE,
    body: `<main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.note)}</p>
<p>${escapeHtml(t.amount)}</p><p class="sum">${escapeHtml(amount)}</p>${body}</main>`,
  })
}
