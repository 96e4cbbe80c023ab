import {
  ZClaimingCode,
  ZCommandResult,
  ZDeviceAlarm,
  ZDeviceInfo,
  ZDeviceMessageError,
  ZDeviceStats,
  ZDeviceStatus,
  ZFotaStatus,
  ZHaccpEvent,
  ZParameterSet,
  ZTelemetry,
  ZVersions,
  parseDeviceTopic,
  type TDeviceTopic,
} from '@washboard/contracts';

/** The payload schema of each device topic (contracts `protocol.schema.ts`). */
const SCHEMAS = {
  status: ZDeviceStatus,
  telemetry: ZTelemetry,
  event: ZHaccpEvent,
  alarm: ZDeviceAlarm,
  fota: ZFotaStatus,
  versions: ZVersions,
  params: ZParameterSet,
  stats: ZDeviceStats,
  'claiming-code': ZClaimingCode,
  'cmd/result': ZCommandResult,
  info: ZDeviceInfo,
} as const satisfies Record<TDeviceTopic, unknown>;

export type TProtocolProblem = { topic: string; problem: string };

/**
 * Checks one message a device sent against the protocol: a known topic under `wb/v1/{serial}/`
 * and a payload its schema accepts. Null when it is right, else what is wrong. For tests of the
 * simulator and of anything that consumes it. A wildcard subscriber also sees the cloud's `error`
 * answers: those are checked against their own schema.
 */
export function checkDeviceMessage(topic: string, payload: Buffer | string | unknown): TProtocolProblem | null {
  const parsedTopic = parseDeviceTopic(topic);
  if (!parsedTopic || parsedTopic.topic === 'cmd') return { topic, problem: 'not a device topic' };
  const schema = parsedTopic.topic === 'error' ? ZDeviceMessageError : SCHEMAS[parsedTopic.topic];
  let data: unknown = payload;
  if (Buffer.isBuffer(payload) || typeof payload === 'string') {
    try {
      data = JSON.parse(payload.toString());
    } catch {
      return { topic, problem: 'payload is not JSON' };
    }
  }
  const result = schema.safeParse(data);
  return result.success ? null : { topic, problem: result.error.message };
}
