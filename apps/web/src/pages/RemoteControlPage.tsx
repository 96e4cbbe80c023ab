import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RemoteControlPanel } from '../modules/remote-control/components/RemoteControlPanel';
import { PageHeader } from '../ui/PageHeader';
import { StatusPage } from './StatusPage';

/** /device/{serialNumber}/remote-control. */
export function RemoteControlPage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={`${t('layout.breadcrumbs.remoteControl')} · ${serialNumber}`} />
      {/* Keyed by machine: the safety warning is confirmed again for every machine and every visit. */}
      <RemoteControlPanel key={serialNumber} serialNumber={serialNumber} notFound={<StatusPage screen="notFound" />} />
    </>
  );
}
