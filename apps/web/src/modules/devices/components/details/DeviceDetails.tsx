import { Suspense } from 'react';
import { Badge, Tabs } from '@mantine/core';
import { IconBell, IconBellCog, IconChartLine, IconCpu, IconFileText, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canEditThresholds, DASHBOARD_DOCUMENT_TYPES } from '@washboard/contracts';
import { useUserData } from '../../../session/session-store';
import { useApplianceDetail } from '../../hooks/use-devices';
import { AlarmRegister } from './AlarmRegister';
import { DetailsTab } from './DetailsTab';
import { DocumentsTab } from './DocumentsTab';
import { FirmwareTab, useFirmwareCompletionDialog } from './FirmwareTab';
import { StatisticsTab } from './StatisticsTab';
import { ThresholdSettings } from './ThresholdSettings';
import { Loading } from '../../../../ui/Loading';

/**
 * The sections of the device details page below the live state: details, statistics, alarm
 * register, documents, firmware update. Nothing until the machine's details are loaded (the
 * overview above shows the loader, or the not-found screen).
 */
export function DeviceDetails({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const detail = useApplianceDetail(serialNumber);
  const user = useUserData();
  // The threshold settings: for the machine's service and the brand's administrators only.
  const thresholds = user !== null && canEditThresholds(user);
  useFirmwareCompletionDialog(detail.data?.fota ?? null);
  const appliance = detail.data;
  if (!appliance) return null;
  const updating = appliance.fota?.inProg === true;
  return (
    <Tabs defaultValue="details" keepMounted={false} mt="lg">
      <Tabs.List mb="md">
        <Tabs.Tab value="details" leftSection={<IconInfoCircle size={16} aria-hidden />}>
          {t('device.sections.details')}
        </Tabs.Tab>
        <Tabs.Tab value="statistics" leftSection={<IconChartLine size={16} aria-hidden />}>
          {t('device.sections.statistics')}
        </Tabs.Tab>
        <Tabs.Tab value="alarms" leftSection={<IconBell size={16} aria-hidden />}>
          {t('alarmRegister.title')}
        </Tabs.Tab>
        <Tabs.Tab value="documents" leftSection={<IconFileText size={16} aria-hidden />}>
          {t('device.sections.documents')}
        </Tabs.Tab>
        <Tabs.Tab
          value="firmware"
          leftSection={<IconCpu size={16} aria-hidden />}
          rightSection={updating ? <Badge size="xs">{`${appliance.fota?.perc ?? 0}%`}</Badge> : undefined}
        >
          {t('device.sections.firmware')}
        </Tabs.Tab>
        {thresholds && (
          <Tabs.Tab value="thresholds" leftSection={<IconBellCog size={16} aria-hidden />}>
            {t('thresholds.title')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="details">
        <DetailsTab appliance={appliance} />
      </Tabs.Panel>
      <Tabs.Panel value="statistics">
        <StatisticsTab appliance={appliance} />
      </Tabs.Panel>
      <Tabs.Panel value="alarms">
        <Suspense fallback={<Loading py="lg" />}>
          <AlarmRegister serialNumber={serialNumber} />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="documents">
        <DocumentsTab appliance={appliance} types={DASHBOARD_DOCUMENT_TYPES} />
      </Tabs.Panel>
      <Tabs.Panel value="firmware">
        <FirmwareTab appliance={appliance} />
      </Tabs.Panel>
      {thresholds && (
        <Tabs.Panel value="thresholds">
          <ThresholdSettings serialNumber={serialNumber} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
