import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { showsLastData } from './stale-data';

const offline = new ApiError(0, 'NETWORK_ERROR', 'offline');
const refused = new ApiError(500, 'INTERNAL_ERROR', 'boom');

describe('showsLastData', () => {
  it('keeps the last data of a reload without network in the companion', () => {
    expect(showsLastData({ isRefetchError: true, error: offline }, true)).toBe(true);
  });

  it('shows the error on the dashboard, which has no stale marker', () => {
    expect(showsLastData({ isRefetchError: true, error: offline }, false)).toBe(false);
  });

  it('shows an error the server answered, and a first load that failed, everywhere', () => {
    expect(showsLastData({ isRefetchError: true, error: refused }, true)).toBe(false);
    expect(showsLastData({ isRefetchError: false, error: offline }, true)).toBe(false);
  });
});
