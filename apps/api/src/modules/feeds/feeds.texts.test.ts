import { describe, expect, test } from 'vitest'
import { localiseProblem, localiseRefusal, storedProblem } from './feeds.texts.ts'

describe('a report’s reasons are put into words when they are read', () => {
  test('a problem stored with its parameters reads in the reader’s language', () => {
    const stored = storedProblem({ code: 'too_long', field: 'description', value: null }, { max: 3000 }, 'ru')
    expect(stored.message).toBe('Поле description длиннее 3000 символов.')
    expect(localiseProblem(stored, 'en')).toEqual({
      code: 'too_long',
      field: 'description',
      value: null,
      message: 'The field description is longer than 3000 characters.',
    })
    expect(localiseProblem(stored, 'kk').message).toBe('description өрісі 3000 таңбадан ұзын.')
  })

  test('a photo that failed names why in the reader’s language', () => {
    const stored = storedProblem(
      { code: 'photo_fetch', field: 'photo_urls', value: 'https://example.kz/a.jpg' },
      { failure: 'timeout' },
      'en',
    )
    expect(stored.message).toContain('the server did not send it within 10 s')
    expect(localiseProblem(stored, 'ru').message).toBe(
      'Фото по ссылке не загружено: сервер не отдал фото за 10 с. Остальные фото автомобиля загружены.',
    )
  })

  test('a problem or refusal stored without parameters (an older report) keeps its words', () => {
    const old = { code: 'vin' as const, field: 'vin' as const, value: 'X', message: 'Старая причина' }
    expect(localiseProblem(old, 'en')).toEqual(old)
    expect(localiseRefusal({ code: 'feed.empty', message: 'Файл пустой.' }, 'en').message).toBe('Файл пустой.')
    expect(localiseRefusal({ code: 'feed.too_large', message: '…', params: { mb: 50 } }, 'en')).toEqual({
      code: 'feed.too_large',
      message: 'The file is larger than 50 MB. Split the feed or remove what it does not need.',
    })
  })
})
