import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues, SUPPORTED_LANGUAGES, withPluralFallbacks } from '@washboard/contracts';

/** i18next as the app starts it, on the whole catalogue, each language's parts as the loader hands them over. */
async function translator(fill: boolean) {
  const t = i18next.createInstance();
  await t.init({
    lng: 'it',
    fallbackLng: 'it',
    resources: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((l) => [l, { translation: fill ? withPluralFallbacks(catalogues[l], l) : catalogues[l] }]),
    ),
    interpolation: { escapeValue: false },
  });
  return t;
}

describe('plural forms the catalogue leaves out', () => {
  it('reads a million late records as the other plural in French, Spanish and Italian, not as the key', async () => {
    const t = await translator(true);
    expect(t.t('haccp.verification.late', { lng: 'fr', count: 1_000_000 })).toMatch(/^1\s000\s000 enregistrements sont arrivés/);
    expect(t.t('haccp.verification.late', { lng: 'es', count: 1_000_000 })).toMatch(/^1\.000\.000 registros llegaron/);
    expect(t.t('haccp.verification.late', { lng: 'it', count: 1_000_000 })).toMatch(/^1\.000\.000 record sono arrivati/);
    expect(t.t('haccp.verification.late', { lng: 'fr', count: 1 })).toMatch(/^1 enregistrement est arrivé/);
    // Without the fallbacks i18next shows the key itself.
    expect((await translator(false)).t('haccp.verification.late', { lng: 'fr', count: 1_000_000 })).toBe(
      'haccp.verification.late',
    );
  });
});
