// The simulator as a library: the server's demo fleet and tests import it in-process.
export { VirtualDishwasher, type TVirtualDishwasherOptions } from './virtual-dishwasher';
export { Fleet, type TFleetOptions, type TFleetMember, type TConnectReport } from './fleet';
export {
  DishwasherModel,
  DEFAULT_ACTIVITY,
  QUIET_ACTIVITY,
  type TActivity,
  type TCycleView,
  type TDishwasherModelOptions,
  type TPanelRefusal,
} from './dishwasher.model';
export { MAINTENANCE_INTERVAL } from './counters';
export { heatingCondition, type THeatingCondition } from './machine-condition';
export { KITCHEN_DAY } from './kitchen-day';
export { KITCHEN_ACTIVITY, machineHistory, type TMachineHistory, type TMachineHistoryOptions } from './history';
export { historyTelemetry, type THistoryReading, type THistoryTelemetryOptions } from './history-telemetry';
export { DELIVERY, type TDeviceMessage, type TDelivery } from './device-message';
export type { TMqttOptions } from './device-link';
export { MACHINE_PROFILES, machineTypeFor, type TMachineProfile, type TMachineType } from './machine-profile';
export { cyclePlan, planSeconds, type TPhase, type TPhaseKind } from './cycle-plan';
export { type TCycleSettings, type TMachineSettings, type TParameterValues } from './catalogue';
export { parseCredentials, readCredentials } from './credentials';
export { checkDeviceMessage, type TProtocolProblem } from './protocol-check';
export { LocalLinkEndpoint, type TLocalLinkEndpointOptions } from './local-link-endpoint';
export { RecordLog } from './record-log';
