import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BRANDS, formatDate, type TApplianceDetail } from '@washboard/contracts';
import { useRangeName } from '../../../runtime/runtime-context';
import { Field } from './Field';
import { MachineInfo, PanelLockNotice } from './MachineInfo';
import { useLanguage } from '../../../i18n/i18n';
import { browserTimeZone } from '../../../../ui/browser-time-zone';
import { telHref } from '../../../../ui/tel-href';
import { useMailAppCheck } from '../../../../ui/use-mail-app-check';

const COUNTRIES = ['IT', 'FR', 'DE', 'ES', 'GB'] as const;
const TYPES = ['undercounter', 'hood', 'rack'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="md">
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Every appliance field of device-areas §3, the technical assistance contacts and the machine information. */
export function DetailsTab({ appliance: a }: { appliance: TApplianceDetail }) {
  const { t } = useTranslation();
  const checkMailApp = useMailAppCheck();
  const rangeName = useRangeName();
  const lang = useLanguage();
  const country = COUNTRIES.find((c) => c === a.country);
  const type = TYPES.find((x) => x === a.type);
  const { assistance } = a;
  return (
    <Stack gap="md">
      <PanelLockNotice appliance={a} />
      <Section title={t('device.sections.details')}>
        <Field label={t('device.fields.applianceName')} value={a.applianceName} testId="detail-applianceName" />
        <Field label={t('device.fields.serialNumber')} value={a.serialNumber} />
        <Field label={t('device.fields.modelNumber')} value={a.modelNumber} testId="detail-modelNumber" />
        <Field label={t('device.fields.revision')} value={a.revision} />
        <Field label={t('device.fields.brand')} value={BRANDS[a.brand].title} testId="detail-brand" />
        <Field label={t('device.fields.type')} value={type ? t(`device.types.${type}`) : a.type} />
        <Field label={t('device.fields.gamma')} value={rangeName(a.gamma)} />
        <Field label={t('device.fields.country')} value={country ? t(`countries.${country}`) : a.country} />
        <Field
          label={t('device.fields.installationDate')}
          value={
            a.installationDate
              ? // The machine's own installation is dated in the zone it was installed with, as its information says it.
                formatDate(a.installationDate, 'short', lang, a.info?.installation?.timeZone ?? browserTimeZone())
              : null
          }
        />
        <Field label={t('device.fields.fw00')} value={a.fw00} testId="detail-fw00" />
        <Field label={t('device.fields.fw02')} value={a.fw02} />
        <Field label={t('device.fields.company')} value={a.companyName ?? a.companyCode} />
      </Section>
      <Section title={t('device.assistance.title')}>
        <Field label={t('device.assistance.acv')} value={assistance.acv} />
        <Field label={t('device.assistance.acpd')} value={assistance.acpd} />
        <Field
          label={t('device.assistance.phone')}
          value={assistance.phone && <Anchor href={telHref(assistance.phone)}>{assistance.phone}</Anchor>}
        />
        <Field
          label={t('device.assistance.email')}
          value={
            assistance.email && (
              <Anchor href={`mailto:${assistance.email}`} onClick={checkMailApp}>
                {assistance.email}
              </Anchor>
            )
          }
        />
        <Field
          label={t('device.assistance.website')}
          value={
            assistance.website && (
              <Anchor
                href={/^https?:\/\//.test(assistance.website) ? assistance.website : `https://${assistance.website}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {assistance.website}
              </Anchor>
            )
          }
        />
      </Section>
      <MachineInfo appliance={a} />
    </Stack>
  );
}
