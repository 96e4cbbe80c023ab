import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { TRuntimeConfig } from '@washboard/contracts';
import type { TDatabase } from '../db/database';
import type { TBroker } from '../gateway/broker';
import { healthRoutes } from '../health/health.routes';
import { runtimeConfigRoutes } from '../web/web.routes';
import { oauthRoutes } from '../auth/oauth.routes';
import { authenticate } from '../auth/auth.hook';
import type { TSigningKeys } from '../auth/signing-keys';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { TokenService } from '../auth/token.service';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { registrationRoutes } from '../account/registration.routes';
import { accountRoutes } from '../account/account.routes';
import type { SignInService } from '../account/sign-in.service';
import type { RegistrationService } from '../account/registration.service';
import type { ProfileService } from '../account/profile.service';
import type { UserAdministrationService } from '../account/user-admin.service';
import { companyRoutes } from '../company/company.routes';
import type { CompanyService } from '../company/company.service';
import { applianceRoutes } from '../appliance/appliance.routes';
import { applianceDocumentRoutes } from '../appliance/appliance-documents.routes';
import { productAdminRoutes } from '../appliance/product-admin.routes';
import type { ProductAdministrationService } from '../appliance/product-admin.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { ApplianceDocumentService } from '../appliance/appliance-documents';
import { productImportRoutes } from '../appliance/product-import.routes';
import type { ProductImportService } from '../appliance/product-import.service';
import { deadLetterRoutes } from '../gateway/dead-letter.routes';
import type { DeadLetterService } from '../gateway/dead-letter.service';
import { defaultParameterRoutes } from '../default-parameters/default-parameters.routes';
import type { DefaultParameterService } from '../default-parameters/default-parameters.service';
import { eventHubRoutes } from '../device/event-hub.routes';
import type { DeviceDataService } from '../device/device-data.service';
import { haccpRoutes } from '../haccp/haccp.routes';
import { haccpChainRoutes, haccpKeyRoutes } from '../haccp/chain/haccp-chain.routes';
import type { HaccpChainService } from '../haccp/chain/haccp-chain.service';
import { inspectionRoutes, inspectorLinkRoutes } from '../haccp/inspector/inspector-link.routes';
import type { InspectorLinkService } from '../haccp/inspector/inspector-link.service';
import { temperatureHistoryRoutes } from '../device/temperature-history.routes';
import type { TemperatureHistoryService } from '../device/temperature-history.service';
import { alarmRoutes } from '../alarm/alarm.routes';
import type { AlarmService } from '../alarm/alarm.service';
import type { HaccpService } from '../haccp/haccp.service';
import { localLinkRoutes } from '../local-link/local-link.routes';
import type { LocalLinkService } from '../local-link/local-link.service';
import { liveRoutes } from '../live/live.routes';
import type { LiveHub } from '../live/live.hub';
import { mailboxRoutes } from '../mail/mailbox.routes';
import type { Mailer } from '../mail/mailer';
import { jobRoutes } from '../jobs/job.routes';
import type { JobService } from '../jobs/job.service';
import type { TLimit } from './rate-limit';
import { auditRoutes } from '../audit/audit.routes';
import { servicePinRoutes } from '../service/service-pin.routes';
import type { ServicePinService } from '../service/service-pin.service';
import { notificationRoutes } from '../notifications/notification.routes';
import type { NotificationService } from '../notifications/notification.service';
import type { AuditService } from '../audit/audit.service';
import { unsubscribeRoutes } from '../notifications/unsubscribe.routes';
import { customerRoutes } from '../customers/customer.routes';
import type { CustomerService } from '../customers/customer.service';
import { settingsProfileRoutes } from '../settings-profiles/settings-profile.routes';
import type { SettingsProfileService } from '../settings-profiles/settings-profile.service';
import type { UnsubscribeService } from '../notifications/unsubscribe.service';
import { thresholdRoutes } from '../notifications/threshold.routes';
import { boardReplacementRoutes } from '../board/board-replacement.routes';
import type { BoardReplacementService } from '../board/board-replacement.service';
import type { ThresholdService } from '../notifications/threshold.service';

/** The services the API's routes call, built by the composition root (app.ts). */
export type TApiParts = {
  database: TDatabase;
  broker: TBroker;
  runtimeConfig: TRuntimeConfig;
  limit: TLimit;
  signInThrottle: SignInThrottle;
  signIn: SignInService;
  keys: TSigningKeys;
  clients: Record<string, string>;
  issuer: string;
  tokens: TokenService;
  registration: RegistrationService;
  profiles: ProfileService;
  userAdministration: UserAdministrationService;
  companies: CompanyService;
  appliances: ApplianceService;
  productImport: ProductImportService;
  productAdministration: ProductAdministrationService;
  documents: ApplianceDocumentService;
  deadLetters: DeadLetterService;
  defaultParameters: DefaultParameterService;
  devices: DeviceDataService;
  customers: CustomerService;
  settingsProfiles: SettingsProfileService;
  haccp: HaccpService;
  haccpChain: HaccpChainService;
  inspectorLinks: InspectorLinkService;
  localLink: LocalLinkService;
  boards: BoardReplacementService;
  temperatureHistory: TemperatureHistoryService;
  alarms: AlarmService;
  notifications: NotificationService;
  thresholds: ThresholdService;
  live: LiveHub;
  jobs: JobService;
  audit: AuditService;
  servicePins: ServicePinService;
  unsubscribe: UnsubscribeService;
  /** The demo's /dev/mailbox, only in demo mode. */
  mailbox: Mailer | undefined;
};

/**
 * Every route of the API, by prefix: the public ones (health, runtime configuration, tokens,
 * registration), then the signed-in scopes, each behind `authenticate`, then the push channel.
 */
export async function registerApi(app: FastifyInstance, parts: TApiParts): Promise<void> {
  const { limit, tokens, clients } = parts;
  await app.register(healthRoutes, { database: parts.database, broker: parts.broker });
  await app.register(runtimeConfigRoutes, { runtimeConfig: parts.runtimeConfig });
  await app.register(oauthRoutes, {
    limit,
    signIn: parts.signIn,
    keys: parts.keys,
    clients,
    issuer: parts.issuer,
    signInThrottle: parts.signInThrottle,
  });
  await app.register(registrationRoutes, {
    prefix: '/api/v2/account',
    limit,
    registration: parts.registration,
    codeLimiter: new AttemptLimiter(10, 15 * 60_000),
    mailLimiter: new AttemptLimiter(5, 15 * 60_000),
  });
  await app.register(unsubscribeRoutes, { unsubscribe: parts.unsubscribe, limit });
  await app.register(haccpKeyRoutes, { chain: parts.haccpChain });
  await app.register(inspectionRoutes, { inspectorLinks: parts.inspectorLinks, limit });
  app.decorateRequest('user', null as never);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(accountRoutes, {
        profiles: parts.profiles,
        users: parts.userAdministration,
        registration: parts.registration,
        companies: parts.companies,
        limit,
      });
      await scope.register(companyRoutes, { companies: parts.companies });
    },
    { prefix: '/api/v1/account' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(applianceRoutes, { appliances: parts.appliances, limit });
      await scope.register(productImportRoutes, { productImport: parts.productImport });
      await scope.register(productAdminRoutes, { products: parts.productAdministration });
      await scope.register(applianceDocumentRoutes, { documents: parts.documents });
      await scope.register(deadLetterRoutes, { deadLetters: parts.deadLetters });
      await scope.register(defaultParameterRoutes, { defaults: parts.defaultParameters });
      await scope.register(boardReplacementRoutes, { boards: parts.boards, limit });
    },
    { prefix: '/api/v1/appliance' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(eventHubRoutes, { devices: parts.devices });
      await scope.register(haccpRoutes, { haccp: parts.haccp });
      await scope.register(haccpChainRoutes, { chain: parts.haccpChain });
      await scope.register(inspectorLinkRoutes, { inspectorLinks: parts.inspectorLinks });
      await scope.register(temperatureHistoryRoutes, { temperatureHistory: parts.temperatureHistory });
      await scope.register(alarmRoutes, { alarms: parts.alarms });
      await scope.register(thresholdRoutes, { thresholds: parts.thresholds });
    },
    { prefix: '/api/v1/event-hub-listener' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(jobRoutes, { jobs: parts.jobs });
    },
    { prefix: '/api/v1/jobs' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(servicePinRoutes, { pins: parts.servicePins });
    },
    { prefix: '/api/v1/service' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(localLinkRoutes, { link: parts.localLink, limit });
    },
    { prefix: '/api/v1/local-link' },
  );
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, clients));
      await scope.register(auditRoutes, { audit: parts.audit });
      await scope.register(notificationRoutes, { notifications: parts.notifications });
      await scope.register(customerRoutes, { customers: parts.customers });
      await scope.register(settingsProfileRoutes, { profiles: parts.settingsProfiles });
    },
    { prefix: '/api/v1' },
  );
  // In its own scope: the plugin's hooks then run only for the push channel, not for every call.
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    await scope.register(liveRoutes, { hub: parts.live, tokens, clients });
  });
  if (parts.mailbox) await app.register(mailboxRoutes, { mail: parts.mailbox });
}
