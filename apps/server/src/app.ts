import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { TBrandCode, TRuntimeConfig } from '@washboard/contracts';
import { isDeployment, type TConfig } from './config/env';
import { dataDirToCreate, lockDataDir, removeDataDir } from './db/data-dir';
import { openDatabase, type TDatabase } from './db/database';
import { redactUrl } from './logger';
import { startBroker, type TBroker } from './gateway/broker';
import { registerWebApp } from './web/web.routes';
import { SettingsRepository } from './settings/settings.repository';
import { loadClients, WEB_CLIENT_ID } from './settings/clients';
import { AccountRepository } from './account/account.repository';
import { seedAdmin } from './account/admin-seed';
import { SignInService } from './account/sign-in.service';
import { RegistrationService } from './account/registration.service';
import { UserAdministrationService } from './account/user-admin.service';
import { ProfileService } from './account/profile.service';
import { SignupCodeRepository } from './account/signup-code.repository';
import { CompanyRepository } from './company/company.repository';
import { CompanyService } from './company/company.service';
import { AuditRepository } from './audit/audit.repository';
import { AuditService } from './audit/audit.service';
import { AuditRetention } from './audit/audit-retention';
import { Transactions } from './db/transaction';
import { MailRepository } from './mail/mail.repository';
import { Mailer } from './mail/mailer';
import { ServicePinService } from './service/service-pin.service';
import { ServicePinRepository } from './service/service-pin.repository';
import { JobRepository } from './jobs/job.repository';
import { JobQueue } from './jobs/job-queue';
import { ALARM_OPENED } from './jobs/kinds';
import { AlarmMailRepository } from './notifications/alarm-mail.repository';
import { AlarmMailService } from './notifications/alarm-mail.service';
import { WeeklyReportRepository } from './notifications/weekly-report.repository';
import { WeeklyReportService } from './notifications/weekly-report.service';
import { UnsubscribeService } from './notifications/unsubscribe.service';
import { JobService } from './jobs/job.service';
import { RetentionRepository } from './retention/retention.repository';
import { scheduleStatisticsRollup } from './appliance/statistics-rollup';
import { scheduleTelemetryRollup } from './device/telemetry-rollup';
import { RetentionService } from './retention/retention.service';
import { loadSigningKeys } from './auth/signing-keys';
import { TokenRepository } from './auth/token.repository';
import { TokenService } from './auth/token.service';
import { SessionEvents } from './auth/session-events';
import { SignInThrottle } from './auth/sign-in-throttle';
import { perAddressLimit } from './http/rate-limit';
import { recordRoutes, type TRouteInfo } from './http/route-list';
import { createHttpServer, registerHttpPlumbing } from './http/http-server';
import { registerApi } from './http/api-routes';
import { BackgroundWork } from './http/background';
import type { TLinkBase } from './http/app-link';
import { ApplianceRepository, type TApplianceChanges } from './appliance/appliance.repository';
import { ProductImportRepository } from './appliance/product-import.repository';
import { ProductImportService } from './appliance/product-import.service';
import { ApplianceAccess, machineAudiences } from './appliance/appliance-access';
import { ThresholdRepository } from './notifications/threshold.repository';
import { ThresholdService } from './notifications/threshold.service';
import { ApplianceService } from './appliance/appliance.service';
import { ApplianceDetailsRepository } from './appliance/appliance-details.repository';
import { ApplianceReadCache } from './appliance/read-cache';
import { ProductAdminRepository } from './appliance/product-admin.repository';
import { ProductAdministrationService } from './appliance/product-admin.service';
import { DomainEvents } from './events/domain-events';
import { DeviceIdentities } from './gateway/device-identity';
import { ApplianceDocumentService } from './appliance/appliance-documents';
import { DeviceBatcher } from './gateway/device-batcher';
import { DeviceMessageRepository, type TChainSwitch, type TOpenedAlarm } from './gateway/device-message.repository';
import { IngestService } from './gateway/ingest.service';
import { DeadLetterRepository } from './gateway/dead-letter.repository';
import { DeadLetterService } from './gateway/dead-letter.service';
import { Metrics } from './metrics/metrics';
import { metricsRoutes, startMetricsPort } from './metrics/metrics.routes';
import { PresenceSweep } from './gateway/presence-sweep';
import { CommandService } from './device/command.service';
import { DeviceDataService } from './device/device-data.service';
import { DefaultParameterRepository } from './default-parameters/default-parameters.repository';
import { DefaultParameterService } from './default-parameters/default-parameters.service';
import { HaccpRepository } from './haccp/haccp.repository';
import { CompanyScope } from './company/company-scope';
import { CustomerRepository } from './customers/customer.repository';
import { CustomerService } from './customers/customer.service';
import { SettingsProfileRepository } from './settings-profiles/settings-profile.repository';
import { SettingsProfileService } from './settings-profiles/settings-profile.service';
import { SettingsProfileResolver } from './settings-profiles/settings-profile-resolver';
import { HaccpService } from './haccp/haccp.service';
import { LocalLinkService } from './local-link/local-link.service';
import { BoardReplacementRepository } from './board/board-replacement.repository';
import { BoardReplacementService } from './board/board-replacement.service';
import { HaccpChainRepository } from './haccp/chain/haccp-chain.repository';
import { HaccpChainService } from './haccp/chain/haccp-chain.service';
import { ChainWalker } from './haccp/chain/chain-walker';
import { WeeklyReportRenderer } from './notifications/weekly-report-renderer';
import { loadHaccpSigningKey } from './haccp/chain/haccp-signing-key';
import { InspectorLinkRepository } from './haccp/inspector/inspector-link.repository';
import { InspectorLinkService } from './haccp/inspector/inspector-link.service';
import { TemperatureHistoryRepository } from './device/temperature-history.repository';
import { TemperatureHistoryService } from './device/temperature-history.service';
import { AlarmRepository } from './alarm/alarm.repository';
import { AlarmService } from './alarm/alarm.service';
import { AlarmFollowUp } from './alarm/alarm-follow-up';
import { NotificationRepository } from './notifications/notification.repository';
import { NotificationService } from './notifications/notification.service';
import { inProcessFanout, redisFanout, type TFanout } from './live/fanout';
import { LiveHub } from './live/live.hub';
import { demoWanted } from './demo/demo-mode';
import { bindFirstFree, lastSearchedPort, probePort } from './port-search';
import { isAddressInUse, StartupError } from './startup-error';
import type { TDemoAccount } from './start-banner';

/** A shutdown step slower than this is logged as a warning. */
const SLOW_SHUTDOWN_STEP_MS = 5_000;

export type TWashboard = {
  app: FastifyInstance;
  database: TDatabase;
  broker: TBroker;
  clients: Record<string, string>;
  userAdministration: UserAdministrationService;
  companies: CompanyService;
  appliances: ApplianceService;
  ingest: IngestService;
  writer: DeviceBatcher;
  live: LiveHub;
  /** The durable job queue and this instance's worker (docs/jobs.md). */
  jobs: JobQueue;
  /** The weekly report mails (docs/notifications.md, "Weekly report"). */
  weeklyReports: WeeklyReportService;
  /** Threshold notifications (tests run the sweep on a fake clock). */
  thresholds: ThresholdService;
  /** The tamper-evident HACCP record: verification and the daily close-out (docs/hygiene.md). */
  haccpChain: HaccpChainService;
  /** The demo's accounts (both brands) when demo mode is on, for the start block. */
  demoAccounts?: readonly TDemoAccount[];
  /**
   * Stores the demo's seeded temperature history unless under way or done (`listen` starts it);
   * settles once it is stored (or was not: logged).
   */
  demoTemperatureHistory?: () => Promise<void>;
  /** What the start block must point out, such as a default port that was taken and the one used instead. */
  startNotes: readonly string[];
  /** Every route registered, in order (the API fuzz test walks them). */
  routes: readonly TRouteInfo[];
  /** The shutdown step under way once `close` was called ('done' at the end), else undefined. */
  readonly shutdownStep: string | undefined;
  /** The requests whose connections the shutdown closed because they outlasted their share of the grace. */
  readonly forcedRequests: readonly string[];
  /** Listens on the HTTP port (the configured one, or the next free one for a taken default); answers the port bound. */
  listen(): Promise<number>;
  /** Stops taking requests, lets in-flight ones finish, then closes broker and database. */
  close(): Promise<void>;
};

/** The requests still being answered on these connections, as "METHOD url" (`redactUrl`: they reach the log). */
function openRequests(connections: ReadonlySet<Socket>): string[] {
  const open: string[] = [];
  for (const socket of connections) {
    // Node's own link from a socket to the response it is writing (unset between requests).
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (response && !response.writableFinished) open.push(`${response.req.method ?? '?'} ${redactUrl(response.req.url ?? '?')}`);
  }
  return open;
}

function defaultWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Where an in-process device connects: the embedded broker, or MQTT_URL without the server's credentials. */
function deviceBrokerUrl(broker: TBroker, mqttUrl: string | undefined): string {
  if (!mqttUrl) return `mqtt://127.0.0.1:${broker.port ?? 1883}`;
  const url = new URL(mqttUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString();
}

/**
 * The HTTP port this start will listen on: PORT, or — when PORT was left at its default and that is
 * taken — the next free one. Checked before anything is created; Fastify binds it only in listen().
 */
async function chooseHttpPort(config: TConfig): Promise<number> {
  if (config.PORT === 0) return 0;
  const search = config.defaultPorts.http;
  try {
    return (await bindFirstFree(config.PORT, search, (port) => probePort(port, config.HOST))).port;
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
    throw new StartupError(
      search
        ? `HTTP ports ${config.PORT}-${lastSearchedPort(config.PORT)} are all in use. Set PORT to a free port.`
        : `HTTP port ${config.PORT} is already in use. Set PORT to a free port.`,
      { cause: error },
    );
  }
}

/**
 * Opens the database, starts the broker and assembles the HTTP server; nothing listens yet. A start
 * that fails closes what it opened and removes the data directory if it created it.
 */
export async function createWashboard(config: TConfig, options: TWashboardOptions = {}): Promise<TWashboard> {
  const createdDataDir = dataDirToCreate(config.DATA_DIR);
  const undo: (() => Promise<unknown>)[] = [];
  try {
    return await assembleWashboard(config, options, undo, createdDataDir);
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => {});
    await removeDataDir(createdDataDir);
    throw error;
  }
}

/** What a caller inside the process may hand the start besides the configuration. */
export type TWashboardOptions = {
  /** An image of an already migrated in-memory PGlite to start from (tests; see openDatabase). */
  pgliteImage?: Uint8Array;
  /**
   * Benchmarks only (bench/ingestion.ts): while `on` is false, the gateway stores HACCP records
   * without entering them in the hash chain, to measure what chaining costs the ingestion. Read for
   * every batch. No configuration reaches it.
   */
  chainSwitchForBenchmark?: TChainSwitch;
};

async function assembleWashboard(
  config: TConfig,
  options: TWashboardOptions,
  /** What to close, pushed as it opens, should the start fail. */
  undo: (() => Promise<unknown>)[],
  createdDataDir: string | undefined,
): Promise<TWashboard> {
  // The embedded database's directory first: a second start on it stops before taking any port.
  const releaseDataDir =
    config.DATABASE_URL || config.DATA_DIR.startsWith('memory://') ? undefined : await lockDataDir(config.DATA_DIR);
  if (releaseDataDir) undo.push(releaseDataDir);
  const app = createHttpServer(config);
  const routes = recordRoutes(app);
  const startNotes: string[] = [];
  const note = (text: string) => {
    startNotes.push(text);
    app.log.warn(text);
  };

  // The ports first: a taken one stops the start before a new database is created (seconds, ~40 MB).
  const httpPort = await chooseHttpPort(config);
  if (httpPort !== config.PORT) note(`HTTP port ${config.PORT} was in use; using ${httpPort}`);
  let fanout: TFanout;
  try {
    fanout = config.REDIS_URL ? await redisFanout(config.REDIS_URL, app.log) : inProcessFanout();
  } catch (error) {
    throw new StartupError(`Cannot connect to Redis at REDIS_URL (${error instanceof Error ? error.message : String(error)}).`, {
      cause: error,
    });
  }
  undo.push(() => fanout.close());
  const broker = await startBroker({
    url: config.MQTT_URL,
    port: config.MQTT_PORT,
    host: config.HOST,
    log: app.log,
    ingestConnections: config.MQTT_INGEST_CONNECTIONS,
    severalInstances: Boolean(config.REDIS_URL),
    maxMessageBytes: config.MQTT_MAX_MESSAGE_BYTES,
    searchPort: config.defaultPorts.mqtt,
    reservedPort: httpPort,
  });
  undo.push(() => broker.close());
  if (broker.kind === 'embedded' && config.MQTT_PORT !== 0 && broker.port !== config.MQTT_PORT) {
    note(`MQTT port ${config.MQTT_PORT} was in use; using ${broker.port ?? '?'}`);
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteImage: options.pgliteImage,
  });
  undo.push(() => database.close());
  app.log.info({ kind: database.kind, location: database.location }, 'database ready');

  const settingsRepository = new SettingsRepository(database.db);
  const clients = await loadClients(config.SUBSCRIPTION_KEYS, settingsRepository);
  // What changed, told to whoever listens in every instance (the fan-out carries it between them).
  const events = new DomainEvents(fanout);
  const accessChanged = () => events.emit('accessChanged', {});
  const stateChanged = (serials: Iterable<string>) => events.emit('stateChanged', { serials: [...serials] });
  // In-memory answers of the hottest reads, dropped by every write of what they derive from, in
  // whichever instance the write happened (domain events).
  const readCache = new ApplianceReadCache();
  events.on('accessChanged', () => readCache.accessChanged());
  events.on('stateChanged', ({ serials }) => readCache.stateChanged(serials ?? undefined));
  const accountRepository = new AccountRepository(database.db, accessChanged);
  // Decided before anything is seeded: "unset" means demo on an empty database.
  const demo = await demoWanted(config.DEMO, isDeployment(config), accountRepository, settingsRepository);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await seedAdmin(accountRepository, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, app.log);
  }
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${httpPort}`;
  const issuer = publicUrl.replace(/\/$/, '');
  // Every address written for a reader (mails, QR codes) carries the reader's brand where the host would show another.
  const links: TLinkBase = { publicUrl, brandHosts: config.BRAND_HOSTS, defaultBrand: config.DEFAULT_BRAND };
  const keys = await loadSigningKeys(settingsRepository, {
    key: config.TOKEN_SIGNING_KEY,
    keyFile: config.TOKEN_SIGNING_KEY_FILE,
    previousKey: config.TOKEN_PREVIOUS_SIGNING_KEY,
    previousKeyFile: config.TOKEN_PREVIOUS_SIGNING_KEY_FILE,
    dataDir: config.DATA_DIR,
  });
  const tokenRepository = new TokenRepository(database.db);
  const sessions = new SessionEvents(fanout, config.ACCESS_TOKEN_SECONDS * 1000);
  await sessions.start({
    users: await accountRepository.changedWithin(config.ACCESS_TOKEN_SECONDS),
    families: await tokenRepository.revokedWithin(config.ACCESS_TOKEN_SECONDS),
  });
  const tokens = new TokenService(keys, tokenRepository, issuer, sessions, {
    accessTokenSeconds: config.ACCESS_TOKEN_SECONDS,
    audiences: Object.keys(clients),
  });
  const deadLetterRepository = new DeadLetterRepository(database.db);
  // Read at scrape time, when everything below exists.
  const metrics = new Metrics({
    writerQueue: () => writer.queued,
    pushSockets: () => live.size,
    deadLetters: () => deadLetterRepository.count(),
  });
  const jobRepository = new JobRepository(database.db);
  // Everything that runs off the request path, durable and run once across instances (docs/jobs.md).
  const jobs = new JobQueue(database.db, jobRepository, app.log);
  // Telemetry partitions made ahead and old data dropped, by two recurring jobs (docs/retention.md).
  const retentionRepository = new RetentionRepository(database.db);
  const retention = new RetentionService(
    retentionRepository,
    { telemetryDays: config.TELEMETRY_RETENTION_DAYS, haccpYears: config.HACCP_RETENTION_YEARS },
    app.log,
  );
  await retention.schedule(jobs);
  const mailRepository = new MailRepository(database.db);
  const mailer = new Mailer(mailRepository, jobs, config.SMTP_URL, config.MAIL_FROM, (outcome) => metrics.mail.inc({ outcome }));
  const companyRepository = new CompanyRepository(database.db, accessChanged);
  const background = new BackgroundWork(app.log);
  // Services whose changes are audited write the change and its record in one transaction.
  const transactions = new Transactions(database.db);
  const audit = new AuditService(new AuditRepository(database.db));
  const auditRetention = new AuditRetention(audit, app.log);
  const companies = new CompanyService(companyRepository, accountRepository, transactions, audit);
  const signIn = new SignInService(accountRepository, tokens);
  const servicePins = new ServicePinService(new ServicePinRepository(database.db), accountRepository, mailer, audit, links);
  const registration = new RegistrationService(
    accountRepository,
    companyRepository,
    companies,
    new SignupCodeRepository(database.db),
    tokens,
    mailer,
    links,
    background,
  );
  const inspectorLinkRepository = new InspectorLinkRepository(database.db);
  const userAdministration = new UserAdministrationService(
    accountRepository,
    companyRepository,
    tokens,
    mailer,
    sessions,
    transactions,
    audit,
    inspectorLinkRepository,
    readCache,
  );
  const profiles = new ProfileService(accountRepository);
  const applianceChanges: TApplianceChanges = {
    access: accessChanged,
    state: (serials) => (serials ? stateChanged(serials) : events.emit('stateChanged', { serials: null })),
  };
  const applianceRepository = new ApplianceRepository(database.db, applianceChanges);
  const live = new LiveHub(fanout, (user) => appliances.visibleSerials(user));
  const customerRepository = new CustomerRepository(database.db, accessChanged);
  const applianceAccess = new ApplianceAccess(accountRepository, companyRepository, customerRepository);
  const applianceDetails = new ApplianceDetailsRepository(database.db);
  // The statistics charts read a daily roll-up of the counters, kept current by a job (docs/retention.md).
  await scheduleStatisticsRollup(jobs, applianceDetails);
  // The temperature history's weeks and months read a per-minute roll-up of telemetry, kept by a job.
  const temperatureHistory = new TemperatureHistoryRepository(database.db);
  await scheduleTelemetryRollup(jobs, temperatureHistory);
  // Who a connecting or publishing machine is, looked up once and kept.
  const devices = new DeviceIdentities((serials) => applianceRepository.findDevices(serials));
  events.on('deviceProvisioned', ({ serial }) => devices.forget(serial));
  const defaultParameters = new DefaultParameterService(new DefaultParameterRepository(database.db), transactions, audit);
  events.on('deviceRevoked', ({ serial }) => devices.forget(serial));
  const appliances: ApplianceService = new ApplianceService(
    applianceRepository,
    companyRepository,
    applianceAccess,
    broker,
    events,
    readCache,
    transactions,
    audit,
    inspectorLinkRepository,
    (appliance) => defaultParameters.valuesFor(appliance),
  );
  const productAdministration = new ProductAdministrationService(
    new ProductAdminRepository(database.db, accessChanged),
    accountRepository,
    broker,
    events,
    readCache,
    audit,
  );
  const commands = new CommandService(
    applianceRepository,
    broker,
    events,
    config.COMMAND_TIMEOUT_SECONDS * 1000,
    (command, outcome) => metrics.commands.inc({ command, outcome }),
  );
  const unsubscribe = new UnsubscribeService(keys, issuer, accountRepository);
  // Alarm mails (docs/notifications.md): one job per written batch that opened alarms, queued in
  // the batch's own transaction; the rest happens off the ingestion's path.
  new AlarmMailService(
    database.db,
    new AlarmMailRepository(database.db),
    jobs,
    mailer,
    unsubscribe,
    (serials) => machineAudiences(serials, (list) => applianceRepository.findMany(list), applianceAccess),
    { digestSeconds: config.ALARM_MAIL_DIGEST_SECONDS, reopenSeconds: config.ALARM_MAIL_REOPEN_SECONDS, links },
  );
  const alarmRepository = new AlarmRepository(database.db);
  const notifications = new NotificationService(
    new NotificationRepository(database.db),
    applianceAccess,
    (brand, userId, message) => live.publishToUser(brand, userId, message),
  );
  // Reminders and escalations of unacknowledged alarms, and the notification centre (docs/alarms.md).
  const alarmFollowUp = new AlarmFollowUp(
    jobs,
    applianceRepository,
    applianceAccess,
    alarmRepository,
    notifications,
    mailer,
    transactions,
    unsubscribe,
    {
      reminderSeconds: config.ALARM_REMINDER_SECONDS,
      escalationSeconds: config.ALARM_ESCALATION_SECONDS,
      links,
    },
  );
  // The weekly report (docs/notifications.md): an hourly job queues each account's report on its Monday 07:00.
  const reportRenderer = new WeeklyReportRenderer();
  const weeklyReports = new WeeklyReportService(
    database.db,
    new WeeklyReportRepository(database.db),
    jobs,
    mailer,
    reportRenderer,
    unsubscribe,
    (users) => appliances.visibleSerialsMany(users),
    { links },
  );
  await weeklyReports.start();
  // Threshold notifications (docs/notifications.md): checked per written batch and by a sweep every five minutes.
  const thresholds = new ThresholdService(
    new ThresholdRepository(database.db),
    new AlarmMailRepository(database.db),
    jobs,
    mailer,
    unsubscribe,
    notifications,
    transactions,
    appliances,
    audit,
    (serials) => machineAudiences(serials, (list) => applianceRepository.findMany(list), applianceAccess),
    { digestSeconds: config.ALARM_MAIL_DIGEST_SECONDS, links },
  );
  await thresholds.start();
  // The tamper-evident HACCP record (docs/hygiene.md): its close-out key and the daily close-out job;
  // verification walks chains on a worker thread.
  const chainWalker = new ChainWalker();
  undo.push(() => chainWalker.close());
  const haccpChain = new HaccpChainService(
    appliances,
    new HaccpChainRepository(database),
    await loadHaccpSigningKey({
      key: config.HACCP_SIGNING_KEY,
      keyFile: config.HACCP_SIGNING_KEY_FILE,
      previousKey: config.HACCP_PREVIOUS_SIGNING_KEY,
      dataDir: config.DATA_DIR,
    }),
    chainWalker,
  );
  await haccpChain.schedule(jobs);
  const deviceMessages = new DeviceMessageRepository(database, {
    chain: options.chainSwitchForBenchmark,
    // Per brand (a failed job is shown to that brand's administrators only): one job for the mails
    // of every opening, one for the notification centre and reminders of those still open; both
    // commit with the batch.
    alarmsOpened: async (sql, opened) => {
      const byBrand = new Map<TBrandCode, TOpenedAlarm[]>();
      for (const alarm of opened) byBrand.set(alarm.brand, [...(byBrand.get(alarm.brand) ?? []), alarm]);
      for (const [brand, ofBrand] of byBrand) {
        const alarms = ofBrand.map((a) => ({ serial: a.serialNumber, id: a.alarmId }));
        await jobs.enqueueSql(sql, ALARM_OPENED, { alarms }, { brand });
        const open = ofBrand
          .filter((a) => a.open)
          .map(({ serialNumber, alarmId, errorCode }) => ({ serialNumber, alarmId, errorCode }));
        if (open.length > 0) await alarmFollowUp.alarmsOpened(sql, brand, open);
      }
    },
    thresholdData: (sql, serials) => thresholds.batchWritten(sql, serials),
    conflictsKept: (letters) => {
      for (const { serialNumber, topic, reason, detail } of letters) {
        metrics.refused.inc({ reason });
        app.log.warn({ serialNumber, topic, reason, detail }, 'HACCP record of other content under a held id kept aside');
      }
    },
  });
  const writer = new DeviceBatcher(deviceMessages, app.log, {
    onCommit: stateChanged,
    onBatch: (outcome, seconds) => metrics.batchCommit.observe({ outcome }, seconds),
    onRevived: (changes) => ingest.announcePresence(changes),
  });
  const ingest = new IngestService({
    writer,
    identify: (serial) => devices.identify(serial),
    push: (brand, message) => live.publish(brand, message),
    commandResult: (_serial, result) => commands.resultArrived(result),
    replyError: (serial, error) => broker.sendError(serial, JSON.stringify(error)),
    log: app.log,
    maxMessageBytes: config.MQTT_MAX_MESSAGE_BYTES,
    observe: {
      ingested: (topic) => metrics.ingested.inc({ topic }),
      refused: (reason) => metrics.refused.inc({ reason }),
    },
  });
  // Every connection to the embedded broker is new after a start: nothing is online yet.
  if (broker.kind === 'embedded') await applianceRepository.markAllOffline();
  await live.start();
  sessions.subscribe((event) => live.sessionChanged(event));
  events.on('appliancesChanged', ({ brand, serials }) => {
    live
      .appliancesChanged(brand, serials)
      .catch((error: unknown) => app.log.error({ err: error }, 'recomputing push sockets failed'));
  });
  commands.start();
  await events.start();
  await broker.attach({
    authenticate: (serial, secret) => devices.authenticate(serial, secret),
    receive: (topic, payload) => ingest.receive(topic, payload),
    disconnected: (serial) => {
      ingest
        .disconnected(serial)
        .catch((error: unknown) => app.log.error({ err: error, serial }, 'marking a machine offline failed'));
    },
    alive: (serial) => ingest.alive(serial),
  });
  // Connections that die without a last will, on any broker: silent machines go offline.
  const presence = new PresenceSweep(
    database,
    config.DEVICE_KEEPALIVE_SECONDS,
    (changes) => {
      stateChanged(changes.map((c) => c.serialNumber));
      ingest.announcePresence(changes);
    },
    app.log,
  );
  presence.start();
  undo.push(() => presence.stop());
  const runtimeConfig: TRuntimeConfig = {
    apiBase: '',
    clientId: WEB_CLIENT_ID,
    subscriptionKey: clients[WEB_CLIENT_ID] ?? '',
    defaultBrand: config.DEFAULT_BRAND,
    brandHosts: config.BRAND_HOSTS,
    sparePartsUrl: config.SPARE_PARTS_URL,
    demo,
  };

  const companyScope = new CompanyScope(accountRepository, companyRepository);
  const settingsProfileRepository = new SettingsProfileRepository(database.db);
  const settingsProfileResolver = new SettingsProfileResolver(settingsProfileRepository, companyScope);
  const deviceData = new DeviceDataService(
    appliances,
    commands,
    applianceDetails,
    defaultParameters,
    audit,
    servicePins,
    settingsProfileResolver,
  );
  const haccp = new HaccpService(appliances, new HaccpRepository(database.db), links);
  // Main board replacement (docs/local-link.md): its restore runs as a job once the new board is online.
  const boards = new BoardReplacementService(
    appliances,
    applianceRepository,
    new BoardReplacementRepository(database.db),
    accountRepository,
    broker,
    events,
    transactions,
    audit,
    jobs,
    commands,
    (serial) => ingest.disconnected(serial),
    app.log,
  );
  await registerHttpPlumbing(app);
  await registerApi(app, {
    database,
    broker,
    runtimeConfig,
    limit: perAddressLimit(config.RATE_LIMIT_SCALE),
    signInThrottle: new SignInThrottle(config.SIGN_IN_DELAY_MS),
    signIn,
    keys,
    clients,
    issuer,
    tokens,
    registration,
    profiles,
    userAdministration,
    companies,
    appliances,
    productImport: new ProductImportService(new ProductImportRepository(database, applianceChanges), broker, audit),
    productAdministration,
    documents: new ApplianceDocumentService(applianceDetails, applianceAccess, config.SPARE_PARTS_URL),
    deadLetters: new DeadLetterService(deadLetterRepository),
    defaultParameters,
    devices: deviceData,
    customers: new CustomerService(customerRepository, companyScope, accountRepository, appliances, events),
    settingsProfiles: new SettingsProfileService(
      settingsProfileRepository,
      companyScope,
      appliances,
      defaultParameters,
      deviceData,
      transactions,
      settingsProfileResolver,
    ),
    audit,
    servicePins,
    haccp,
    haccpChain,
    inspectorLinks: new InspectorLinkService(appliances, inspectorLinkRepository, haccp, haccpChain, transactions, audit),
    localLink: new LocalLinkService(
      appliances,
      applianceRepository,
      accountRepository,
      broker,
      events,
      transactions,
      audit,
      (machine, records, carrier) => ingest.carried(machine, records, carrier),
    ),
    boards,
    temperatureHistory: new TemperatureHistoryService(appliances, temperatureHistory),
    alarms: new AlarmService(appliances, applianceAccess, alarmRepository, transactions, audit, (brand, message) =>
      live.publish(brand, message),
    ),
    notifications,
    thresholds,
    live,
    jobs: new JobService(jobRepository),
    unsubscribe,
    mailbox: demo ? mailer : undefined,
  });
  // Loaded only when it runs: a deployment never loads the demo or the simulator it brings along.
  const demoRun = demo
    ? await import('./demo/demo').then(({ startDemo }) =>
        startDemo({
          brokerUrl: deviceBrokerUrl(broker, config.MQTT_URL),
          settings: settingsRepository,
          accounts: userAdministration,
          companies,
          appliances,
          ingest: (topic, payload) => ingest.receive(topic, payload),
          identify: (serialNumbers) => Promise.all(serialNumbers.map((serial) => devices.identify(serial))),
          closeBatch: () => writer.closeBatch(),
          lastStats: (serialNumber) => applianceDetails.latestStats(serialNumber),
          historyDays: config.DEMO_HISTORY_DAYS,
          database,
          ensurePartitions: (days) => retentionRepository.ensurePartitions(days),
          log: app.log,
        }),
      )
    : undefined;
  if (demoRun) {
    // A start failing after this point stops the virtual machines too (they would reconnect forever).
    undo.push(() => demoRun.close());
    // Loaded like the demo itself: only when it runs.
    const [{ frontPanelRoutes }, { FrontPanelService }, { mailPreviewRoutes }] = await Promise.all([
      import('./demo/front-panel.routes'),
      import('./demo/front-panel.service'),
      import('./mail/mail-preview.routes'),
    ]);
    await app.register(frontPanelRoutes, {
      prefix: '/api/v1/demo',
      panel: new FrontPanelService(demoRun.fleet, applianceRepository),
    });
    await app.register(mailPreviewRoutes, { links });
  }
  if (config.METRICS_TOKEN) await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  const metricsPort =
    config.METRICS_PORT === undefined ? undefined : await startMetricsPort(metrics, config.METRICS_PORT, config.METRICS_HOST);
  if (metricsPort) undo.push(() => metricsPort.close());
  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist());

  jobs.start();
  auditRetention.start();
  // Shutdown, step by step in dependency order. A step that takes long is logged, and the step
  // under way is readable (`shutdownStep`), so a shutdown that hangs says where.
  const shutdown: readonly [string, () => unknown][] = [
    ['metrics port', () => metricsPort?.close()],
    ['background work', () => background.drain()],
    ['job worker', () => jobs.stop()],
    ['mailer', () => mailer.close()],
    ['audit retention', () => auditRetention.stop()],
    ['demo', () => demoRun?.close()],
    ['presence', () => presence.stop()],
    ['broker', () => broker.close()],
    ['device writer', () => writer.drain()],
    ['chain walker', () => chainWalker.close()],
    ['weekly report renderer', () => reportRenderer.close()],
    ['fan-out', () => fanout.close()],
    ['database', () => database.close()],
    ['data directory', () => releaseDataDir?.()],
  ];
  let shutdownStep: string | undefined;
  app.addHook('onClose', async () => {
    for (const [name, step] of shutdown) {
      shutdownStep = name;
      const started = performance.now();
      await step();
      const ms = Math.round(performance.now() - started);
      if (ms >= SLOW_SHUTDOWN_STEP_MS) app.log.warn({ step: name, ms }, 'shutdown step was slow');
    }
    shutdownStep = 'done';
  });

  // Keep-alive connections would hold the close open until they time out: once shutting down,
  // every response (in-flight ones included) asks the client to close its connection.
  let closing: Promise<void> | undefined;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  // In-flight requests get half the grace; then their connections are closed so that the broker
  // and the database still close cleanly (PGlite flushes its files) before the process must exit.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  let forcedRequests: string[] = [];
  const close = () => {
    if (!closing) {
      shutdownStep = 'http requests';
      const force = setTimeout(() => {
        forcedRequests = openRequests(connections);
        app.log.warn(
          { requests: forcedRequests, connections: connections.size },
          'in-flight requests outlasted the grace: closing',
        );
        app.server.closeAllConnections();
      }, config.SHUTDOWN_GRACE_SECONDS * 500);
      force.unref();
      closing = app.close().finally(() => clearTimeout(force));
    }
    return closing;
  };
  return {
    app,
    database,
    broker,
    clients,
    userAdministration,
    companies,
    appliances,
    ingest,
    writer,
    live,
    jobs,
    weeklyReports,
    thresholds,
    haccpChain,
    demoAccounts: demoRun?.accounts,
    demoTemperatureHistory: demoRun?.storeTemperatureHistory,
    startNotes,
    routes,
    get shutdownStep() {
      return shutdownStep === 'http requests' ? `http requests: ${openRequests(connections).join(', ') || 'none'}` : shutdownStep;
    },
    get forcedRequests() {
      return forcedRequests;
    },
    async listen() {
      try {
        await app.listen({ port: httpPort, host: config.HOST });
      } catch (error) {
        // The last step of a start: failing here, it leaves nothing behind either.
        await close();
        await removeDataDir(createdDataDir);
        if (isAddressInUse(error)) {
          // Free when chosen, taken since: another program started in between.
          throw new StartupError(`HTTP port ${httpPort} is already in use. Set PORT to a free port.`, { cause: error });
        }
        throw error;
      }
      // The demo's seeded temperatures are stored once the dashboard answers (docs/hygiene.md).
      void demoRun?.storeTemperatureHistory();
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : httpPort;
    },
    close,
  };
}
