import { createPrivateKey, type JsonWebKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { BRAND_CODES, ZBrandCode, type TBrandCode } from '@washboard/contracts';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const url = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.test(new URL(v).protocol);
      } catch {
        return false;
      }
    }, hint)
    .optional();
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/**
 * `client:key,client:key` pairs; the key identifies a client application (web, mobile) in
 * `X-Subscription-Key`.
 */
const subscriptionKeys = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const entries = v.split(',').map((pair) => pair.trim().split(':'));
    if (entries.some((e) => e.length !== 2 || !e[0] || !e[1])) {
      ctx.addIssue({ code: 'custom', message: 'expected client:key pairs separated by commas' });
      return z.NEVER;
    }
    return Object.fromEntries(entries) as Record<string, string>;
  });

/** `host=BRAND,host=BRAND`: which brand a host name serves. */
const brandHosts = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const mapping: Record<string, TBrandCode> = {};
    for (const pair of (v ?? '').split(',').filter(Boolean)) {
      const [host, brand] = pair.trim().split('=');
      const parsed = ZBrandCode.safeParse(brand?.toUpperCase());
      if (!host || !parsed.success) {
        ctx.addIssue({ code: 'custom', message: `expected host=BRAND pairs, BRAND one of ${BRAND_CODES.join(', ')}` });
        return z.NEVER;
      }
      mapping[host.toLowerCase()] = parsed.data;
    }
    return mapping;
  });

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in `X-Forwarded-For`: off (the socket's address is the
 * client's), a number of proxy hops, or the proxies' addresses, CIDRs and range names.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string => {
    const value = (v ?? '').trim().toLowerCase();
    if (value === '' || ['0', 'false', 'off', 'no'].includes(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else {
      const entries = value.split(',').map((e) => e.trim());
      if (entries.every(isProxyAddress)) return entries.join(',');
    }
    ctx.addIssue({
      code: 'custom',
      message: 'expected off, a hop count (1-10) or proxy addresses/CIDRs separated by commas (e.g. 10.0.0.0/8,loopback)',
    });
    return z.NEVER;
  });

/** A private EC P-256 key as PKCS#8 PEM or as a JWK: what signs tokens (ES256). */
function isP256PrivateKey(text: string): boolean {
  try {
    const trimmed = text.trim();
    const key = trimmed.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(trimmed) as JsonWebKey, format: 'jwk' })
      : createPrivateKey(trimmed);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}
const signingKey = z.string().refine(isP256PrivateKey, 'must be a private EC P-256 key (PKCS#8 PEM or JWK)').optional();

/** Whether `text` is a private Ed25519 key in PKCS#8 PEM (the HACCP close-out key). */
function isEd25519PrivateKey(text: string): boolean {
  try {
    return createPrivateKey(text.trim()).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
const haccpKey = z.string().refine(isEd25519PrivateKey, 'must be a private Ed25519 key (PKCS#8 PEM)').optional();

const ZEnv = z
  .object({
    /** `production` makes this a deployment: no demo unless DEMO=1 says so. */
    NODE_ENV: z.string().optional(),
    /** HTTP port of the dashboard and API; left unset, a taken 8080 moves the start to the next free port. */
    PORT: port(8080),
    /** Interface to listen on. */
    HOST: z.string().default('0.0.0.0'),
    /** Where the embedded database (PGlite) keeps its files when DATABASE_URL is unset; `memory://` keeps none. */
    DATA_DIR: z.string().default('./data'),
    /** PostgreSQL server to use instead of the embedded database. */
    DATABASE_URL: url(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
    /**
     * Port of the embedded MQTT broker (aedes) when MQTT_URL is unset; left unset, a taken 1883 (a
     * Mosquitto already running) moves the broker to the next free port.
     */
    MQTT_PORT: port(1883),
    /** External MQTT broker (Mosquitto, EMQX, HiveMQ…) to use instead of the embedded one. */
    MQTT_URL: url(/^(mqtt|mqtts|ws|wss|tcp):$/, 'must be an mqtt://, mqtts://, ws:// or wss:// URL'),
    /** Seconds a machine has to answer a command before the caller gets "not answering". */
    COMMAND_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
    /**
     * Persistent subscriber connections to an external broker (one shared-subscription group). One
     * keeps each machine's messages in order; more spread them over connections (docs/configuration.md).
     */
    MQTT_INGEST_CONNECTIONS: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * The largest message a device may send, in bytes (the MQTT packet after its fixed header: topic,
     * packet id and payload). The embedded broker drops the connection of a device that announces a
     * larger packet, before reading it; the gateway refuses larger payloads from any broker.
     */
    /**
     * The keep-alive devices are told to use, in seconds (docs/device-protocol.md). A machine that has
     * sent nothing (no message; with the embedded broker, no PINGREQ either) for 1.5 × this is shown
     * offline, whatever the broker: a connection can die without its last will.
     */
    DEVICE_KEEPALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    MQTT_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(268_435_455).default(262_144),
    /**
     * Days of raw telemetry kept (docs/retention.md): older daily partitions are dropped whole. At
     * least 2, so yesterday's partition is never dropped while a late machine may still write it.
     */
    TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(2, 'must be at least 2').max(36_500).default(90),
    /**
     * Years HACCP records (cycles, parameter changes) and closed alarms are kept at least; then
     * deleted. Never below 2: the record-keeping rule of 21 CFR 117.315 (docs/retention.md).
     */
    HACCP_RETENTION_YEARS: z.coerce
      .number()
      .int()
      .min(2, 'must be at least 2 (21 CFR 117.315 keeps records two years)')
      .max(100)
      .default(2),
    /** Redis for fan-out of push events between server instances. */
    REDIS_URL: url(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
    /** SMTP server for mail; without it mail goes to the outbox table. */
    SMTP_URL: url(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
    /** Sender address of the mails. */
    MAIL_FROM: z.email('must be an e-mail address').default('no-reply@washboard.local'),
    /**
     * How long alarm openings are collected per user before one mail tells of them all (a burst
     * across many machines becomes one digest); docs/notifications.md. Default 30 s.
     */
    ALARM_MAIL_DIGEST_SECONDS: z.coerce.number().positive().max(600).default(30),
    /**
     * An alarm that opens again on the same machine with the same code less than this after the last
     * one closed (or while it is still open) is not mailed again; it counts as flapping. Default 1 h.
     */
    ALARM_MAIL_REOPEN_SECONDS: z.coerce.number().positive().max(86_400).default(3600),
    /**
     * Seconds a high-severity alarm may stay open and unacknowledged before the people who see its
     * machine are reminded (docs/alarms.md); default 30 minutes.
     */
    ALARM_REMINDER_SECONDS: z.coerce
      .number()
      .min(0.1)
      .max(7 * 86_400)
      .default(1800),
    /**
     * Seconds after the reminder, the alarm still unacknowledged, before the managers of the service
     * company serving the machine are told (docs/alarms.md); default 30 minutes more.
     */
    ALARM_ESCALATION_SECONDS: z.coerce
      .number()
      .min(0.1)
      .max(7 * 86_400)
      .default(1800),
    /** Address users reach the dashboard at; used in links sent by e-mail. */
    PUBLIC_URL: url(/^https?:$/, 'must be an http:// or https:// URL'),
    /** With ADMIN_PASSWORD: an administrator created at start for each brand if none with this e-mail exists. */
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    /** Password of the first administrator (at least 8 characters with lower case, upper case and a digit). */
    ADMIN_PASSWORD: z
      .string()
      .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, 'needs at least 8 characters with lower case, upper case and a digit')
      .optional(),
    /**
     * 1: seed demo accounts, a virtual fleet and /dev/mailbox; 0: never; unset: on an empty database.
     * Never in a deployment (ADMIN_EMAIL set or NODE_ENV=production): there 1 refuses to start.
     */
    DEMO: flag,
    /** Days of history the demo seeds per machine on a new database (0: none; the live machines still run). */
    DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(90).default(30),
    /** Proxies whose X-Forwarded-For is believed (rate limits, logs); off by default. */
    TRUST_PROXY: trustProxy,
    /** Client applications and their subscription keys; generated for the web app when unset. */
    SUBSCRIPTION_KEYS: subscriptionKeys,
    /** Host name → brand mapping, e.g. `dash.kestrel.example=KESTREL`. */
    BRAND_HOSTS: brandHosts,
    /** Brand of hosts the mapping does not name. */
    DEFAULT_BRAND: ZBrandCode.default('LUMINA'),
    /** External spare-parts portal linked from the sign-in screen. */
    SPARE_PARTS_URL: z.url().default('https://parts.example.com/'),
    /** Directory of the built web app; empty to serve the API only. */
    WEB_DIST: z.string().optional(),
    /** Multiplies every per-address rate limit (tests and load runs raise it; 1 in production). */
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /** The private EC P-256 key (PKCS#8 PEM or JWK) that signs tokens; a secret (docs/operations.md). */
    TOKEN_SIGNING_KEY: signingKey,
    /** A file holding that key, instead of TOKEN_SIGNING_KEY. */
    TOKEN_SIGNING_KEY_FILE: z.string().optional(),
    /** The key being rotated out: published in JWKS and verifying its tokens until they expire. */
    TOKEN_PREVIOUS_SIGNING_KEY: signingKey,
    TOKEN_PREVIOUS_SIGNING_KEY_FILE: z.string().optional(),
    /** The private Ed25519 key (PKCS#8 PEM) that signs the HACCP close-outs; a secret (docs/hygiene.md). */
    HACCP_SIGNING_KEY: haccpKey,
    /** A file holding that key, instead of HACCP_SIGNING_KEY. */
    HACCP_SIGNING_KEY_FILE: z.string().optional(),
    /** A rotated-out close-out key: its public key stays published so its signatures still verify. */
    HACCP_PREVIOUS_SIGNING_KEY: haccpKey,
    /** Lifetime of access tokens in seconds: ten minutes at most, so a revocation list stays short. */
    ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(2).max(600).default(600),
    /**
     * Base of the per-account slow-down of sign-in attempts (docs/security.md): the spacing doubles
     * from it after five attempts on an account. Tests lower it.
     */
    SIGN_IN_DELAY_MS: z.coerce.number().int().min(1).max(10_000).default(500),
    /** Bearer token of the Prometheus scraper: GET /metrics on the public port (docs/operations.md). */
    METRICS_TOKEN: z.string().min(16, 'needs at least 16 characters').optional(),
    /** A management port serving GET /metrics without a token (on METRICS_HOST). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Interface of the management port: loopback unless the scraper is elsewhere. */
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** pino log level. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seconds to let in-flight requests finish on shutdown before closing anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.REDIS_URL && !env.TOKEN_SIGNING_KEY && !env.TOKEN_SIGNING_KEY_FILE) {
      // Each instance would generate a key of its own and refuse the others' tokens.
      ctx.addIssue({
        code: 'custom',
        path: ['TOKEN_SIGNING_KEY'],
        message: 'several instances (REDIS_URL) must share one signing key: set TOKEN_SIGNING_KEY or TOKEN_SIGNING_KEY_FILE',
      });
    }
    if (env.REDIS_URL && !env.HACCP_SIGNING_KEY && !env.HACCP_SIGNING_KEY_FILE) {
      // Each instance would generate a key of its own; the close-outs one signed would not verify on another.
      ctx.addIssue({
        code: 'custom',
        path: ['HACCP_SIGNING_KEY'],
        message:
          'several instances (REDIS_URL) must share one HACCP signing key: set HACCP_SIGNING_KEY or HACCP_SIGNING_KEY_FILE',
      });
    }
    if (env.DEMO === true && env.ADMIN_EMAIL) {
      // Demo mode serves every mail (reset links included) at /dev/mailbox: never next to a real administrator.
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message: 'demo mode cannot run alongside ADMIN_EMAIL (a deployment): unset DEMO or ADMIN_EMAIL',
      });
    } else if (env.DEMO === true && env.NODE_ENV === 'production') {
      // Nor in production: behind a reverse proxy on the same host (nginx's defaults add no forwarding
      // header) every visitor looks local to the mailbox's check.
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO'],
        message: 'demo mode cannot run with NODE_ENV=production (a deployment): unset DEMO or NODE_ENV',
      });
    }
  });

export type TConfig = Omit<z.infer<typeof ZEnv>, 'DATA_DIR'> & {
  DATA_DIR: string;
  /**
   * Which ports were left at their defaults. Such a port, when taken, gives way to the next free one
   * (Vite's habit); a port set explicitly is what the operator wants, so a taken one stops the start.
   */
  defaultPorts: { http: boolean; mqtt: boolean };
};

/** A deployment (an administrator configured, or NODE_ENV=production) never runs the demo: DEMO=1 refuses to start there. */
export function isDeployment(config: Pick<TConfig, 'ADMIN_EMAIL' | 'NODE_ENV'>): boolean {
  return Boolean(config.ADMIN_EMAIL) || config.NODE_ENV === 'production';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined>): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const value = cleaned[name];
        const shown = value === undefined || /PASSWORD|KEY|SECRET|URL/.test(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const dataDir = result.data.DATA_DIR;
  return {
    ...result.data,
    DATA_DIR: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
    defaultPorts: { http: cleaned.PORT === undefined, mqtt: cleaned.MQTT_PORT === undefined },
  };
}
