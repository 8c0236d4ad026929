import { describe, expect, test } from 'vitest'
import { sparkline } from './sparkline.ts'

const box = { width: 106, height: 36, pad: 3 }

describe('the value sparkline', () => {
  test('runs from the first to the last estimate, the highest at the top and the lowest at the bottom', () => {
    const line = sparkline(
      [
        { day: '2026-10-01', estimateKzt: 12_000_000 },
        { day: '2026-10-11', estimateKzt: 11_000_000 },
        { day: '2026-10-21', estimateKzt: 11_500_000 },
      ],
      box,
    )
    expect(line?.path).toBe('M3 3 L53 33 L103 18')
    expect(line).toMatchObject({
      last: { x: 103, y: 18 },
      min: 11_000_000,
      max: 12_000_000,
      from: '2026-10-01',
      to: '2026-10-21',
    })
  })

  test('spaces points by the calendar and leaves out days without an estimate', () => {
    const line = sparkline(
      [
        { day: '2026-10-01', estimateKzt: 10_000_000 },
        { day: '2026-10-02', estimateKzt: null },
        { day: '2026-10-03', estimateKzt: 10_000_000 },
        { day: '2026-10-11', estimateKzt: 9_000_000 },
      ],
      box,
    )
    expect(line?.path).toBe('M3 3 L23 3 L103 33')
  })

  test('a value that did not move is a flat line through the middle', () => {
    const line = sparkline(
      [
        { day: '2026-10-01', estimateKzt: 10_000_000 },
        { day: '2026-10-02', estimateKzt: 10_000_000 },
      ],
      box,
    )
    expect(line?.path).toBe('M3 18 L103 18')
  })

  test('draws nothing with fewer than two estimates', () => {
    expect(sparkline([], box)).toBeNull()
    expect(sparkline([{ day: '2026-10-01', estimateKzt: 10_000_000 }], box)).toBeNull()
    expect(
      sparkline(
        [
          { day: '2026-10-01', estimateKzt: null },
          { day: '2026-10-02', estimateKzt: 10_000_000 },
        ],
        box,
      ),
    ).toBeNull()
  })
})
