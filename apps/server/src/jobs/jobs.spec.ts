import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TFailedJob } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { activeUser, PASSWORD, signIn } from '../../test/accounts';
import { eventually } from '../../test/devices';
import { defineJob } from './job-queue';

const ADMIN = { email: 'owner@jobs.test', password: 'Owner-Passw0rd' };
const BROKEN = defineJob({ kind: 'test.broken', payload: z.object({ to: z.string() }), maxAttempts: 2, backoffSeconds: 0.05 });

describe('/api/v1/jobs (failed jobs, ADMIN)', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  let kestrelAdmin: Record<string, string>;
  let kitchen: Record<string, string>;
  let fixed = false;
  const runs: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    server.washboard.jobs.handle(BROKEN, async ({ to }) => {
      runs.push(to);
      if (!fixed) throw new Error(`connect ECONNREFUSED for ${to}`);
    });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    kestrelAdmin = (await signIn(server, ADMIN.email, ADMIN.password, 'KESTREL')).headers;
    await activeUser(server, admin, 'kitchen@jobs.test');
    kitchen = (await signIn(server, 'kitchen@jobs.test', PASSWORD)).headers;
  });
  afterAll(() => server.close());

  const failed = async (headers: Record<string, string>, brand = 'LUMINA') => {
    const res = await server.api('/api/v1/jobs/failed', { brand, headers });
    return { status: res.status, body: (await res.json()) as TFailedJob[] & { code?: string } };
  };

  it('keeps a job that failed every attempt, with its last error, for the ADMIN of its brand only', async () => {
    await server.washboard.jobs.enqueue(BROKEN, { to: 'lumina' }, { brand: 'LUMINA' });
    const [job] = await eventually(async () => {
      const { body } = await failed(admin);
      return body.length > 0 && body;
    });
    expect(runs).toEqual(['lumina', 'lumina']);
    expect(job).toMatchObject({
      kind: 'test.broken',
      brand: 'LUMINA',
      attempts: 2,
      maxAttempts: 2,
      lastError: 'connect ECONNREFUSED for lumina',
    });
    expect(Date.parse(job?.failedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(job?.createdAt ?? ''));
    // Another brand's administrator does not see it, and cannot retry it.
    expect((await failed(kestrelAdmin, 'KESTREL')).body).toEqual([]);
    const foreign = await server.api(`/api/v1/jobs/${job?.id}/retry`, {
      brand: 'KESTREL',
      method: 'POST',
      headers: kestrelAdmin,
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses anyone but an ADMIN: 403 for a kitchen manager, 401 without a token', async () => {
    const { status, body } = await failed(kitchen);
    expect(status).toBe(403);
    expect(body.code).toBe('FORBIDDEN');
    expect((await server.api('/api/v1/jobs/failed')).status).toBe(401);
    const retry = await server.api('/api/v1/jobs/1/retry', { method: 'POST', headers: kitchen });
    expect(retry.status).toBe(403);
  });

  it('answers a clear 400 for a bad id or limit, and 404 for a job that is not failed', async () => {
    const bad = await server.api('/api/v1/jobs/abc/retry', { method: 'POST', headers: { ...admin, 'accept-language': 'de' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    expect((await server.api('/api/v1/jobs/failed?limit=0', { headers: admin })).status).toBe(400);
    expect((await server.api('/api/v1/jobs/999999/retry', { method: 'POST', headers: admin })).status).toBe(404);
  });

  it('runs a retried job again with all its attempts; once done it is no longer listed', async () => {
    const [job] = (await failed(admin)).body;
    fixed = true;
    const retry = await server.api(`/api/v1/jobs/${job?.id}/retry`, { method: 'POST', headers: admin });
    expect(retry.status).toBe(200);
    await eventually(async () => runs.length === 3);
    await eventually(async () => (await failed(admin)).body.length === 0);
    // Not failed any more: a second retry finds nothing to do.
    expect((await server.api(`/api/v1/jobs/${job?.id}/retry`, { method: 'POST', headers: admin })).status).toBe(404);
  });
});
