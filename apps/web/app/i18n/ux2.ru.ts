/** First-visit texts: the header's Sell, the deleted-account notice. */
export const ux2Ru = {
  'ux2.header.sell': 'Продать авто',
  'ux2.account.deleted': 'Ваш аккаунт был удалён',
}
