import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { EmptyState } from '../ui/EmptyState';

/** Dashboard and device list (/, /devices). The machines arrive with the device link. */
export function DevicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('devices.title')} />
      <EmptyState message={t('devices.empty')} />
    </>
  );
}
