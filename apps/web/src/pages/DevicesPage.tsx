import { useTranslation } from 'react-i18next';
import { DeviceList } from '../modules/devices/components/DeviceList';
import { PageHeader } from '../ui/PageHeader';

/** Dashboard and device list (/, /devices). */
export function DevicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('devices.title')} />
      <DeviceList />
    </>
  );
}
