import { z } from 'zod';
import { ZBrandCode } from '../brand/brand.schema';

/** What the web app reads from `/config.json` before it renders. */
export const ZRuntimeConfig = z
  .object({
    apiBase: z.string().describe('Prefix of API calls; empty for the same origin'),
    clientId: z.string(),
    subscriptionKey: z.string(),
    defaultBrand: ZBrandCode,
    brandHosts: z.record(z.string(), ZBrandCode).describe('Host name → brand'),
    sparePartsUrl: z.url(),
    demo: z.boolean(),
  })
  .meta({ id: 'RuntimeConfig' });
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
