import type { FraudWarning } from '@tulpar/contracts'

/*
 * What scammers on car marketplaces ask for, in Russian, Kazakh and English: money before seeing the car, card
 * details, and moving the talk to a messenger where the marketplace cannot see it. A match warns the reader; it
 * never blocks the message (a seller may honestly mention WhatsApp), so the patterns favour recall.
 */
const PATTERNS: Record<FraudWarning, RegExp[]> = {
  prepayment: [
    /предоплат/i,
    /\bаванс/i,
    /задат(о|к)/i,
    /переве(ди|дите|сти)\b.{0,40}(денег|деньги|сумм|\d)/i,
    /скин(ь|ьте)\b.{0,30}(денег|деньги|сумм|на карт|\d)/i,
    /алдын ала төле/i,
    /кепілақ/i,
    /ақша(ны)? (аудар|салып)/i,
    /\b(pre-?payment|prepay|deposit|down ?payment|advance payment|pay (first|upfront|in advance))\b/i,
    /\bwire (the )?money\b/i,
  ],
  card: [
    /номер (вашей |своей )?карт/i,
    /данные карт/i,
    /\bcvv\b|\bcvc\b|\bсвв\b/i,
    /код из смс|смс-?код/i,
    /срок действия карт/i,
    /карта(ңыздың|ның)? нөмір/i,
    /карта деректер/i,
    /\bcard (number|details)\b/i,
    /\b(?:\d[ -]?){16}\b/,
  ],
  messenger: [
    /whats ?app|вотс ?ап|ватс ?ап|ватсап|уатсап/i,
    /telegram|телеграм|\btg\b|\bтг\b/i,
    /viber|вайбер/i,
    /\bsignal\b|сигнал[еа]? напиш/i,
    /напиш(и|ите) (мне )?(в|на) (личк|лс|директ)/i,
    /\bt\.me\//i,
    /\bwa\.me\//i,
  ],
}

/** The warnings a message earns (each kind once), in a fixed order. */
export function detectFraud(body: string): FraudWarning[] {
  return (Object.keys(PATTERNS) as FraudWarning[]).filter((kind) => PATTERNS[kind].some((re) => re.test(body)))
}
