import type { complaintRu } from './complaint.ru.ts'

type Texts = { [K in keyof typeof complaintRu]: string }

export const complaintKk: Texts = {
  'complaint.link': 'Хабарландыруға шағымдану',
  'complaint.title': 'Хабарландыруда не дұрыс емес?',
  'complaint.intro': 'Модераторлар хабарландыруды тексереді. Кімнің шағымданғанын сатушы білмейді.',
  'complaint.reason.sold': 'Көлік сатылып кеткен',
  'complaint.reason.sold.hint': 'Сатушы көліктің енді жоқ екенін айтты.',
  'complaint.reason.wrong_price': 'Бағасы дұрыс емес',
  'complaint.reason.wrong_price.hint': 'Телефонмен басқа баға айтады немесе баға ойдан шығарылған.',
  'complaint.reason.wrong_details': 'Сипаттамасы не суреттері көлікке сәйкес емес',
  'complaint.reason.wrong_details.hint': 'Жылы, жүрісі, жинақталымы басқа немесе суреттер бөгде көліктікі.',
  'complaint.reason.fraud': 'Алаяқтық',
  'complaint.reason.fraud.hint': 'Алдын ала төлем, карта деректерін немесе SMS кодын сұрайды.',
  'complaint.reason.duplicate': 'Хабарландыру қайталанған',
  'complaint.reason.duplicate.hint': 'Бір көлік бірнеше рет қойылған.',
  'complaint.reason.other': 'Басқа',
  'complaint.reason.other.hint': 'Түсініктемеде жазыңыз.',
  'complaint.reason.label': 'Себебі',
  'complaint.comment': 'Түсініктеме',
  'complaint.comment.hint': '«Басқа» себебінен басқа жағдайда міндетті емес. 1000 таңбаға дейін.',
  'complaint.send': 'Шағым жіберу',
  'complaint.back': 'Хабарландыруға оралу',
  'complaint.done.title': 'Рахмет, шағымыңыз жіберілді',
  'complaint.done.text':
    'Модераторлар хабарландыруды тексереді. Ереже бұзылса, хабарландыру жарияланымнан алынады, бұл туралы хабарламаларыңызға жазамыз.',
  'complaint.error.reason': 'Хабарландыруда не дұрыс емес екенін таңдаңыз',
  'complaint.error.comment': 'Не дұрыс емес екенін жазыңыз',
  'complaint.error.commentLong': '1000 таңбадан аспауы керек',
  'complaint.error.own': 'Бұл — өз хабарландыруыңыз, оған шағымдануға болмайды.',
  'complaint.error.rate': 'Бір сағатта шағым тым көп. Кейінірек қайталаңыз.',
  'complaint.error.gone': 'Хабарландыру енді сатылымда емес.',
}
