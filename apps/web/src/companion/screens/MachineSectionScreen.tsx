import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TApplianceDetail } from '@washboard/contracts';
import { QueryBoundary } from '../../modules/api/QueryBoundary';
import { AlarmRegister } from '../../modules/devices/components/details/AlarmRegister';
import { DetailsTab } from '../../modules/devices/components/details/DetailsTab';
import { DocumentsTab } from '../../modules/devices/components/details/DocumentsTab';
import { FirmwareUpdate } from '../../modules/devices/components/details/FirmwareTab';
import { StatisticsTab } from '../../modules/devices/components/details/StatisticsTab';
import { useApplianceDetail } from '../../modules/devices/hooks/use-devices';
import { StatusPage } from '../../pages/StatusPage';
import { PageHeader } from '../../ui/PageHeader';
import { StaleMarker } from '../offline/StaleMarker';

/** The sections that are one of the dashboard's device-details tabs, each on a screen of its own. */
const SECTIONS = {
  alarms: { label: 'alarms', body: (a: TApplianceDetail) => <AlarmRegister serialNumber={a.serialNumber} /> },
  documents: { label: 'documents', body: (a: TApplianceDetail) => <DocumentsTab appliance={a} /> },
  statistics: { label: 'statistics', body: (a: TApplianceDetail) => <StatisticsTab appliance={a} /> },
  info: { label: 'machineInfo', body: (a: TApplianceDetail) => <DetailsTab appliance={a} /> },
  firmware: { label: 'firmware', body: (a: TApplianceDetail) => <FirmwareUpdate appliance={a} /> },
} as const satisfies Record<string, { label: string; body: (a: TApplianceDetail) => ReactNode }>;

/** One section of a machine (alarms, documents, statistics, machine information, firmware update). */
export function MachineSectionScreen({ section }: { section: keyof typeof SECTIONS }) {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const detail = useApplianceDetail(serialNumber);
  const { label, body } = SECTIONS[section];
  return (
    <>
      <PageHeader title={t(`mobile.machine.${label}`)} />
      <StaleMarker updatedAt={detail.dataUpdatedAt} error={detail.error} />
      <QueryBoundary query={detail} notFound={<StatusPage screen="notFound" />}>
        {(appliance) => body(appliance)}
      </QueryBoundary>
    </>
  );
}
