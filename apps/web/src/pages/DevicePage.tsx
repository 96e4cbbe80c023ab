import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';

/** Device details (/device/{serialNumber}). */
export function DevicePage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return <PageHeader title={t('device.title', { serialNumber })} />;
}
