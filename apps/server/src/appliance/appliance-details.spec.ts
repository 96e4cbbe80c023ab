import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { applianceDocumentPath, type TDeviceStats } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, json, signedInUsers, signIn } from '../../test/accounts';
import { createProduct, deviceShowingCode, eventually, publish, type TProduct } from '../../test/devices';

type THeaders = Record<string, string>;

function stats(ts: Date, totalCycles: number): TDeviceStats {
  return {
    ts: ts.toISOString(),
    totalCycles,
    totalWater: totalCycles * 35,
    rinsePumpTime: totalCycles * 12,
    washPumpTime: totalCycles * 90,
    energy: totalCycles * 400,
    regenerationCycles: Math.floor(totalCycles / 50),
    logsCount: totalCycles,
    boilerHeaterTime: totalCycles * 60,
    tankHeaterTime: totalCycles * 20,
    cyclesUntilMaintenance: 5000 - totalCycles,
  };
}

describe(`device details: documents, statistics over time, firmware (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let bruno: THeaders;
  let machine: TProduct & { client: MqttClient };
  const model = `WB-DOC-${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    [anna, bruno] = await signedInUsers(server, admin, ['anna@details.test', 'bruno@details.test']);
    const product = await createProduct(server, admin, { modelNumber: model, fw00: '3.2.0' });
    const client = await deviceShowingCode(server, product, '424242');
    machine = { ...product, client };
    await eventually(async () => {
      const res = await server.api(
        '/api/v1/appliance/claim',
        json({ activationCode: '424242', serialNumber: product.serialNumber }, anna),
      );
      return res.status === 200;
    });
  });
  afterAll(async () => {
    await machine?.client.endAsync(true);
    await server.close();
  });

  const documentOf = (headers: THeaders, path: string, language = 'en') =>
    server.api(`/api/v1/appliance/documents/${path}`, { headers: { ...headers, 'accept-language': language } });

  describe('GET /api/v1/appliance/documents/{model}/{file}', () => {
    it("answers each of the model's six documents as a PDF file in the caller's language", async () => {
      for (const [file, title] of [
        ['user-manual.pdf', 'User manual'],
        ['electric-schema.pdf', 'Electrical schematic'],
        ['technical-manual.pdf', 'Technical manual'],
        ['wiring-diagram.pdf', 'Wiring diagram'],
        ['exploded-view.pdf', 'Exploded view'],
        ['spare-parts.pdf', 'Spare parts list'],
      ] as const) {
        const res = await documentOf(anna, `${encodeURIComponent(model)}/${file}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        const pdf = Buffer.from(await res.arrayBuffer());
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.length).toBeGreaterThan(1500);
        // The document information dictionary is not compressed: title and model are readable.
        expect(pdf.toString('latin1')).toContain(`${title} - ${model}`);
      }
      // The address getApplianceDetail gives for the document.
      const detail = (await (
        await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serialNumber}`, { headers: anna })
      ).json()) as { documents: { type: string; url: string }[] };
      expect(detail.documents.find((d) => d.type === 'userManual')?.url).toBe(applianceDocumentPath(model, 'userManual'));
      expect(detail.documents.map((d) => d.type)).toEqual([
        'electricSchema',
        'userManual',
        'technicalManual',
        'wiringDiagram',
        'explodedDiagram',
        'spareParts',
      ]);
      const italian = Buffer.from(await (await documentOf(anna, `${model}/user-manual.pdf`, 'it')).arrayBuffer());
      expect(italian.toString('latin1')).toContain(`Manuale d'uso - ${model}`);
    });

    it('draws the circuits, the assemblies and the parts to order, and says where to order them', async () => {
      const text = async (file: string, language = 'en') =>
        pdfText(Buffer.from(await (await documentOf(anna, `${model}/${file}`, language)).arrayBuffer()));
      const wiring = await text('wiring-diagram.pdf');
      for (const label of [
        'Mains supply (L, N, PE)',
        'Main switch',
        'Power board (relays)',
        'Control board',
        'Boiler heater',
        'Fill solenoid valve',
        'Level sensors',
      ]) {
        expect(wiring).toContain(label);
      }
      expect(wiring.match(/\bTS\b/g)?.length).toBeGreaterThanOrEqual(3);
      // The exploded view's positions are the spare parts list's.
      expect(await text('exploded-view.pdf')).toMatch(/1\s+Door[\s\S]*4\s+Wash arms[\s\S]*14\s+Electrical box/);
      const parts = await text('spare-parts.pdf');
      expect(parts).toMatch(/Pos\.\s+Part\s+Qty/);
      expect(parts).toMatch(/4\s+Wash arms\s+2/);
      expect(parts).toMatch(/14\s+Electrical box\s+1/);
      expect(parts).toContain('https://parts.example.com/');
      expect(await text('spare-parts.pdf', 'de')).toMatch(/4\s+Spülarme\s+2/);
      expect(await text('technical-manual.pdf', 'fr')).toContain('Remplacement de la carte de commande');
    });

    it('serves the same file again from the cache', async () => {
      const first = Buffer.from(await (await documentOf(anna, `${model}/user-manual.pdf`)).arrayBuffer());
      const second = Buffer.from(await (await documentOf(anna, `${model}/user-manual.pdf`)).arrayBuffer());
      expect(second.equals(first)).toBe(true);
    });

    it('answers 404 for an unknown model and for a model of which the caller sees no machine', async () => {
      expect((await documentOf(anna, 'NO-SUCH-MODEL/user-manual.pdf')).status).toBe(404);
      const res = await documentOf(bruno, `${model}/user-manual.pdf`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
      // An administrator sees every machine of the brand, so every model of it.
      expect((await documentOf(admin, `${model}/electric-schema.pdf`)).status).toBe(200);
    });

    it('refuses a call without a token and an unknown document', async () => {
      expect((await server.api(`/api/v1/appliance/documents/${model}/user-manual.pdf`)).status).toBe(401);
      expect((await documentOf(anna, `${model}/brochure.pdf`)).status).toBe(400);
    });
  });

  describe('GET /api/v1/event-hub-listener/event/{serial}/statistics', () => {
    it('answers the counters reported in the range, oldest first', async () => {
      const now = Date.now();
      const serial = machine.serialNumber;
      for (const [minutesAgo, cycles] of [
        [120, 10],
        [60, 12],
        [5, 15],
      ] as const) {
        await publish(machine.client, serial, 'stats', stats(new Date(now - minutesAgo * 60_000), cycles));
      }
      const path = (from: Date, to: Date) =>
        `/api/v1/event-hub-listener/event/${serial}/statistics?startDate=${from.toISOString()}&stopDate=${to.toISOString()}`;
      const all = await eventually(async () => {
        const res = await server.api(path(new Date(now - 3 * 3_600_000), new Date(now + 60_000)), { headers: anna });
        const body = (await res.json()) as TDeviceStats[];
        return body.length === 3 && body;
      });
      expect(all.map((s) => s.totalCycles)).toEqual([10, 12, 15]);
      expect(all[2]).toMatchObject({ totalWater: 525, energy: 6000, cyclesUntilMaintenance: 4985 });

      const lastHour = await server.api(path(new Date(now - 90 * 60_000), new Date(now)), { headers: anna });
      expect(((await lastHour.json()) as TDeviceStats[]).map((s) => s.totalCycles)).toEqual([12, 15]);
      // The latest counters are also the details' statistic.
      const detail = await server.api(`/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`, { headers: anna });
      expect(((await detail.json()) as { statistic: TDeviceStats }).statistic.totalCycles).toBe(15);
    });

    it('answers an empty list for a range without reports', async () => {
      const res = await server.api(
        `/api/v1/event-hub-listener/event/${machine.serialNumber}/statistics?startDate=2020-01-01&stopDate=2020-12-31`,
        { headers: anna },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    });

    it('answers 404 to a user who may not see the machine, 400 to a reversed range', async () => {
      const base = `/api/v1/event-hub-listener/event/${machine.serialNumber}/statistics`;
      expect((await server.api(`${base}?startDate=2020-01-01&stopDate=2100-01-01`, { headers: bruno })).status).toBe(404);
      expect((await server.api(`${base}?startDate=2030-01-01&stopDate=2020-01-01`, { headers: anna })).status).toBe(400);
    });
  });

  describe('POST /api/v1/event-hub-listener/event/{serial}/update', () => {
    it('refuses a version that is not newer than the installed firmware, without asking the machine', async () => {
      const res = await server.api(
        `/api/v1/event-hub-listener/event/${machine.serialNumber}/update`,
        json({ version: '3.2.0' }, anna),
      );
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('FIRMWARE_UP_TO_DATE');
    });
  });
});
