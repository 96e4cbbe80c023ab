import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, type THaccpEventView } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, json, signedInUsers, signIn } from '../../test/accounts';
import { createProduct, deviceShowingCode, publish } from '../../test/devices';
import { pdfText } from '../../test/pdf-text';

type THeaders = Record<string, string>;

/**
 * 60 washing cycles (the 7th with a cold final rinse, the 12th stopped early) and one parameter
 * change. Each cycle but the 12th reports its final-rinse trace: 12 s at 84.8 °C, or for the 7th a
 * weak rinse (70.0 °C, 78.5 °C, then ten seconds at 72.0 °C: a scaled boiler's hold sagging).
 */
const DAY = '2026-11-10';
function cycleAt(i: number) {
  const start = new Date(Date.parse(`${DAY}T06:00:00Z`) + i * 10 * 60_000);
  return {
    id: randomUUID(),
    kind: 'cycle',
    cycleName: i % 2 === 0 ? 'dishes' : 'glasses',
    cycleNumber: i + 1,
    start: start.toISOString(),
    stop: new Date(start.getTime() + 150_000).toISOString(),
    completed: i !== 11,
    measurements: { washMinTmp: 580, washMaxTmp: 615, rinseMinTmp: 800, rinseMaxTmp: i === 6 ? 785 : 848 },
    ...(i === 11 ? {} : { rinseTrace: i === 6 ? [700, 785, ...Array<number>(10).fill(720)] : Array<number>(12).fill(848) }),
  };
}

describe(`HACCP reports (${testBroker()})`, () => {
  let server: TTestServer;
  let admin: THeaders;
  let anna: THeaders;
  let bruno: THeaders;
  let serial = '';
  let device: MqttClient;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    [anna, bruno] = await signedInUsers(server, admin, ['anna@kitchen.test', 'bruno@kitchen.test']);

    // Anna's machine, claimed with the code it shows.
    const product = await createProduct(server, admin, { modelNumber: 'WB-500', gamma: 'infinity', type: 'undercounter' });
    serial = product.serialNumber;
    device = await deviceShowingCode(server, product, '314159');
    await new Promise((r) => setTimeout(r, testBroker() === 'embedded' ? 0 : 300));
    const claimed = await server.api(
      '/api/v1/appliance/claim',
      json({ activationCode: '314159', serialNumber: serial, applianceName: 'Bar counter' }, anna),
    );
    expect(claimed.status).toBe(200);

    for (let i = 0; i < 60; i += 1) await publish(device, serial, 'event', cycleAt(i));
    await publish(device, serial, 'event', {
      id: randomUUID(),
      kind: 'parameter',
      cycleName: 'dishes',
      start: `${DAY}T05:00:00.000Z`,
      stop: `${DAY}T05:00:00.000Z`,
      parameterName: 'dishes.boilerSetpoint',
      oldValue: 850,
      newValue: 820,
    });
    // After the cycles: an option (water supply) and a fitted part (S36), written in their words.
    for (const [at, parameterName, oldValue, newValue] of [
      ['20:00', 'S40', 0, 1],
      ['20:30', 'S36', 0, 1],
    ] as const) {
      const when = `${DAY}T${at}:00.000Z`;
      await publish(device, serial, 'event', {
        id: randomUUID(),
        kind: 'parameter',
        start: when,
        stop: when,
        parameterName,
        oldValue,
        newValue,
      });
    }
    await publish(device, serial, 'alarm', {
      id: randomUUID(),
      errorCode: 'OH01',
      startDate: `${DAY}T08:00:00.000Z`,
      stopDate: `${DAY}T08:05:00.000Z`,
    });
    await publish(device, serial, 'alarm', {
      id: randomUUID(),
      errorCode: 'W03',
      startDate: `${DAY}T09:00:00.000Z`,
      stopDate: null,
    });
    // The broker acknowledges Mosquitto publishes before the server stores them.
    await new Promise((r) => setTimeout(r, testBroker() === 'embedded' ? 0 : 500));
  });
  afterAll(async () => {
    await device.endAsync(true);
    await server.close();
  });

  const base = () => `/api/v1/event-hub-listener/event/${serial}`;
  const period = `startDate=${DAY}&stopDate=${DAY}`;

  describe('GET /api/v1/event-hub-listener/event/{serial}/events', () => {
    it('gives every cycle its peak temperatures and hygiene verdict', async () => {
      const res = await server.api(`${base()}/events?${period}`, { headers: anna });
      expect(res.status).toBe(200);
      const events = (await res.json()) as THaccpEventView[];
      const byNumber = new Map(events.map((e) => [e.cycleNumber, e]));
      expect(byNumber.get(1)).toMatchObject({ verdict: 'pass', washTmp: 615, rinseTmp: 848, failures: [] });
      expect(byNumber.get(7)).toMatchObject({ verdict: 'fail', rinseTmp: 785, failures: ['rinse'] });
      expect(byNumber.get(12)).toMatchObject({ verdict: 'fail', failures: ['notCompleted'] });
      expect(events.find((e) => e.kind === 'parameter')).toMatchObject({ verdict: 'notApplicable' });
    });

    it('gives every cycle with a rinse trace its heat dose and the Food Code rules it meets or misses', async () => {
      const res = await server.api(`${base()}/events?${period}`, { headers: anna });
      const byNumber = new Map(((await res.json()) as THaccpEventView[]).map((e) => [e.cycleNumber, e]));
      const missed = (e: THaccpEventView | undefined) => e?.checks.filter((c) => !c.met).map((c) => c.rule);
      // 84.8 °C = 184.6 °F counts as 165 °F: 12 × 347.73 = 4,173 HUE; A0 12 × 10^0.48 = 36.2.
      expect(byNumber.get(1)?.heatDose).toEqual({ hue: 4173, a0: 36.2, seconds: 12 });
      // An undercounter machine is a stationary dual-temperature machine: wash at least 66 °C.
      expect(byNumber.get(1)?.checks).toEqual([
        { rule: 'hue', value: 4173, limit: 3600, met: true },
        { rule: 'washMin', value: 615, limit: 660, met: false },
        { rule: 'rinseMin', value: 848, limit: 820, met: true },
        { rule: 'rinseMax', value: 848, limit: 900, met: true },
      ]);
      // The weak rinse: 70.0 °C (158.0 °F) 54.04, 78.5 °C (capped) 347.73 and ten seconds at 72.0 °C
      // (161.6 °F) 140.77 each: 1,809 HUE; A0 10^−1 + 10^−0.15 + 10 × 10^−0.8 = 2.4.
      expect(byNumber.get(7)?.heatDose).toEqual({ hue: 1809, a0: 2.4, seconds: 12 });
      expect(missed(byNumber.get(7))).toEqual(['hue', 'washMin', 'rinseMin']);
      // No trace reported: no heat dose, and the temperature rules only.
      expect(byNumber.get(12)?.heatDose).toBeNull();
      expect(byNumber.get(12)?.checks.map((c) => c.rule)).toEqual(['washMin', 'rinseMin', 'rinseMax']);
    });

    it('refuses a cycle record whose trace is longer than ten minutes, and stores nothing of it', async () => {
      const long = { ...cycleAt(90), rinseTrace: Array<number>(601).fill(848) };
      await publish(device, serial, 'event', long);
      await new Promise((r) => setTimeout(r, testBroker() === 'embedded' ? 0 : 500));
      const res = await server.api(`${base()}/events/${long.id}`, { headers: anna });
      expect(res.status).toBe(404);
    });
  });

  describe('GET /api/v1/event-hub-listener/event/{serial}/events/export', () => {
    it('answers a PDF in the caller language with the machine, the failures and the header on every page', async () => {
      const res = await server.api(`${base()}/events/export?${period}&timeZone=Europe/Rome`, {
        headers: { ...anna, 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="haccp-events_${serial}_${DAY}_${DAY}.pdf"`);
      const pdf = Buffer.from(await res.arrayBuffer());
      if (process.env.HACCP_PDF_OUT) writeFileSync(process.env.HACCP_PDF_OUT, pdf);
      const text = pdfText(pdf);
      expect(text).toContain('Lumina Professional');
      expect(text).toContain('HACCP report: wash cycles and events');
      expect(text).toContain('Bar counter');
      expect(text).toContain(serial);
      expect(text).toContain('WB-500 · Infinity');
      expect(text).toContain('10/11/2026 – 10/11/2026');
      expect(text).toContain('Times in Europe/Rome');
      expect(text).toContain('wash at least 60.0 °C, final rinse at least 82.0 °C');
      expect(text).toContain('Washing cycles: 60 · failing the hygiene rule: 2 · records in total: 63');
      // The cold rinse of cycle 7 (06:00 UTC + 60 min = 08:00 in Rome) and the stopped cycle 12.
      expect(text).toMatch(/Dishes\s+10\/11\/2026 08:00:00\s+10\/11\/2026 08:02:30\s+Telemetry \/ measurements/);
      // The heat dose (HUE / A0) and the Food Code rules missed by name, their limits in the head.
      expect(text).toContain(
        'Food Code rules for stationary-rack dual-temperature machines: at least 3,600 HUE (NSF/ANSI 3); wash at least 66.0 °C (4-501.110)',
      );
      expect(text).toMatch(/78\.5 °C\s+1,809 \/ 2\.4\s+Missed: HUE, wash,\s+FAIL: Final rinse/);
      expect(text).toMatch(/84\.8 °C\s+4,173 \/ 36\.2\s+Missed: wash\s+Pass/);
      expect(text).toMatch(/FAIL: Cycle stopped\s+before its end/);
      expect(text).toMatch(
        /Dishes\s+10\/11\/2026 06:00:00\s+10\/11\/2026 06:00:00\s+Cycle parameters\s+Dishes · Boiler\s+85 °C » 82 °C/,
      );
      expect(text).toContain('85 °C » 82 °C');
      // On/off and option parameters as their editors write them, not as the machine's numbers.
      // (The value column wraps a long pair: "Hot" and "water" may stand on two lines of the text.)
      expect(text).toMatch(/S40 · Water supply\s+Cold water » Hot/);
      expect(text).toMatch(/S36 · Rinse pump\s+Absent » Present/);
      expect(text).not.toContain('0 » 1');
      expect(text.match(/\bPass\b/g)?.length).toBe(58);

      // More than one page, each with the column titles and its number.
      const pages = Number(/Page 1 of (\d+)/.exec(pdfText(pdf, 1))?.[1]);
      expect(pages).toBeGreaterThan(1);
      for (let page = 2; page <= pages; page += 1) {
        const onPage = pdfText(pdf, page);
        expect(onPage).toContain(`Page ${page} of ${pages}`);
        // Each page's place in the hash chain and the address its QR code leads to (docs/hygiene.md).
        expect(onPage).toMatch(/Hash chain: #\d+ [0-9a-f]{8} … #\d+ [0-9a-f]{8}/);
        expect(onPage).toMatch(
          new RegExp(`Verify: http\\S+/device/${serial}/haccp/verification\\?startDate=${DAY}&stopDate=${DAY}`),
        );
        expect(onPage).toMatch(
          /Cycle\s+Start\s+End\s+Type\s+Parameter\s+Value\s+Wash(?: temp\.)?\s+Final rinse(?: temp\.)?\s+HUE \/ A0\s+Food Code\s+Hygiene check/,
        );
      }
    });

    it('prints every record of a long period once, read page by page', async () => {
      // 1,234 more cycles on another day, straight into the database (the report reads 500 at a time).
      const day = '2026-10-05';
      await server.washboard.database.transaction(async (sql) => {
        for (let i = 0; i < 1234; i += 1) {
          const start = new Date(Date.parse(`${day}T00:00:00Z`) + i * 60_000).toISOString();
          await sql.query(
            `INSERT INTO haccp_events (serial_number, id, kind, cycle_name, cycle_number, start, stop, completed, measurements)
             VALUES ($1, $2, 'cycle', 'dishes', $3, $4, $4, true, $5::jsonb)`,
            [
              serial,
              randomUUID(),
              1000 + i,
              start,
              JSON.stringify({ washMinTmp: 600, washMaxTmp: 620, rinseMinTmp: 820, rinseMaxTmp: i === 777 ? 700 : 850 }),
            ],
          );
        }
      });
      const res = await server.api(`${base()}/events/export?startDate=${day}&stopDate=${DAY}`, {
        headers: { ...anna, 'accept-language': 'en' },
      });
      expect(res.status).toBe(200);
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Washing cycles: 1,294 · failing the hygiene rule: 3 · records in total: 1,297');
      // Every row printed exactly once: 1,294 cycle rows, the first and the last minute of the day.
      expect(text.match(/Telemetry \/ measurements/g)?.length).toBe(1294);
      expect(text).toContain('05/10/2026 00:00:00');
      expect(text).toContain('05/10/2026 20:33:00');
    });

    it('writes temperatures in °F when asked for the imperial system', async () => {
      const res = await server.api(`${base()}/events/export?${period}&unitSystem=imperial`, {
        headers: { ...anna, 'accept-language': 'en' },
      });
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('final rinse at least 180 °F');
      expect(text).toMatch(/173 °F\s+1,809 \/ 2\.4\s+Missed: HUE, wash,\s+FAIL: Final rinse/);
      expect(text).toContain('final rinse at most 194 °F (4-501.112)');
    });

    it('answers 404 for a machine the caller may not see', async () => {
      const res = await server.api(`${base()}/events/export?${period}`, { headers: bruno });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_NOT_FOUND');
    });

    it('refuses a missing or reversed period with a translated message', async () => {
      const missing = await server.api(`${base()}/events/export?startDate=${DAY}`, {
        headers: { ...anna, 'accept-language': 'de' },
      });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        code: 'INVALID_DATE_RANGE',
        message:
          'Wählen Sie einen gültigen Zeitraum von höchstens einem Jahr: Das Startdatum darf nicht nach dem Enddatum liegen',
      });
      const reversed = await server.api(`${base()}/alarms/export?startDate=2026-11-20&stopDate=2026-11-01`, { headers: anna });
      expect(reversed.status).toBe(400);
      expect(((await reversed.json()) as { code: string }).code).toBe('INVALID_DATE_RANGE');
      const tooLong = await server.api(`${base()}/events/export?startDate=2024-01-01&stopDate=2026-01-01`, { headers: anna });
      expect(tooLong.status).toBe(400);
    });
  });

  describe('GET /api/v1/event-hub-listener/event/{serial}/events/export.csv', () => {
    const csvLines = async (query: string) => {
      const res = await server.api(`${base()}/events/export.csv?${query}`, { headers: { ...anna, 'accept-language': 'en' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="haccp-events_${serial}_${DAY}_${DAY}.csv"`);
      return (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };

    it('writes every record with its verdict, heat dose and place and hash in the chain, for programs', async () => {
      const lines = await csvLines(period);
      expect(lines[0]).toBe(
        'kind,cycle_name,start,stop,completed,parameter,old_value,new_value,wash_temperature,rinse_temperature,temperature_unit,verdict,failures,hue,a0,corrections,chain_seq,chain_hash,late,carried_by,other_versions',
      );
      // The parameter change at 05:00, the 60 cycles from 06:00, then two parameter changes at 20:00.
      expect(lines).toHaveLength(64);
      expect(lines[1]).toMatch(
        /^parameter,[^,]+,2026-11-10T05:00:00\.000Z,2026-11-10T05:00:00\.000Z,,[^,]+,85 °C,82 °C,,,°C,notApplicable,,,,,\d+,[0-9a-f]{64},true,,$/,
      );
      expect(lines[2]).toMatch(
        /^cycle,[^,]+,2026-11-10T06:00:00\.000Z,2026-11-10T06:02:30\.000Z,true,,,,61\.5,84\.8,°C,pass,,[\d.]+,[\d.]+,,\d+,[0-9a-f]{64},false,,$/,
      );
      // Cycle 7: the weak rinse fails the rule; cycle 12 did not complete and has no trace.
      expect(lines[8]).toMatch(
        /^cycle,[^,]+,2026-11-10T07:00:00\.000Z,.*,78\.5,°C,fail,rinse,1809,2\.4,,\d+,[0-9a-f]{64},false,,$/,
      );
      expect(lines[13]).toMatch(
        /^cycle,[^,]+,2026-11-10T07:50:00\.000Z,2026-11-10T07:52:30\.000Z,false,.*,fail,notCompleted,,,,\d+,[0-9a-f]{64},false,,$/,
      );
      // Each record has its own place in the chain.
      const seqs = lines.slice(1).map((line) => line.split(',').at(-5));
      expect(new Set(seqs).size).toBe(63);
      expect(lines[62]).toMatch(
        /^parameter,,2026-11-10T20:00:00\.000Z,2026-11-10T20:00:00\.000Z,,S40 · [^,]+,Cold water,Hot water,/,
      );
      expect(lines[63]).toMatch(/^parameter,,2026-11-10T20:30:00\.000Z,2026-11-10T20:30:00\.000Z,,S36 · [^,]+,Absent,Present,/);
    });

    it('gives temperatures in °F when asked for the imperial system', async () => {
      const lines = await csvLines(`${period}&unitSystem=imperial`);
      expect(lines[2]).toMatch(/,143,185,°F,pass,/);
    });

    it('prints a correction under its record, in the PDF and in its own column of the CSV', async () => {
      const listed = await server.api(`${base()}/events?${period}`, { headers: anna });
      const cold = ((await listed.json()) as { id: string; start: string }[]).find((e) => e.start === `${DAY}T07:00:00.000Z`);
      const note = 'Rinse probe checked by hand: 84.0 °C';
      const added = await server.api(
        `${base()}/haccp/corrections`,
        json({ correctsKind: 'event', correctsId: cold?.id, note }, admin),
      );
      expect(added.status).toBe(201);
      // The CSV: the record's own values unchanged, the correction (when, who, what) before its chain place.
      const lines = await csvLines(period);
      expect(lines[8]).toMatch(/^cycle,[^,]+,2026-11-10T07:00:00\.000Z,.*,78\.5,°C,fail,rinse,/);
      expect(lines[8]).toMatch(new RegExp(`,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z [^,]+: ${note},\\d+,[0-9a-f]{64},false,,$`));
      expect(lines.filter((line) => line.includes(note))).toHaveLength(1);
      // The PDF: under the failed row, in the reader's time zone, the row itself as reported.
      const res = await server.api(`${base()}/events/export?${period}&timeZone=UTC`, {
        headers: { ...anna, 'accept-language': 'en' },
      });
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toMatch(/78\.5 °C\s+1,809 \/ 2\.4\s+Missed: HUE, wash,\s+FAIL: Final rinse/);
      expect(text).toMatch(new RegExp(`Correction by .+, \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}: ${note}`));

      // Four more, one written over two lines: the CSV keeps each on a line of its own, the PDF prints
      // three under the row and counts the rest, so that no row outgrows its page.
      for (const more of ['Second check:\nstill 84.0 °C', 'Third check', 'Fourth check', 'Fifth check']) {
        const res = await server.api(
          `${base()}/haccp/corrections`,
          json({ correctsKind: 'event', correctsId: cold?.id, note: more }, admin),
        );
        expect(res.status).toBe(201);
      }
      const again = await server.api(`${base()}/events/export.csv?${period}`, { headers: { ...anna, 'accept-language': 'en' } });
      const cell = (await again.text()).split('\r\n').find((line) => line.includes(note)) ?? '';
      expect(
        cell.split('\n').map((line) => line.replace(/^.*?Z [^:]+: /, '').replace(/"?,\d+,[0-9a-f]{64},false,,$/, '')),
      ).toEqual([note, 'Second check: still 84.0 °C', 'Third check', 'Fourth check', 'Fifth check']);
      const capped = await server.api(`${base()}/events/export?${period}&timeZone=UTC`, {
        headers: { ...anna, 'accept-language': 'en' },
      });
      const cappedText = pdfText(Buffer.from(await capped.arrayBuffer()));
      expect(cappedText).toContain('Third check');
      expect(cappedText).not.toContain('Fourth check');
      expect(cappedText).toContain('… and 2 more corrections: all are on the HACCP screen and in the CSV export');
    });

    it('prints a note of many lines on one, so that its row never outgrows the page', async () => {
      const listed = await server.api(`${base()}/events?${period}`, { headers: anna });
      const first = ((await listed.json()) as { id: string; start: string }[]).find((e) => e.start === `${DAY}T06:00:00.000Z`);
      const note = 'Checked.\n'.repeat(110).trim();
      const added = await server.api(
        `${base()}/haccp/corrections`,
        json({ correctsKind: 'event', correctsId: first?.id, note }, admin),
      );
      expect(added.status, await added.clone().text()).toBe(201);
      const res = await server.api(`${base()}/events/export?${period}&timeZone=UTC`, {
        headers: { ...anna, 'accept-language': 'en' },
      });
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Checked. Checked. Checked.');
      // Every page the document has carries its header and "Page n of m": none was added by a row
      // running over the page's end.
      const pages = text.split('\f').filter((page) => page.trim() !== '');
      expect(pages.length).toBeGreaterThan(0);
      pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    });
  });

  describe('GET /api/v1/event-hub-listener/event/{serial}/alarms/export', () => {
    it('lists the alarms of the period with their description and severity, in Italian', async () => {
      const res = await server.api(`${base()}/alarms/export?${period}`, { headers: { ...anna, 'accept-language': 'it-IT' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="haccp-alarms_${serial}_${DAY}_${DAY}.pdf"`);
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Rapporto HACCP: allarmi');
      expect(text).toMatch(/Codice allarme\s+Descrizione\s+Inizio\s+Fine\s+Livello di gravità/);
      expect(text).toMatch(
        /OH01\s+Sovratemperatura del boiler: il boiler è sopra 105 °C \(221 °F\)\s+10\/11\/2026 08:00:00\s+10\/11\/2026 08:05:00\s+Alta/,
      );
      expect(text).toMatch(/W03\s+.*Ancora attivo\s+Bassa/);
      expect(text).toContain('Allarmi: 2');
      expect(text).toContain('Pagina 1 di 1');
      // The verification's address, and the page's place in the chain: its first and last alarm's opening.
      expect(text).toMatch(new RegExp(`Verifica: http\\S+/device/${serial}/haccp/verification`));
      const { rows: openings } = await server.washboard.database.transaction((sql) =>
        sql.query<{ seq: string; hash: string }>(
          `select c.seq::text as seq, c.hash from haccp_chain c join alarms a on a.serial_number = c.serial_number and a.id = c.record_id
           where c.serial_number = $1 and c.kind = 'alarm' order by a.start_date`,
          [serial],
        ),
      );
      const [first, last] = openings;
      expect(openings).toHaveLength(2);
      expect(text).toContain(
        `Catena di hash: n. ${first?.seq} ${first?.hash.slice(0, 8)} … n. ${last?.seq} ${last?.hash.slice(0, 8)}`,
      );
      expect(text).not.toContain(catalogues.it.haccp.pdf.chainNone);
    });

    it('shows who acknowledged an alarm and when', async () => {
      const listed = await server.api(`${base()}/alarms?${period}`, { headers: anna });
      const w03 = ((await listed.json()) as { id: string; errorCode: string }[]).find((a) => a.errorCode === 'W03');
      const ack = await server.api(`${base()}/alarms/${w03?.id ?? ''}/acknowledge`, {
        method: 'POST',
        body: '{}',
        headers: { ...anna, 'content-type': 'application/json' },
      });
      expect(ack.status).toBe(200);
      const res = await server.api(`${base()}/alarms/export?${period}&timeZone=UTC`, {
        headers: { ...anna, 'accept-language': 'it-IT' },
      });
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toMatch(/Livello di gravità\s+Preso in carico/);
      expect(text).toMatch(/W03\s+.*Ancora attivo\s+Bassa\s+Anna Rossi, \d{2}\/\d{2}\/\d{4}/);
      expect(text).toMatch(/OH01\s+.*Alta\s+–/);

      // The CSV report says the same, for programs.
      const csv = await server.api(`${base()}/alarms/export.csv?${period}`, { headers: { ...anna, 'accept-language': 'en' } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="haccp-alarms_${serial}_${DAY}_${DAY}.csv"`);
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'error_code,description,start,stop,severity,acknowledged_by,acknowledged_at,acknowledgement_note,assigned_to,' +
          'corrections,chain_seq,chain_hash,close_chain_seq,close_chain_hash,late,carried_by,other_versions',
      );
      expect(lines).toHaveLength(3);
      // With the places and hashes of each alarm's opening and closing in the machine's chain, as stored.
      const { rows: chained } = await server.washboard.database.transaction((sql) =>
        sql.query<{ kind: string; seq: string; hash: string; code: string }>(
          `select c.kind, c.seq::text as seq, c.hash, a.error_code as code from haccp_chain c
           join alarms a on a.serial_number = c.serial_number and a.id = c.record_id
           where c.serial_number = $1 order by c.seq`,
          [serial],
        ),
      );
      const entry = (code: string, kind: string) => {
        const e = chained.find((c) => c.code === code && c.kind === kind);
        return `${e?.seq},${e?.hash}`;
      };
      // Both alarms came after the day's last events (20:30): each entry says it was delivered late.
      expect(lines[1]).toMatch(/^OH01,.*,2026-11-10T08:00:00\.000Z,2026-11-10T08:05:00\.000Z,high,,,,,/);
      expect(lines[1]?.endsWith(`,${entry('OH01', 'alarm')},${entry('OH01', 'alarmClose')},true,,`)).toBe(true);
      expect(lines[2]).toMatch(/^W03,.*,2026-11-10T09:00:00\.000Z,,low,Anna Rossi,\d{4}-\d{2}-\d{2}T[\d:.]+Z,,,/);
      expect(lines[2]?.endsWith(`,${entry('W03', 'alarm')},,,true,,`)).toBe(true);
      expect(chained).toHaveLength(3);
    });

    it('answers 404 for a machine the caller may not see', async () => {
      const res = await server.api(`${base()}/alarms/export?${period}`, { headers: bruno });
      expect(res.status).toBe(404);
    });
  });
});
