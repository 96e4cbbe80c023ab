import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { boardQrText, catalogues, checkParameterValue, type TApplianceDetail, type TMainBoardStatus } from '@washboard/contracts';
import { LocalLinkEndpoint, type VirtualDishwasher } from '@washboard/simulator';
import { Api } from '../fixtures/api';
import { BluetoothBridge, WEB_BLUETOOTH_FLAGS } from '../fixtures/bluetooth';
import { expectNoRawKeys, launchBrowser, screenshot } from '../fixtures/browser';
import { writeQrVideo } from '../fixtures/fake-camera';
import { ADMIN } from '../fixtures/global-setup';
import { openPage } from '../fixtures/pages';
import { closeMachines, createProduct, spareBoard, virtualMachine } from '../fixtures/virtual-machine';
import { IDENTITY_PASSWORD } from '../pom/app-shell';
import { CompanionBoard } from '../pom/companion-board';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const TECH = 'tech-board@washboard.test';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const INSTALLATION = { name: 'Trattoria', country: 'IT', unitSystem: 'metric', timeZone: 'Europe/Rome', language: 'it' } as const;
const unique = () => Date.now().toString(36).toUpperCase() + Math.floor(Math.random() * 1000);
/** The board whose QR code the fake camera films. */
const SCANNED_BOARD = `MB-SCAN-${unique()}`;

let browser: Browser;
let videoDir: string;
let admin: Api;
let tech: Api;
const machines: VirtualDishwasher[] = [];
const contexts: BrowserContext[] = [];
const bridges: BluetoothBridge[] = [];

beforeAll(async () => {
  // The camera films the new board's QR code, with surrounding text a reader must ignore.
  videoDir = await mkdtemp(path.join(os.tmpdir(), 'washboard-camera-'));
  const video = path.join(videoDir, 'board-qr.y4m');
  await writeQrVideo(video, `  ${boardQrText(SCANNED_BOARD)}\n`);
  browser = await launchBrowser([
    ...WEB_BLUETOOTH_FLAGS,
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  await admin.activeAccount(TECH, IDENTITY_PASSWORD, 'SERVICE');
  tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
});
afterEach(async () => {
  await Promise.all(bridges.splice(0).map((b) => b.close()));
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await closeMachines(machines);
  await browser?.close();
  await rm(videoDir, { recursive: true, force: true });
});

/**
 * A machine the technician's company services, online with its factory board `boardSerial`,
 * installed and with two parameters its users changed: what the new board must get back.
 */
async function installedMachine(boardSerial: string) {
  const serial = `BRD-${unique()}`;
  const secret = await createProduct(admin, { serialNumber: serial });
  await admin.post('/api/v1/appliance/claim', { serialNumber: serial, userEmail: TECH });
  const old = virtualMachine(serial, mqttPort, { secret, boardSerial });
  machines.push(old);
  await old.connect();
  const values: Record<string, number> = {};
  for (const [key, value] of Object.entries(old.params)) {
    const other = [value + 1, value - 1].find((v) => checkParameterValue(key, v, old.gamma) === 'ok');
    if (other !== undefined) values[key] = other;
    if (Object.keys(values).length === 2) break;
  }
  expect(old.receiveCommand({ id: randomUUID(), name: 'install', args: { ...INSTALLATION, values: {} } })?.ok).toBe(true);
  expect(old.receiveCommand({ id: randomUUID(), name: 'params-set', args: { values } })?.ok).toBe(true);
  await expect
    .poll(async () => {
      const known = await tech.get<{ values: Record<string, number> }>(`/api/v1/event-hub-listener/event/${serial}/parameters`);
      const board = await tech.get<TMainBoardStatus>(`/api/v1/appliance/${serial}/main-board`);
      return board.boardSerial === boardSerial && Object.entries(values).every(([k, v]) => known.values[k] === v);
    })
    .toBe(true);
  return { serial, secret, old };
}

/** The spare board in its bag: it knows no machine yet, and advertises WB-<boardSerial>. */
function newSpareBoard(boardSerial: string): VirtualDishwasher {
  const board = spareBoard(boardSerial, mqttPort);
  machines.push(board);
  return board;
}

/** The technician's phone (390 × 844) with the camera allowed (or not) and `within` in Bluetooth reach. */
async function phone(within: VirtualDishwasher[], { dark = false, camera = true } = {}) {
  const page = await openPage(
    browser,
    contexts,
    { ...PHONE, colorScheme: dark ? 'dark' : 'light', permissions: camera ? ['camera'] : [] },
    {},
    { role: 'SERVICE', email: TECH },
  );
  const bridge = await BluetoothBridge.attach(browser, page);
  bridges.push(bridge);
  for (const machine of within) await bridge.addMachine(new LocalLinkEndpoint(machine, { mtu: 247 }));
  return { page, bridge, board: new CompanionBoard(page) };
}

/** The code the board's display shows now. */
async function displayed(machine: VirtualDishwasher): Promise<string> {
  await expect.poll(() => machine.model.linkCode?.code ?? null).not.toBeNull();
  return machine.model.linkCode?.code ?? '';
}

/** Connects to the board, opens a session with its display code and sends the Wi-Fi network. */
async function connectAndReplace(
  bridge: BluetoothBridge,
  board: CompanionBoard,
  spare: VirtualDishwasher,
  boardSerial: string,
  shots: string,
) {
  bridge.chooser = { choose: boardSerial };
  await board.connectButton().click();
  await board.link.enterCode(await displayed(spare));
  await board.page.getByLabel(board.link.text.commissioning.ssid).waitFor();
  await screenshot(board.page, `${shots}-wifi`);
  await board.link.sendWifi('Cucina Trattoria', 'pentole-e-padelle');
}

/** What the old board, the new one and the server say once the replacement is done. */
async function expectReplaced(
  serial: string,
  secret: string,
  old: VirtualDishwasher,
  spare: VirtualDishwasher,
  boardSerial: string,
) {
  // The old board was put off the broker, and is refused when it comes back with its secret.
  expect(old.connected).toBe(false);
  old.disconnect();
  await expect(old.connect()).rejects.toThrow(/refused/);
  // The new board is the machine now, online with the machine's parameters and installation.
  expect(spare.serial).toBe(serial);
  expect(spare.spare).toBe(false);
  expect(spare.connected).toBe(true);
  expect(spare.params).toEqual(old.params);
  expect(spare.model.info().installation).toMatchObject(INSTALLATION);
  const detail = await tech.get<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`);
  expect(detail.status.online).toBe(true);
  expect(detail.info?.boardSerial).toBe(boardSerial);
  expect(secret).not.toBe('');
}

describe('companion: main board replacement (390 × 844)', () => {
  it("scans the new board's QR code with the camera and gives it the machine's serial, parameters and settings", async () => {
    const { serial, secret, old } = await installedMachine(`MB-OLD-${unique()}`);
    const newBoard = newSpareBoard(SCANNED_BOARD);
    const { page, bridge, board } = await phone([newBoard]);
    let issued = '';
    page.on('response', (res) => {
      if (res.url().endsWith('/main-board') && res.request().method() === 'POST')
        void res.json().then((body: { deviceSecret: string }) => (issued = body.deviceSecret));
    });

    await board.open(baseUrl, serial);
    await expectNoRawKeys(page);
    await screenshot(page, 'companion-board-start');
    await board.scanButton().click();
    await board.chosen(SCANNED_BOARD).waitFor({ timeout: 20_000 });
    await screenshot(page, 'companion-board-scanned');
    await connectAndReplace(bridge, board, newBoard, SCANNED_BOARD, 'companion-board');
    await board.done(serial).waitFor({ timeout: 60_000 });
    await expect.poll(() => board.steps().locator('[data-state="done"]').count()).toBe(5);
    await expectNoRawKeys(page);
    await screenshot(page, 'companion-board-done');

    await expectReplaced(serial, secret, old, newBoard, SCANNED_BOARD);
    // The secret went from the server to the board, never onto the screen or into storage.
    expect(issued).not.toBe('');
    expect(await page.locator('body').innerText()).not.toContain(issued);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(issued);

    // The companion shows the machine online again.
    await page.getByRole('link', { name: board.text.back }).click();
    await page.getByText(it_.devices.status.online, { exact: true }).first().waitFor();
  });

  it('takes a typed board serial, in the dark scheme', async () => {
    const boardSerial = `MB-TYPED-${unique()}`;
    const { serial, secret, old } = await installedMachine(`MB-OLD-${unique()}`);
    const newBoard = newSpareBoard(boardSerial);
    const { page, bridge, board } = await phone([newBoard], { dark: true });
    await board.open(baseUrl, serial);
    await board.typeSerial('not a board');
    await page.getByText(board.text.invalid).waitFor();
    await screenshot(page, 'companion-board-dark-start');
    await board.typeSerial(` WB-BOARD:${boardSerial} `);
    await board.chosen(boardSerial).waitFor();
    await screenshot(page, 'companion-board-dark-connect');
    await connectAndReplace(bridge, board, newBoard, boardSerial, 'companion-board-dark');
    await board.done(serial).waitFor({ timeout: 60_000 });
    await expectNoRawKeys(page);
    await screenshot(page, 'companion-board-dark-done');
    await expectReplaced(serial, secret, old, newBoard, boardSerial);
  });

  it('says so when the camera is refused, and the serial can still be typed', async () => {
    const { serial } = await installedMachine(`MB-OLD-${unique()}`);
    const { page, board } = await phone([], { camera: false });
    await board.open(baseUrl, serial);
    await board.scanButton().click();
    await board.cameraProblem().getByText(board.text.camera.refused).waitFor();
    await expectNoRawKeys(page);
    await screenshot(page, 'companion-board-camera-refused');
    await page.getByLabel(board.text.typed).waitFor();
  });
});
