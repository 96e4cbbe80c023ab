import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HaccpReports } from '../modules/haccp/components/HaccpReports';
import { PageHeader } from '../ui/PageHeader';
import { StatusPage } from './StatusPage';

/** HACCP (/device/{serialNumber}/haccp): events with hygiene verdicts, alarms and their PDF exports. */
export function HaccpPage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={`${t('haccp.title')} · ${serialNumber}`} />
      <HaccpReports key={serialNumber} serialNumber={serialNumber} notFound={<StatusPage screen="notFound" />} />
    </>
  );
}
