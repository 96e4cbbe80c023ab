import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { json, signIn } from '../../test/accounts';
import type { TAuthUser } from '../auth/token.service';

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const names = { firstName: 'Giulia', lastName: 'Rossi', language: 'it' } as const;

describe('UserAdministrationService.createActiveAccount', () => {
  it('creates an account that signs in at once, in the company its service role needs', async () => {
    const { userAdministration: accounts, companies } = server.washboard;
    await companies.createCompany('LUMINA', 'Operator Service', null, '200000');
    const user = await accounts.createActiveAccount('LUMINA', {
      email: 'tech@operator.test',
      password: 'Operator-1',
      role: 'SERVICE',
      companyCode: '200000',
      ...names,
    });
    expect(user).toMatchObject({ status: 'ACTIVE', role: 'SERVICE' });
    const { headers } = await signIn(server, 'tech@operator.test', 'Operator-1');
    const profile = (await (await server.api('/api/v1/account/userinfo', { headers })).json()) as { companyCode: string };
    expect(profile.companyCode).toBe('200000');
  });

  it('keeps the rules of registration: the password rule, a company for service roles only, one account per address', async () => {
    const { userAdministration: accounts } = server.washboard;
    const account = { email: 'km@operator.test', password: 'Operator-1', role: 'KITCHEN_MANAGER' as const, ...names };
    await expect(accounts.createActiveAccount('LUMINA', { ...account, password: 'weak' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(accounts.createActiveAccount('LUMINA', { ...account, companyCode: '200000' })).rejects.toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
    });
    await expect(accounts.createActiveAccount('LUMINA', { ...account, role: 'SERVICE_MANAGER' })).rejects.toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
    });
    await expect(
      accounts.createActiveAccount('LUMINA', { ...account, role: 'SERVICE', companyCode: '999999' }),
    ).rejects.toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    await accounts.createActiveAccount('LUMINA', account);
    await expect(accounts.createActiveAccount('LUMINA', account)).rejects.toMatchObject({ code: 'CONFLICT' });
    // Brands are apart: the same address is free in the other one.
    await expect(accounts.createActiveAccount('KESTREL', account)).resolves.toMatchObject({ brand: 'KESTREL' });
  });
});

describe('CompanyService.createCompany', () => {
  it('refuses a parent the brand does not have (404), through the API too', async () => {
    const { userAdministration: accounts, companies } = server.washboard;
    await expect(companies.createCompany('LUMINA', 'Orphan', '987654')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await accounts.createActiveAccount('LUMINA', {
      email: 'admin@operator.test',
      password: 'Operator-1',
      role: 'ADMIN',
      administrationProfile: ['COMPANIES'],
      ...names,
    });
    const { headers } = await signIn(server, 'admin@operator.test', 'Operator-1');
    const res = await server.api('/api/v1/account/companies', json({ name: 'Orphan', parentCode: '987654' }, headers));
    expect(res.status).toBe(404);
  });
});

describe('ApplianceService.recordInstallation', () => {
  const caller = (role: TAuthUser['role'], administrationProfile: TAuthUser['administrationProfile'] = []): TAuthUser => ({
    id: '00000000-0000-4000-8000-000000000000',
    brand: 'LUMINA',
    email: 'caller@operator.test',
    role,
    administrationProfile,
    clientId: 'washboard-web',
    sessionId: 'test',
    expiresAt: Date.now() + 60_000,
  });
  const installation = { installationDate: new Date('2025-03-10T00:00:00Z'), assistance: { phone: '+39 02 0000 0000' } };

  it('takes ADMIN or the PRODUCTS profile, and a machine of the caller brand', async () => {
    const { appliances } = server.washboard;
    await appliances.createProduct('LUMINA', {
      serialNumber: 'OPS0001',
      modelNumber: 'INF-600',
      fw00: '3.2.0',
      fw02: '1.4.1',
      gamma: 'infinity',
      ratingPower: 'M3',
    });
    await expect(appliances.recordInstallation(caller('SERVICE_MANAGER'), 'OPS0001', installation)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      appliances.recordInstallation({ ...caller('ADMIN'), brand: 'KESTREL' }, 'OPS0001', installation),
    ).rejects.toMatchObject({ code: 'APPLIANCE_NOT_FOUND' });
    await appliances.recordInstallation(caller('SERVICE', ['PRODUCTS']), 'OPS0001', installation);
    const detail = await appliances.detail(caller('ADMIN'), 'OPS0001');
    expect(detail).toMatchObject({ installationDate: '2025-03-10T00:00:00.000Z', assistance: { phone: '+39 02 0000 0000' } });
  });
});
