import type { BodyType } from '@tulpar/contracts'

/** y of the road surface; cars face right and sit on it. */
export const GROUND_Y = 930

/**
 * One side-view drawing. Coordinates are on the 1600x1200 canvas; point lists are `'x,y,cornerRadius …'`.
 * `body` runs from the rear bottom over the roof to the front bottom; the sill and wheel arches are added.
 * `glass` only needs its belt line and pillar edges right: its top is trimmed by the roof line.
 */
export interface CarSpec {
  body: string
  /** Rear axle x, front axle x, tyre radius. */
  wheels: [number, number, number]
  sill: number
  belt: number
  glass?: string
  /** Pillars drawn over the glass: x, width, lean of the top. */
  pillars?: [number, number, number][]
  doors: number[]
  handles: number[]
  /** Lamps as `'x,y,w,h'`; they are clipped by the body so they wrap around its nose and tail. */
  head: string
  tail: string
  mirror: [number, number]
  /** Extra shut lines `'x1,y1,x2,y2 …'` (bed, tracks). */
  lines?: string
  /** Roof rail `'x1,y1,x2,y2'`, drawn just above the roof. */
  rail?: string
  cladding?: boolean
  spare?: boolean
  open?: boolean
}

const SEDAN_NOSE = '1085,640,34 1385,668,55 1452,728,40 1442,866,14'
const SEDAN_LIKE = {
  wheels: [395, 1165, 106],
  sill: 866,
  belt: 632,
  pillars: [[775, 26, -6]],
  doors: [540, 775, 1062],
  handles: [560, 795],
  head: '1362,680,110,30',
  tail: '130,680,70,36',
  mirror: [1052, 634],
} satisfies Partial<CarSpec>

export const CARS: Record<BodyType, CarSpec> = {
  sedan: {
    ...SEDAN_LIKE,
    body: `180,866,14 150,770,24 162,670,34 450,640,46 640,515,95 900,508,85 ${SEDAN_NOSE}`,
    glass: '525,632,8 753,482,0 1300,440,0 1300,632,0',
  },
  hatchback: {
    body:
      '262,866,14 236,770,24 238,680,30 292,545,60 370,512,60 ' +
      '850,505,85 1045,640,34 1325,668,55 1385,728,40 1375,866,14',
    wheels: [430, 1150, 102],
    sill: 866,
    belt: 634,
    glass: '420,634,8 462,520,0 1300,440,0 1300,634,0',
    pillars: [[705, 26, -6]],
    doors: [455, 705, 1025],
    handles: [475, 725],
    head: '1302,680,100,30',
    tail: '220,650,40,64',
    mirror: [1015, 636],
  },
  liftback: {
    ...SEDAN_LIKE,
    body: `180,866,14 150,770,24 160,676,30 212,654,30 650,512,150 900,508,85 ${SEDAN_NOSE}`,
    glass: '420,632,8 540,545,0 1300,440,0 1300,632,0',
    pillars: [
      [548, 20, 22],
      [775, 26, -6],
    ],
    tail: '135,668,80,36',
  },
  wagon: {
    ...SEDAN_LIKE,
    body: `180,866,14 150,770,24 152,650,30 172,530,45 900,506,85 ${SEDAN_NOSE}`,
    glass: '222,632,8 232,480,0 1300,440,0 1300,632,0',
    pillars: [
      [520, 34, 0],
      [775, 26, -6],
    ],
    tail: '136,640,45,70',
  },
  crossover: {
    body: '188,850,16 160,740,26 166,600,36 238,480,60 880,462,90 1062,600,34 1380,630,55 1452,700,40 1442,850,16',
    wheels: [405, 1165, 114],
    sill: 850,
    belt: 596,
    glass: '285,596,8 335,470,0 1300,420,0 1300,596,0',
    pillars: [
      [505, 30, 0],
      [750, 28, -6],
    ],
    doors: [525, 750, 1045],
    handles: [545, 770],
    head: '1352,640,110,32',
    tail: '150,600,45,64',
    mirror: [1028, 598],
    rail: '320,466,820,452',
    cladding: true,
  },
  suv: {
    body: '175,842,16 150,720,20 150,455,26 186,405,36 905,398,44 1048,545,24 1408,568,40 1456,630,26 1450,842,16',
    wheels: [410, 1170, 120],
    sill: 842,
    belt: 545,
    glass: '205,545,8 205,420,0 1300,420,0 1300,545,0',
    pillars: [
      [485, 32, 0],
      [755, 30, -4],
    ],
    doors: [505, 755, 1035],
    handles: [525, 775],
    head: '1420,585,60,40',
    tail: '138,480,30,90',
    mirror: [1018, 546],
    rail: '240,392,850,386',
    cladding: true,
    spare: true,
  },
  coupe: {
    body:
      '180,864,14 152,770,24 165,675,36 320,650,60 650,545,120 ' +
      '830,538,90 1040,650,30 1385,676,55 1455,735,40 1445,864,14',
    wheels: [405, 1185, 106],
    sill: 864,
    belt: 646,
    glass: '445,646,8 560,540,0 1300,480,0 1300,646,0',
    pillars: [[650, 18, 25]],
    doors: [660, 1025],
    handles: [680],
    head: '1362,686,110,30',
    tail: '140,684,70,34',
    mirror: [1000, 648],
  },
  convertible: {
    body: '180,864,14 152,770,24 165,675,36 330,654,30 1030,648,24 1385,676,55 1455,735,40 1445,864,14',
    wheels: [405, 1185, 106],
    sill: 864,
    belt: 650,
    doors: [660, 1015],
    handles: [680],
    head: '1362,686,110,30',
    tail: '140,684,70,34',
    mirror: [1000, 650],
    open: true,
  },
  minivan: {
    body: '178,862,14 150,740,24 156,500,36 225,432,70 880,422,150 1225,600,40 1402,640,55 1452,712,40 1442,862,14',
    wheels: [390, 1140, 104],
    sill: 862,
    belt: 598,
    glass: '205,598,8 213,440,0 1400,420,0 1400,598,0',
    pillars: [
      [460, 30, 0],
      [750, 28, -4],
      [1045, 20, -22],
    ],
    doors: [475, 750, 1055],
    handles: [695, 770],
    head: '1382,650,90,32',
    tail: '140,545,40,80',
    mirror: [1165, 600],
    lines: '215,612,460,612',
  },
  pickup: {
    body:
      '170,842,14 148,712,14 150,590,10 600,590,6 612,448,36 ' +
      '875,438,70 1040,578,28 1400,602,50 1455,668,34 1448,842,14',
    wheels: [385, 1175, 120],
    sill: 842,
    belt: 578,
    glass: '632,578,8 640,420,0 1300,420,0 1300,578,0',
    pillars: [[832, 28, -4]],
    doors: [832, 1032],
    handles: [645, 852],
    head: '1400,616,70,36',
    tail: '138,612,30,80',
    mirror: [1008, 580],
    lines: '158,610,595,610 606,602,606,830',
  },
  van: {
    body: '170,862,14 150,752,14 150,330,28 185,300,36 1040,298,70 1205,535,30 1405,590,60 1455,680,36 1448,862,14',
    wheels: [385, 1175, 104],
    sill: 862,
    belt: 560,
    glass: '985,560,8 985,320,0 1400,320,0 1400,560,0',
    doors: [600, 975, 1185],
    handles: [925, 995],
    head: '1390,615,80,36',
    tail: '138,575,30,110',
    mirror: [1170, 562],
    lines: '170,575,600,575',
  },
}
