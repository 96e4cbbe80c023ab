import { z } from 'zod';
import { BRAND_CODES } from './brands';

export const ZBrandCode = z.enum(BRAND_CODES);
