import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_ERROR_CODES, API_ERRORS, apiErrorKey, isApiErrorCode, SERVER_ERROR_CODES, type TApiErrorCode } from '../api/errors';
import { catalogues, SUPPORTED_LANGUAGES, type TCatalogue } from './index';

describe('error registry', () => {
  it.each(SUPPORTED_LANGUAGES)('%s: has a non-empty text for every error code', (lang) => {
    const texts: Readonly<Record<string, unknown>> = catalogues[lang].apiErrors;
    const missing = API_ERROR_CODES.filter((code) => {
      const text = texts[code];
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s: has no apiErrors text for a code the registry does not know', (lang) => {
    const known = new Set<string>(API_ERROR_CODES);
    expect(Object.keys(catalogues[lang].apiErrors).filter((key) => !known.has(key))).toEqual([]);
  });

  it('tells a registry code from any other value', () => {
    expect(API_ERROR_CODES.every(isApiErrorCode)).toBe(true);
    expect(['FST_ERR_MAX_PARAM_LENGTH', 'toString', 'constructor', '', undefined, 404].some(isApiErrorCode)).toBe(false);
  });

  it('names the catalogue key of a code', () => {
    expect(apiErrorKey('APPLIANCE_NOT_FOUND')).toBe('apiErrors.APPLIANCE_NOT_FOUND');
  });

  it('gives every code the server sends an error status, and none to the web-only ones', () => {
    for (const code of SERVER_ERROR_CODES)
      expect(API_ERRORS[code], code).toSatisfy((s) => Number.isInteger(s) && s >= 400 && s < 600);
    expect(API_ERROR_CODES.filter((code) => API_ERRORS[code] === null)).toEqual(['NETWORK_ERROR', 'EXPORT_FAILED']);
  });

  it('keeps the catalogue type and the registry to the same codes', () => {
    expectTypeOf<keyof TCatalogue['apiErrors']>().toEqualTypeOf<TApiErrorCode>();
  });
});
