import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_IMPORT_MAX_ROWS,
  type TApplianceListPage,
  type TAuditPage,
  type TProductImportRefusal,
  type TProductImportResponse,
} from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, activeUser, json, PASSWORD, signIn, signedInUsers } from '../../test/accounts';
import { connectDevice, createProduct, newSerial } from '../../test/devices';

type THeaders = Record<string, string>;
const HEADER = 'serialNumber,modelNumber,fw00,fw02,gamma,ratingPower';

/** A CSV row of a valid product with the given serial number. */
const row = (serial: string, model = 'WB-500') => `${serial},${model},1.0.0,1.0.2,infinity,M3`;

describe(`POST /api/v1/appliance/products/import (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let adder: THeaders;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    [anna] = await signedInUsers(server, admin, ['anna@kitchen.test']);
    const adderId = await activeUser(server, admin, 'factory@washboard.test');
    const granted = await server.api(`/api/v1/account/users/${adderId}/administrationProfile`, {
      ...json({ administrationProfile: ['ADD_PRODUCTS'] }, admin),
      method: 'PUT',
    });
    expect(granted.status).toBe(200);
    adder = (await signIn(server, 'factory@washboard.test', PASSWORD)).headers;
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.endAsync(true)));
    await server.close();
  });

  const send = (csv: string, headers: THeaders, contentType = 'text/csv') =>
    server.api('/api/v1/appliance/products/import', {
      method: 'POST',
      body: csv,
      headers: { ...headers, 'content-type': contentType },
    });
  /** Serial numbers of `serials` that the admin's device list has. */
  const stored = async (serials: string[]) => {
    const found: string[] = [];
    for (const serial of serials) {
      const res = await server.api(`/api/v1/appliance/devices?q=${serial}`, { headers: admin });
      if (((await res.json()) as TApplianceListPage).items.some((a) => a.serialNumber === serial)) found.push(serial);
    }
    return found;
  };
  const refusal = async (res: Response) => {
    expect(res.status).toBe(422);
    return (await res.json()) as TProductImportRefusal;
  };

  it('adds every product of a good file and answers each device secret, which the broker accepts', async () => {
    const serials = [newSerial('IMP'), newSerial('IMP'), newSerial('IMP')];
    const res = await send(`${HEADER}\r\n${serials.map((s) => row(s)).join('\r\n')}\r\n`, admin);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TProductImportResponse;
    expect(answer.imported).toBe(3);
    expect(answer.products.map((p) => p.serialNumber)).toEqual(serials);
    expect(new Set(answer.products.map((p) => p.deviceSecret)).size).toBe(3);
    expect(await stored(serials)).toEqual(serials);
    // The broker knows each new machine by its secret (Mosquitto: its dynamic-security identity).
    const [first, second] = answer.products;
    if (!first || !second) throw new Error('two products expected');
    devices.push(await connectDevice(server, first));
    await expect(
      connectDevice(server, { serialNumber: second.serialNumber, deviceSecret: first.deviceSecret }),
    ).rejects.toThrow();
  });

  it('is open to a holder of only the ADD_PRODUCTS profile, and reads semicolons, quotes, any column order and range names', async () => {
    const serial = newSerial('IMP');
    const csv = `\uFEFFratingPower;GAMMA;serialNumber;modelNumber;fw00;fw02;country\n e3 ;G-EVO;${serial};"WB;900 ""XL""";2.0;2.1;it\n`;
    const res = await send(csv, adder);
    expect(res.status).toBe(200);
    const [product] = ((await res.json()) as TProductImportResponse).products;
    expect(product).toMatchObject({ serialNumber: serial, modelNumber: 'WB;900 "XL"' });
    const detail = await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`, { headers: admin });
    expect(await detail.json()).toMatchObject({ gamma: 'ge', modelNumber: 'WB;900 "XL"' });
  });

  it('puts the import in the audit trail once, by whoever imported it, found by each of its machines, and a refused file not at all', async () => {
    const serials = [newSerial('IMP'), newSerial('IMP'), newSerial('IMP')];
    const csv = `${HEADER}\n${row(serials[0] ?? '', 'WB-700')}\n${row(serials[1] ?? '', 'WB-500')}\n${row(serials[2] ?? '', 'WB-700')}\n`;
    expect((await send(csv, adder)).status).toBe(200);
    const trail = async (query: string) => {
      const res = await server.api(`/api/v1/audit?${query}`, { headers: admin });
      expect(res.status).toBe(200);
      return ((await res.json()) as TAuditPage).items;
    };
    const [record, ...others] = await trail(`serial=${serials[1]}`);
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      action: 'product.import',
      actorEmail: 'factory@washboard.test',
      targetKind: 'import',
      targetLabel: `${serials[0]} … ${serials[2]}`,
      before: null,
      after: { products: 3, modelNumber: ['WB-700', 'WB-500'] },
    });
    expect(record?.requestId).toBeTruthy();
    // The same one record for each machine of the import, and no record per product.
    for (const serial of [serials[0], serials[2]])
      expect((await trail(`serial=${serial}`)).map((r) => r.id)).toEqual([record?.id]);
    expect((await trail('action=product.add&size=100')).filter((r) => serials.includes(r.targetId))).toEqual([]);
    // Erased (it never sent anything) and imported again: both imports are still found by it.
    const erased = await server.api(`/api/v1/appliance/products/${serials[0]}`, { method: 'DELETE', headers: admin });
    expect(erased.status).toBe(200);
    expect((await send(`${HEADER}\n${row(serials[0] ?? '')}\n`, adder)).status).toBe(200);
    const again = await trail(`serial=${serials[0]}`);
    expect(again.map((r) => r.action)).toEqual(['product.import', 'product.delete', 'product.import']);
    expect(again[1]?.before).toMatchObject({ importId: record?.targetId });
    expect(again[2]?.id).toBe(record?.id);
    // A product added on its own is not taken for part of an import.
    const single = await createProduct(server, admin, { serialNumber: newSerial('ONE') });
    expect((await trail(`serial=${single.serialNumber}`)).map((r) => r.action)).toEqual(['product.add']);

    const refused = newSerial('IMP');
    expect((await send(`${HEADER}\n${row(refused)}\n${row('x!')}\n`, adder)).status).toBe(422);
    expect(await trail(`serial=${refused}`)).toEqual([]);
  });

  it('refuses a kitchen manager and an anonymous caller, and writes nothing', async () => {
    const serial = newSerial('IMP');
    expect((await send(`${HEADER}\n${row(serial)}\n`, anna)).status).toBe(403);
    expect((await send(`${HEADER}\n${row(serial)}\n`, {})).status).toBe(401);
    expect(await stored([serial])).toEqual([]);
  });

  it('names each bad row, column and reason in the caller language, and writes none of the good rows', async () => {
    const good = [newSerial('IMP'), newSerial('IMP')];
    const csv = [
      HEADER,
      row(good[0] ?? ''),
      `${newSerial('IMP')},WB-500,1.0.0,1.0.2,pentola,M3`,
      `x!,,1.0.0,1.0.2,infinity,M9`,
      row(good[1] ?? ''),
      `${newSerial('IMP')},WB-500,1.0.0`,
    ].join('\n');
    const answer = await refusal(await send(csv, { ...admin, 'accept-language': 'it' }));
    expect(answer.code).toBe('PRODUCT_IMPORT_INVALID');
    expect(answer.message).toBe('Non è stato importato nulla: righe del file da correggere: 5');
    expect(answer.total).toBe(5);
    expect(answer.problems).toEqual([
      { row: 3, column: 'gamma', reason: 'notAllowed' },
      { row: 4, column: 'serialNumber', reason: 'invalid' },
      { row: 4, column: 'modelNumber', reason: 'required' },
      { row: 4, column: 'ratingPower', reason: 'notAllowed' },
      { row: 6, column: null, reason: 'cellCount' },
    ]);
    expect(await stored(good)).toEqual([]);
  });

  it('refuses a serial number repeated in the file or already taken, writing nothing', async () => {
    const taken = (await createProduct(server, admin)).serialNumber;
    const repeated = newSerial('IMP');
    const fresh = newSerial('IMP');
    const answer = await refusal(await send([HEADER, row(repeated), row(fresh), row(repeated), row(taken)].join('\n'), admin));
    expect(answer.problems).toEqual([
      { row: 4, column: 'serialNumber', reason: 'duplicateInFile' },
      { row: 5, column: 'serialNumber', reason: 'alreadyExists' },
    ]);
    expect(await stored([repeated, fresh])).toEqual([]);
    // Taken serial numbers alone: the write finds them, writes nothing, and their rows are named.
    const alone = await refusal(await send([HEADER, row(fresh), row(taken), row(repeated)].join('\n'), admin));
    expect(alone.problems).toEqual([{ row: 3, column: 'serialNumber', reason: 'alreadyExists' }]);
    expect(await stored([repeated, fresh])).toEqual([]);
  });

  it('refuses a file without rows, with a wrong header, of another type, too long or too large', async () => {
    const code = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
    expect(await code(await send('', admin))).toEqual([400, 'PRODUCT_IMPORT_EMPTY']);
    expect(await code(await send(`${HEADER}\n`, admin))).toEqual([400, 'PRODUCT_IMPORT_EMPTY']);
    const wrong = await send(`serialNumber,model,fw00,fw02,gamma,ratingPower\n${row(newSerial('IMP'))}\n`, {
      ...admin,
      'accept-language': 'en',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 'PRODUCT_IMPORT_COLUMNS',
      message: 'The header row of the file is not right. Missing columns: modelNumber. Unknown or repeated columns: model',
    });
    expect(await code(await send(`${HEADER}\n${row(newSerial('IMP'))}\n`, admin, 'application/pdf'))).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ]);
    const many = Array.from({ length: PRODUCT_IMPORT_MAX_ROWS + 1 }, (_, i) => row(`MANY${i}`, 'M'));
    expect(await code(await send([HEADER, ...many].join('\n'), admin))).toEqual([413, 'PRODUCT_IMPORT_TOO_MANY_ROWS']);
    const huge = `${HEADER}\n${row(newSerial('IMP'), 'x'.repeat(40))}\n`.padEnd(PRODUCT_IMPORT_MAX_BYTES + 1, '\n');
    expect(await code(await send(huge, admin))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await stored(['MANY0'])).toEqual([]);
  });
});
