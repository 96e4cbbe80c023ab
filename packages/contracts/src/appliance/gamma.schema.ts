import { z } from 'zod';
import { GAMMAS } from './gamma';

export const ZGamma = z.enum(GAMMAS);
