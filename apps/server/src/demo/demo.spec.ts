import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplianceSummary } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { signIn } from '../../test/accounts';
import { eventually } from '../../test/devices';
import { settings } from '../db/schema/index';

describe('demo (DEMO=1)', () => {
  let server: TTestServer;
  let passwords: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ DEMO: '1' });
    const [row] = await server.washboard.database.db.select().from(settings).where(eq(settings.key, 'demo'));
    passwords = (row?.value as { passwords: Record<string, string> }).passwords;
  });
  afterAll(async () => {
    await server.close();
  });

  const devices = async (email: string) => {
    const { headers } = await signIn(server, email, passwords[email] ?? '');
    return (await (await server.api('/api/v1/appliance/devices', { headers })).json()) as TApplianceSummary[];
  };

  it('seeds one account per role, each able to sign in', async () => {
    expect(Object.keys(passwords).sort()).toEqual([
      'admin@demo.washboard',
      'kitchen@demo.washboard',
      'manager@demo.washboard',
      'service@demo.washboard',
    ]);
  });

  it('runs a live fleet: the kitchen manager sees its machines online within seconds', async () => {
    const mine = await eventually(async () => {
      const list = await devices('kitchen@demo.washboard');
      return list.length === 4 && list.every((d) => d.status.online) && list;
    }, 15_000);
    expect(mine.map((d) => d.gamma).sort()).toEqual(['hiline', 'infinity', 'infinity', 'prime']);
  });

  it('shows the service company every machine it looks after', async () => {
    expect(await devices('service@demo.washboard')).toHaveLength(6);
    expect(await devices('manager@demo.washboard')).toHaveLength(6);
  });
});
