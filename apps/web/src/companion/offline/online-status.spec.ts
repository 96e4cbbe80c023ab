import { describe, expect, it } from 'vitest';
import { ApiError } from '../../modules/api/api-client';
import { isStale } from './online-status';

const unreachable = new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch');

describe('stale data', () => {
  it('is stale while the browser says it is offline', () => {
    expect(isStale(false, null)).toBe(true);
  });

  it('is stale when the phone claims a network but the last fetch never reached the server', () => {
    expect(isStale(true, unreachable)).toBe(true);
  });

  it('is fresh once a fetch succeeded, and a refusal by the server says nothing about the network', () => {
    expect(isStale(true, null)).toBe(false);
    expect(isStale(true, new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(false);
  });
});
