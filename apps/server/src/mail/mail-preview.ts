import { hygieneRuleFor, type TBrandCode, type TLanguage, displayUnits } from '@washboard/contracts';
import { translate } from '../i18n/translate';
import { renderAlarmMail, type TAlarmMailItem } from '../notifications/alarm-mail-template';
import { renderThresholdMail, type TThresholdMailItem } from '../notifications/threshold-mail-template';
import { renderWeeklyReportMail } from '../notifications/weekly-report-template';
import type { TMachineWeek } from '../notifications/weekly-report-figures';
import { renderMail, type TMailKind, type TRenderedMail } from './mail-templates';
import { appLink, machineLink, type TLinkBase } from '../http/app-link';

const ACCOUNT_KINDS = [
  'verificationCode',
  'passwordReset',
  'servicePinReset',
  'accountApproved',
  'accountRejected',
  'pendingApproval',
  'approvalRequested',
  'emailTaken',
  'alarmReminder',
  'alarmEscalation',
] as const satisfies readonly TMailKind[];

/** Every kind of mail the server writes, as the demo's preview lists them. */
export const PREVIEW_KINDS = [...ACCOUNT_KINDS, 'alarm', 'alarmDigest', 'threshold', 'thresholdDigest', 'weeklyReport'] as const;
export type TPreviewKind = (typeof PREVIEW_KINDS)[number];

const FIRST_NAME = 'Ada';

/** Where each account mail's link leads, as the services write it (a preview token where the real one has a secret). */
const ACCOUNT_PATHS: Partial<Record<TPreviewKind, string>> = {
  passwordReset: '/changepassword?token=preview&email=ada%40kitchen.example',
  servicePinReset: '/app/service/pin-reset?token=preview',
  approvalRequested: '/pendingusers',
};

/**
 * A mail of `kind` in `lang` and `brand`, written from sample data through the same render function
 * the server sends it with (docs/notifications.md, "Preview in demo mode"). Its links point at
 * PUBLIC_URL in the brand's way; its unsubscribe link carries no valid token, so following it changes nothing.
 */
export function previewMail(kind: TPreviewKind, lang: TLanguage, brand: TBrandCode, links: TLinkBase): TRenderedMail {
  const device = (serial: string) => machineLink(links, brand, serial);
  // As the real one (UnsubscribeService): the page takes its brand from the token, not the address.
  const unsubscribeUrl = new URL('/api/v1/unsubscribe?token=preview', links.publicUrl).toString();
  const person = { brand, lang, firstName: FIRST_NAME };
  const alarm = (serialNumber: string, machineName: string, errorCode: string, openings = 1): TAlarmMailItem => ({
    serialNumber,
    machineName,
    errorCode,
    openings,
    link: device(serialNumber),
  });
  const notice = (item: Omit<TThresholdMailItem, 'link'>): TThresholdMailItem => ({ ...item, link: device(item.serialNumber) });
  switch (kind) {
    case 'alarm':
      return renderAlarmMail({
        ...person,
        items: [alarm('WB2401001', 'Dishwasher Alpha', 'OH01', 3)],
        unsubscribeUrl,
        preferenceLabel: translate(lang, 'profile.alarmNotifications'),
      });
    case 'alarmDigest':
      return renderAlarmMail({
        ...person,
        items: [
          alarm('WB2401001', 'Dishwasher Alpha', 'OH01'),
          alarm('WB2401002', 'Glasswasher Bar', 'W03'),
          alarm('WB2401003', 'Hood Kitchen', 'OH01', 2),
        ],
        unsubscribeUrl,
        preferenceLabel: translate(lang, 'profile.alarmNotifications'),
      });
    case 'threshold':
      return renderThresholdMail({
        ...person,
        items: [notice({ serialNumber: 'WB2401001', machineName: 'Dishwasher Alpha', condition: 'hygieneFailed', values: {} })],
        unsubscribeUrl,
      });
    case 'thresholdDigest':
      return renderThresholdMail({
        ...person,
        items: [
          notice({ serialNumber: 'WB2401001', machineName: 'Dishwasher Alpha', condition: 'offline', values: { minutes: 45 } }),
          notice({
            serialNumber: 'WB2401002',
            machineName: 'Glasswasher Bar',
            condition: 'waterHigh',
            values: { perCycle: 4.2, ratio: 1.6, mean: 2.6 },
          }),
          notice({
            serialNumber: 'WB2401003',
            machineName: 'Hood Kitchen',
            condition: 'maintenanceDue',
            values: { cycles: 12, threshold: 20 },
          }),
        ],
        unsubscribeUrl,
      });
    case 'weeklyReport':
      return renderWeeklyReportMail(
        {
          ...person,
          timeZone: 'Europe/Rome',
          start: new Date('2026-11-15T23:00:00Z'),
          end: new Date('2026-11-22T23:00:00Z'),
          machines: SAMPLE_WEEK,
          link: device,
        },
        { unsubscribeUrl, preferenceLabel: translate(lang, 'profile.weeklyReport') },
      );
    default:
      return renderMail(kind, {
        ...person,
        code: '4827',
        link: appLink(links, brand, ACCOUNT_PATHS[kind] ?? '/login'),
        applicant: 'Grace Hopper (grace@kitchen.example)',
        company: 'Trattoria Da Marco',
        machine: 'Dishwasher Alpha (WB2401001)',
        alarm: 'OH01',
        ...(kind === 'alarmReminder' || kind === 'alarmEscalation'
          ? {
              link: device('WB2401001'),
              unsubscribe: { url: unsubscribeUrl, preferenceLabel: translate(lang, 'profile.alarmNotifications') },
            }
          : {}),
      });
  }
}

const quiet = {
  cycles: 0,
  judged: 0,
  passed: 0,
  failing: [],
  alarmsOpened: 0,
  alarmCodes: [],
  alarmsOpen: 0,
  chemicals: { week: null, previous: null },
  offlineHours: 0,
};

/** A week of three machines: one with failing cycles and an open alarm, one fine, one with nothing to report. */
const SAMPLE_WEEK: TMachineWeek[] = [
  {
    serialNumber: 'WB2401001',
    name: 'Dishwasher Alpha',
    cycles: 212,
    judged: 208,
    passed: 206,
    failing: [
      {
        start: new Date('2026-11-18T11:42:00Z'),
        cycleName: 'dishes',
        cycleNumber: 4711,
        failures: ['rinse'],
        washTmp: 612,
        rinseTmp: 790,
      },
      {
        start: new Date('2026-11-20T19:05:00Z'),
        cycleName: 'intensive',
        cycleNumber: 4790,
        failures: ['notCompleted'],
        washTmp: null,
        rinseTmp: null,
      },
    ],
    rule: hygieneRuleFor('undercounter'),
    alarmsOpened: 2,
    alarmCodes: ['W03', 'OH01'],
    alarmsOpen: 1,
    units: displayUnits('metric'),
    water: { week: 612.5, previous: 580 },
    energy: { week: 148.2, previous: 151 },
    chemicals: { week: { detergent: 1.06, rinseAid: 0.126 }, previous: { detergent: 0.98, rinseAid: 0.118 } },
    offlineHours: 0,
    quiet: false,
  },
  {
    serialNumber: 'WB2401002',
    name: 'Glasswasher Bar',
    cycles: 96,
    judged: 96,
    passed: 96,
    failing: [],
    rule: hygieneRuleFor('undercounter'),
    alarmsOpened: 0,
    alarmCodes: [],
    alarmsOpen: 0,
    // A machine that displays °F and gallons: the report tells its figures so.
    units: displayUnits('imperial'),
    water: { week: 240, previous: null },
    energy: { week: 52.4, previous: null },
    chemicals: { week: { detergent: 0.48, rinseAid: 0.057 }, previous: null },
    offlineHours: 5.5,
    quiet: false,
  },
  {
    ...quiet,
    serialNumber: 'WB2401003',
    name: 'Hood Kitchen',
    rule: hygieneRuleFor('hood'),
    units: displayUnits('metric'),
    water: { week: 0, previous: 0 },
    energy: { week: 0, previous: 0 },
    quiet: true,
  },
];
