import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeviceOverview } from '../modules/devices/components/DeviceOverview';
import { DeviceActions } from '../modules/devices/components/details/DeviceActions';
import { DeviceAreaLinks } from '../modules/devices/components/details/DeviceAreaLinks';
import { DeviceDetails } from '../modules/devices/components/details/DeviceDetails';
import { TemperatureHistory } from '../modules/devices/components/details/TemperatureHistory';
import { PageHeader } from '../ui/PageHeader';
import { StatusPage } from './StatusPage';

/** Device details (/device/{serialNumber}): identity and live state, then the details sections. */
export function DevicePage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={t('device.title', { serialNumber })}>
        <DeviceActions serialNumber={serialNumber} />
      </PageHeader>
      <DeviceOverview serialNumber={serialNumber} notFound={<StatusPage screen="notFound" />} />
      <DeviceAreaLinks serialNumber={serialNumber} />
      <TemperatureHistory serialNumber={serialNumber} />
      <DeviceDetails serialNumber={serialNumber} />
    </>
  );
}
