import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeviceOverview } from '../modules/devices/components/DeviceOverview';
import { PageHeader } from '../ui/PageHeader';
import { StatusPage } from './StatusPage';

/** Device details (/device/{serialNumber}). */
export function DevicePage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={t('device.title', { serialNumber })} />
      <DeviceOverview serialNumber={serialNumber} notFound={<StatusPage screen="notFound" />} />
    </>
  );
}
