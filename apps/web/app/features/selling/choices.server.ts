import type { Services } from '@tulpar/api'
import type {
  BrandRef,
  FormGeneration,
  FormModel,
  FormModification,
  FormVocabularies,
  Locale,
  SellerListing,
  SellingStep,
} from '@tulpar/contracts'

/** What one step of the form offers to choose from, given what earlier steps saved. */
export interface StepChoices {
  brands?: BrandRef[]
  models?: FormModel[]
  model?: FormModel | null
  generations?: FormGeneration[]
  modifications?: FormModification[]
  bodyTypes?: FormVocabularies['bodyTypes']
  engineTypes?: FormVocabularies['engineTypes']
  colours?: FormVocabularies['colours']
  optionGroups?: FormVocabularies['optionGroups']
  cities?: { id: number; name: string }[]
}

export async function loadStepChoices(
  services: Services,
  step: SellingStep,
  listing: SellerListing,
  locale: Locale,
): Promise<StepChoices> {
  const { reference } = services
  const models = listing.brandId ? await reference.listFormModels(listing.brandId) : []
  const model = models.find((m) => m.id === listing.modelId) ?? null
  switch (step) {
    case 'brand':
      return { brands: await reference.listBrands() }
    case 'model':
      return { models, brands: await reference.listBrands() }
    case 'characteristics': {
      const [generations, v] = await Promise.all([
        model ? reference.listGenerations(model.id) : [],
        reference.formVocabularies(locale),
      ])
      return {
        model,
        generations,
        bodyTypes: v.bodyTypes.filter((b) => model?.bodyTypes.some((code) => code === b.code)),
      }
    }
    case 'modifications': {
      const [modifications, v] = await Promise.all([
        model ? reference.listModifications(model.id) : [],
        reference.formVocabularies(locale),
      ])
      return { model, modifications, engineTypes: v.engineTypes, colours: v.colours }
    }
    case 'options':
      return { optionGroups: (await reference.formVocabularies(locale)).optionGroups }
    case 'price':
      return { cities: (await reference.listCities(locale)).map(({ id, name }) => ({ id, name })) }
    case 'publish':
      return { model, cities: (await reference.listCities(locale)).map(({ id, name }) => ({ id, name })) }
    default:
      return {}
  }
}
