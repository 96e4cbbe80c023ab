import { z } from 'zod';
import { GAMMAS } from '../appliance/gamma';

/** A model as the administration names it: its model number and its range. */
export const ZModelNumber = z.string().trim().min(1).max(40);

/** GET /api/v1/appliance/default-parameters: the brand's models, with their products and edited values. */
export const ZDefaultParameterModel = z
  .object({
    modelNumber: z.string(),
    gamma: z.enum(GAMMAS),
    /** Products of the brand of this model and range. */
    products: z.int(),
    /** Values of its list that differ from the catalogue's defaults. */
    edited: z.int(),
  })
  .meta({ id: 'DefaultParameterModel' });
export type TDefaultParameterModel = z.infer<typeof ZDefaultParameterModel>;
export const ZDefaultParameterModels = z.array(ZDefaultParameterModel);

/** The path of one model's list. */
export const ZDefaultParameterModelParams = z.object({ gamma: z.enum(GAMMAS), modelNumber: ZModelNumber });
/** The path of one value of a model's list (`code`: a key of the parameter catalogue). */
export const ZDefaultParameterParams = ZDefaultParameterModelParams.extend({ code: z.string().trim().min(1).max(64) });

/** PUT …/{code}: the new raw value, checked against the catalogue's bounds for the range (VALUE_OUT_OF_RANGE). */
export const ZDefaultParameterWrite = z.object({ value: z.number() }).meta({ id: 'DefaultParameterWrite' });

/** One row: the spec's ID, code, type (0 Cycle, 1 Factory) and value, with the bounds and unit to show it. */
export const ZDefaultParameter = z
  .object({
    id: z.int(),
    code: z.string(),
    type: z.union([z.literal(0), z.literal(1)]),
    value: z.number(),
    catalogueDefault: z.number(),
    edited: z.boolean(),
    min: z.number(),
    max: z.number(),
    unit: z.string(),
    /** Raw units per shown unit (10 for °C and litres, 60 for minutes …). */
    scale: z.number(),
  })
  .meta({ id: 'DefaultParameter' });
export type TDefaultParameter = z.infer<typeof ZDefaultParameter>;

export const ZDefaultParameterList = z
  .object({ modelNumber: z.string(), gamma: z.enum(GAMMAS), parameters: z.array(ZDefaultParameter) })
  .meta({ id: 'DefaultParameterList' });
export type TDefaultParameterList = z.infer<typeof ZDefaultParameterList>;
