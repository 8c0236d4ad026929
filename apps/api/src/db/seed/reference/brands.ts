import { BRANDS_AUDI_PORSCHE_VOLVO } from './brands-audi-porsche-volvo.ts'
import { BRANDS_BMW_LAND_ROVER } from './brands-bmw-land-rover.ts'
import { BRANDS_CHERY_GROUP } from './brands-chery-group.ts'
import { BRANDS_CHEVROLET_FORD } from './brands-chevrolet-ford.ts'
import { BRANDS_CHINA_OTHER } from './brands-china-other.ts'
import { BRANDS_CIS } from './brands-cis.ts'
import { BRANDS_DAEWOO_SSANGYONG } from './brands-daewoo-ssangyong.ts'
import { BRANDS_GEELY_BYD } from './brands-geely-byd.ts'
import { BRANDS_GWM } from './brands-gwm.ts'
import { BRANDS_HONDA_SUBARU_SUZUKI } from './brands-honda-subaru-suzuki.ts'
import { BRANDS_HYUNDAI_GENESIS } from './brands-hyundai-genesis.ts'
import { BRANDS_KIA } from './brands-kia.ts'
import { BRANDS_LADA } from './brands-lada.ts'
import { BRANDS_LEXUS_INFINITI } from './brands-lexus-infiniti.ts'
import { BRANDS_MERCEDES } from './brands-mercedes.ts'
import { BRANDS_MITSUBISHI_MAZDA } from './brands-mitsubishi-mazda.ts'
import { BRANDS_NISSAN } from './brands-nissan.ts'
import { BRANDS_RENAULT_OPEL_PEUGEOT } from './brands-renault-opel-peugeot.ts'
import { BRANDS_TOYOTA } from './brands-toyota.ts'
import { BRANDS_USA } from './brands-usa.ts'
import { BRANDS_VW_GROUP } from './brands-vw-group.ts'
import type { BrandSeed } from './types.ts'

/**
 * All brands and models of the catalogue, grouped by origin.
 *
 * Conventions of the brand files:
 * - Years are the years a model or generation was on the market (model years for US and Japanese imports). In a
 *   changeover year the newer generation takes the year, so generations never overlap and a (model, year) pair maps
 *   to at most one generation. Nothing earlier than 1980 is listed: older production is clamped to 1980.
 * - `newPriceKzt` is a typical 2026 price of a new car in Kazakhstan (base to mid trims); for discontinued models,
 *   the price of a comparable new car today. Used by the demo data to derive asking prices.
 * - Engines list the common versions sold or imported, not every output variant. Electric cars use `AT` for their
 *   single-speed reduction gear, as local classifieds list them under automatic.
 * - `popularity` is relative: brands 1..100 against each other, models 1..10 within their brand.
 */
export const BRANDS: BrandSeed[] = [
  // Japan
  ...BRANDS_TOYOTA,
  ...BRANDS_LEXUS_INFINITI,
  ...BRANDS_NISSAN,
  ...BRANDS_MITSUBISHI_MAZDA,
  ...BRANDS_HONDA_SUBARU_SUZUKI,
  // Korea
  ...BRANDS_HYUNDAI_GENESIS,
  ...BRANDS_KIA,
  ...BRANDS_DAEWOO_SSANGYONG,
  // Russia and Uzbekistan
  ...BRANDS_LADA,
  ...BRANDS_CIS,
  // USA
  ...BRANDS_CHEVROLET_FORD,
  ...BRANDS_USA,
  // Europe
  ...BRANDS_VW_GROUP,
  ...BRANDS_AUDI_PORSCHE_VOLVO,
  ...BRANDS_MERCEDES,
  ...BRANDS_BMW_LAND_ROVER,
  ...BRANDS_RENAULT_OPEL_PEUGEOT,
  // China
  ...BRANDS_CHERY_GROUP,
  ...BRANDS_GWM,
  ...BRANDS_GEELY_BYD,
  ...BRANDS_CHINA_OTHER,
]
