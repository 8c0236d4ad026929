/** Market estimate and deal rating (features/valuation). Spread into messages.ru.ts. */
export const valuationRu = {
  'valuation.rating.great': 'Отличная цена',
  'valuation.rating.good': 'Хорошая цена',
  'valuation.rating.fair': 'Цена по рынку',
  'valuation.rating.high': 'Цена выше рынка',
  'valuation.title': 'Оценка по рынку',
  'valuation.thisPrice': 'Цена этого автомобиля',
  'valuation.below': 'на {percent}% ниже оценки',
  'valuation.above': 'на {percent}% выше оценки',
  'valuation.same': 'как в оценке',
  'valuation.estimate': 'Оценка',
  'valuation.range': 'Обычная цена',
  'valuation.rangeValue': 'от {low} до {high}',
  'valuation.scale': 'Цена {price} на шкале: обычная цена от {low} до {high}, оценка {estimate}',
  'valuation.comparables': {
    one: 'Сравнили с {count} похожим объявлением',
    few: 'Сравнили с {count} похожими объявлениями',
    many: 'Сравнили с {count} похожими объявлениями',
    other: 'Сравнили с {count} похожими объявлениями',
  },
  'valuation.estimatedAt': 'оценка от {date}',
  'valuation.none': 'Похожих объявлений пока слишком мало, чтобы оценить цену.',
  'valuation.how.title': 'Как мы считаем',
  'valuation.how.comparables':
    'Берём опубликованные объявления той же модели: год выпуска ±{years} года, похожий пробег, тот же руль, ' +
    'растаможка и отсутствие повреждений. Их цены приводим к году и пробегу этого автомобиля. Оценка — ' +
    'средняя из этих цен (медиана), обычная цена — диапазон, в который попадает половина похожих предложений.',
  'valuation.how.ratings':
    'Отличная цена — на {great}% и больше ниже оценки и ниже обычной; хорошая — больше чем на {good}% ниже ' +
    'оценки; выше рынка — больше чем на {high}% выше оценки и выше обычной; в остальных случаях — цена по ' +
    'рынку. Если похожих объявлений меньше {min}, оценку не показываем.',
  'valuation.how.limits':
    'Это ориентир по ценам объявлений, а не гарантия: состояние, комплектацию и историю автомобиля мы не ' +
    'видим. Оценки регулярно пересчитываются.',
} as const
