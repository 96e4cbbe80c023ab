import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCatalogues } from '@washboard/contracts';
import { type TTestServer } from '../../test/harness';
import { rowsOf } from '../db/rows';
import { ALARM_MAIL } from '../jobs/kinds';
import { ADMIN, activeUser, json, PASSWORD, signIn } from '../../test/accounts';
import { connectDevice, createProduct, productRequest, publish, type TProduct } from '../../test/devices';
import {
  headerOf,
  plainText,
  startMailingServer,
  type TCaughtMail,
  type TMailCatcher,
  unsubscribeLinkOf,
} from '../../test/mail-catcher';

/** The digest window on a fast clock. */
const DIGEST_SECONDS = 2;
type THeaders = Record<string, string>;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Alarm mails with virtual machines and a real SMTP server (docs/notifications.md). */
describe('alarm notification mails', () => {
  let server: TTestServer;
  let mail: TMailCatcher;
  const admins: Record<string, THeaders> = {};
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    ({ server, mail } = await startMailingServer({
      ALARM_MAIL_DIGEST_SECONDS: String(DIGEST_SECONDS),
      PUBLIC_URL: 'https://dash.example.test',
    }));
    for (const brand of ['LUMINA', 'KESTREL']) admins[brand] = (await signIn(server, ADMIN.email, ADMIN.password, brand)).headers;
    // The people of the scenario: Kate runs the kitchen, Sam and Otto service it for Fix-It; Kurt
    // (another kitchen) and Kim (the other brand) see none of its machines.
    await company('Fix-It');
    await person('kate@kitchen.test', { alarms: true, language: 'it' });
    await person('sam@fixit.test', { alarms: true, service: 'Fix-It' });
    await person('otto@fixit.test', { alarms: false, service: 'Fix-It' });
    await person('kurt@other.test', { alarms: true });
    await person('kim@kestrel.test', { alarms: true, brand: 'KESTREL' });
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server?.close();
    await mail?.close();
  });

  const companies = new Map<string, string>();
  async function company(name: string): Promise<void> {
    const res = await server.api('/api/v1/account/companies', json({ name }, admins.LUMINA));
    companies.set(name, ((await res.json()) as { code: string }).code);
  }

  async function person(
    email: string,
    options: { alarms: boolean; service?: string; brand?: string; language?: string },
  ): Promise<void> {
    const brand = options.brand ?? 'LUMINA';
    const admin = admins[brand] ?? {};
    const id = await activeUser(server, admin, email, brand);
    if (options.service) {
      const code = companies.get(options.service) ?? '';
      const res = await server.api(`/api/v1/account/users/${id}/updateRole?targetRole=SERVICE&companyCode=${code}`, {
        brand,
        method: 'PUT',
        headers: admin,
      });
      expect(res.status).toBe(200);
    }
    const { headers } = await signIn(server, email, PASSWORD, brand);
    const profile = {
      firstName: email.split('@')[0] ?? 'x',
      lastName: 'Test',
      weeklyReport: false,
      thresholdNotifications: false,
      alarmNotifications: options.alarms,
      language: options.language ?? 'en',
    };
    expect((await server.api('/api/v1/account/updateUser', { brand, ...json(profile, headers) })).status).toBe(200);
  }

  /** A machine of Kate's kitchen serviced by Fix-It, connected. */
  async function kitchenMachine(name: string): Promise<TProduct & { client: MqttClient }> {
    const product = await createProduct(server, admins.LUMINA ?? {});
    for (const userEmail of ['kate@kitchen.test', 'sam@fixit.test']) {
      const claim = { serialNumber: product.serialNumber, userEmail, applianceName: name };
      expect((await server.api('/api/v1/appliance/claim', json(claim, admins.LUMINA))).status).toBe(200);
    }
    const client = await connectDevice(server, product);
    devices.push(client);
    return { ...product, client };
  }

  const alarm = (machine: TProduct & { client: MqttClient }, id: string, stopDate: string | null = null) =>
    publish(machine.client, machine.serialNumber, 'alarm', {
      id,
      errorCode: 'OH01',
      startDate: new Date().toISOString(),
      stopDate,
    });
  const about = (serial: string) => (m: TCaughtMail) => m.text.includes(serial);
  const mailsTo = (to: string, serial: string) => mail.mails.filter((m) => m.to === to && m.text.includes(serial));

  it('tells the opted-in kitchen manager and service user, with the solutions, and nobody else', async () => {
    const machine = await kitchenMachine('Dishwasher Alpha');
    await alarm(machine, randomUUID());

    const started = Date.now();
    const kate = await mail.waitFor('kate@kitchen.test', about(machine.serialNumber), 15_000);
    const sam = await mail.waitFor('sam@fixit.test', about(machine.serialNumber), 15_000);
    expect(Date.now() - started).toBeLessThan(60_000);

    // In Kate's language (Italian), with the machine, the code, its description, severity and solutions in order.
    const it = deviceCatalogues.it;
    const kateText = plainText(kate);
    expect(kateText).toContain('Dishwasher Alpha');
    expect(kateText).toContain(it.alarms.OH01);
    expect(kateText).toContain(`Gravità: ${it.severities.high}`);
    const solutions = [it.solutions.waitCoolDown, it.solutions.checkContactor, it.solutions.checkProbeResistance];
    const positions = solutions.map((s) => kateText.indexOf(s));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(kateText).toContain(`https://dash.example.test/device/${machine.serialNumber}`);
    // Sam reads English; both mails come as text and HTML with one-click unsubscribe headers.
    expect(plainText(sam)).toContain(deviceCatalogues.en.solutions.waitCoolDown);
    for (const m of [kate, sam]) {
      expect(m.raw).toMatch(/Content-Type: text\/html/i);
      expect(unsubscribeLinkOf(m).toString()).toMatch(/^https:\/\/dash\.example\.test\/api\/v1\/unsubscribe\?token=/);
      expect(headerOf(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }

    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(
      mail.mails
        .filter(about(machine.serialNumber))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['kate@kitchen.test', 'sam@fixit.test']);
  }, 60_000);

  it("leads a Kestrel reader's mail to the Kestrel dashboard on the host both brands share", async () => {
    const created = await server.api('/api/v1/appliance/products', {
      brand: 'KESTREL',
      ...json(productRequest(), admins.KESTREL),
    });
    const product = (await created.json()) as TProduct;
    const claim = { serialNumber: product.serialNumber, userEmail: 'kim@kestrel.test', applianceName: 'Kestrel One' };
    expect((await server.api('/api/v1/appliance/claim', { brand: 'KESTREL', ...json(claim, admins.KESTREL) })).status).toBe(200);
    const client = await connectDevice(server, product);
    devices.push(client);
    await alarm({ ...product, client }, randomUUID());
    const kim = await mail.waitFor('kim@kestrel.test', about(product.serialNumber), 15_000);
    // dash.example.test shows the default brand (Lumina), where Kim has no account.
    expect(plainText(kim)).toContain(`https://dash.example.test/device/${product.serialNumber}?brand=KESTREL`);
  }, 60_000);

  it('does not mail again when a closed alarm reopens within the hour, and counts a flapping one', async () => {
    const machine = await kitchenMachine('Dishwasher Flap');
    const first = randomUUID();
    await alarm(machine, first);
    await alarm(machine, first, new Date().toISOString());
    const second = randomUUID();
    await alarm(machine, second);
    await alarm(machine, second, new Date().toISOString());
    await alarm(machine, randomUUID());

    const kate = await mail.waitFor('kate@kitchen.test', about(machine.serialNumber), 15_000);
    expect(plainText(kate)).toContain("Aperto 3 volte nell'ultima ora.");
    // Closed and opened again, well after that mail: still within the hour, so no mail.
    await settle(500);
    await alarm(machine, randomUUID(), new Date().toISOString());
    await alarm(machine, randomUUID());
    await settle((DIGEST_SECONDS + 3) * 1000);
    expect(mailsTo('kate@kitchen.test', machine.serialNumber)).toHaveLength(1);
    expect(mailsTo('sam@fixit.test', machine.serialNumber)).toHaveLength(1);
  }, 60_000);

  it('does not mail the closed alarms of a backlog, only the one still open', async () => {
    const machine = await kitchenMachine('Dishwasher Backlog');
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // Back online after a day: yesterday's alarm, long closed, then one open now.
    await publish(machine.client, machine.serialNumber, 'alarm', {
      id: randomUUID(),
      errorCode: 'F5',
      startDate: hoursAgo(20),
      stopDate: hoursAgo(19),
    });
    await alarm(machine, randomUUID());
    const kate = await mail.waitFor('kate@kitchen.test', about(machine.serialNumber), 15_000);
    await settle((DIGEST_SECONDS + 2) * 1000);
    expect(mailsTo('kate@kitchen.test', machine.serialNumber)).toEqual([kate]);
    expect(plainText(kate)).toContain(deviceCatalogues.it.alarms.OH01);
    expect(plainText(kate)).not.toContain(deviceCatalogues.it.alarms.F5);
  }, 60_000);

  it('folds 50 machines alarming at once into one digest per user', async () => {
    const machines: (TProduct & { client: MqttClient })[] = [];
    for (let i = 0; i < 50; i += 1) machines.push(await kitchenMachine(`Burst ${String(i).padStart(2, '0')}`));
    const before = mail.mails.length;
    await Promise.all(machines.map((m) => alarm(m, randomUUID())));

    const kate = await mail.waitFor('kate@kitchen.test', (m) => m.text.includes('50 allarmi'), 20_000);
    const sam = await mail.waitFor('sam@fixit.test', (m) => m.text.includes('50 alarms'), 20_000);
    await settle((DIGEST_SECONDS + 2) * 1000);
    const later = mail.mails.slice(before);
    expect(later.filter((m) => m.to === 'kate@kitchen.test')).toEqual([kate]);
    expect(later.filter((m) => m.to === 'sam@fixit.test')).toEqual([sam]);
    for (const m of machines) expect(plainText(sam)).toContain(m.serialNumber);
    // The solutions of the code once, not fifty times.
    expect(plainText(sam).split(deviceCatalogues.en.solutions.waitCoolDown)).toHaveLength(2);
    expect(later.map((m) => m.to).sort()).toEqual(['kate@kitchen.test', 'sam@fixit.test']);
  }, 120_000);
  it("mails the others of a batch when one user's mail cannot be written, and that one on its retry", async () => {
    const machine = await kitchenMachine('Dishwasher Retired');
    // Yesterday's alarm, long closed: stored, told to nobody.
    const alarmId = randomUUID();
    const yesterday = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    await publish(machine.client, machine.serialNumber, 'alarm', {
      id: alarmId,
      errorCode: 'OH01',
      startDate: yesterday(20),
      stopDate: yesterday(19),
    });
    const execute = (query: ReturnType<typeof sql>) => server.washboard.database.db.execute(query);
    const stored = async () =>
      rowsOf<{ n: number }>(await execute(sql`select count(*)::int as n from alarms where id = ${alarmId}`))[0]?.n;
    await expect.poll(stored, { timeout: 10_000 }).toBe(1);
    // Kate and Sam are to be told of it in one batch; Sam's account names a brand this server no
    // longer has, so Sam's mail cannot be written.
    const [kate, sam] = await Promise.all(
      ['kate@kitchen.test', 'sam@fixit.test'].map(
        async (email) => rowsOf<{ id: string }>(await execute(sql`select id from users where email = ${email}`))[0]?.id ?? '',
      ),
    );
    await execute(sql`update users set brand = 'RETIRED' where id = ${sam}`);
    await execute(sql`
      insert into alarm_mail_queue (user_id, serial_number, alarm_id)
      values (${kate}, ${machine.serialNumber}, ${alarmId}), (${sam}, ${machine.serialNumber}, ${alarmId})`);
    await server.washboard.jobs.enqueueMany(ALARM_MAIL, [
      { payload: { userId: kate }, options: { dedupeKey: kate } },
      { payload: { userId: sam }, options: { dedupeKey: sam } },
    ]);

    await mail.waitFor('kate@kitchen.test', about(machine.serialNumber), 15_000);
    const samJob = async () =>
      rowsOf<{ attempts: number; error: string | null; state: string }>(
        await execute(sql`
          select attempts, last_error as error, state from jobs
          where kind = 'alarm.mail' and payload->>'userId' = ${sam} order by id desc limit 1`),
      )[0];
    await expect.poll(async () => (await samJob())?.error ?? '', { timeout: 10_000 }).toMatch(/could not be written/);
    expect((await samJob())?.state).toBe('queued');
    expect(mailsTo('sam@fixit.test', machine.serialNumber)).toEqual([]);

    // Mended, the retry writes Sam's mail; Kate's is not written again.
    await execute(sql`update users set brand = 'LUMINA' where id = ${sam}`);
    await mail.waitFor('sam@fixit.test', about(machine.serialNumber), 30_000);
    expect(mailsTo('kate@kitchen.test', machine.serialNumber)).toHaveLength(1);
    expect(mailsTo('sam@fixit.test', machine.serialNumber)).toHaveLength(1);
  }, 60_000);

  describe('the unsubscribe link', () => {
    const profile = async (headers: THeaders) =>
      ((await (await server.api('/api/v1/account/userinfo', { headers })).json()) as { alarmNotifications: boolean })
        .alarmNotifications;

    it('shows a page on GET that changes nothing, refuses a tampered token and turns the flag off on one POST', async () => {
      await person('una@kitchen.test', { alarms: true, language: 'de' });
      const una = (await signIn(server, 'una@kitchen.test', PASSWORD)).headers;
      const product = await createProduct(server, admins.LUMINA ?? {});
      const claim = { serialNumber: product.serialNumber, userEmail: 'una@kitchen.test' };
      expect((await server.api('/api/v1/appliance/claim', json(claim, admins.LUMINA))).status).toBe(200);
      const client = await connectDevice(server, product);
      devices.push(client);
      await alarm({ ...product, client }, randomUUID());
      const link = unsubscribeLinkOf(await mail.waitFor('una@kitchen.test', about(product.serialNumber), 15_000));
      const url = `${link.pathname}${link.search}`;

      // A mail scanner opening the link: a translated page with a button, and nothing changed. Neither
      // a browser opening the link nor a mail client posting to it sends X-Brand.
      const page = await server.api(url, { brand: null });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('„Alarmbenachrichtigungen“ für una@kitchen.test ausschalten?');
      expect(html).toMatch(/<form [^>]*method="post"[^>]*><button type="submit"[^>]*>Abmelden<\/button>/);
      expect(await profile(una)).toBe(true);
      // Its brand's inline styles are allowed by the page's policy; nothing else loads.
      expect(page.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/,
      );

      // A token changed by one character is refused, in the caller's language, and changes nothing.
      const token = link.searchParams.get('token') ?? '';
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const method of ['GET', 'POST']) {
        const refused = await server.api(`/api/v1/unsubscribe?token=${encodeURIComponent(tampered)}`, {
          method,
          brand: null,
          headers: { 'accept-language': 'fr' },
        });
        expect(refused.status).toBe(400);
        expect(await refused.text()).toContain('Ce lien de désabonnement n&#x27;est pas valide.');
      }
      expect(await profile(una)).toBe(true);

      // RFC 8058 one-click: one POST with the body the mail client sends turns the flag off.
      const postForm = (body: string) =>
        server.api(url, { method: 'POST', brand: null, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      const done = await postForm('List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('ist für una@kitchen.test jetzt ausgeschaltet');
      expect(await profile(una)).toBe(false);

      // Turned on again in the profile, then off with the page's button (an empty form POST).
      const again = { firstName: 'una', lastName: 'Test', weeklyReport: false, thresholdNotifications: false };
      const on = json({ ...again, alarmNotifications: true, language: 'de' }, una);
      expect((await server.api('/api/v1/account/updateUser', on)).status).toBe(200);
      expect(await profile(una)).toBe(true);
      expect((await postForm('')).status).toBe(200);
      expect(await profile(una)).toBe(false);

      // And once more with the multipart body RFC 8058 suggests to mail clients.
      expect((await server.api('/api/v1/account/updateUser', on)).status).toBe(200);
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      const multipart = await server.api(url, { method: 'POST', brand: null, body: form });
      expect(multipart.status).toBe(200);
      expect(await profile(una)).toBe(false);
    }, 60_000);
  });
});
