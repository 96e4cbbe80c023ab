import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { HaccpVerification } from '../modules/haccp/components/HaccpVerification';
import { lastSevenDays } from '../modules/haccp/hooks/use-haccp';
import { PageHeader } from '../ui/PageHeader';
import { StatusPage } from './StatusPage';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Verification of the HACCP record (/device/{serialNumber}/haccp/verification?startDate&stopDate):
 * where the QR code of every page of the HACCP PDF leads.
 */
export function HaccpVerificationPage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const [search] = useSearchParams();
  const startDate = search.get('startDate') ?? '';
  const stopDate = search.get('stopDate') ?? '';
  const period = DAY.test(startDate) && DAY.test(stopDate) && startDate <= stopDate ? { startDate, stopDate } : lastSevenDays();
  return (
    <>
      <PageHeader title={`${t('haccp.verification.title')} · ${serialNumber}`} />
      <HaccpVerification
        key={serialNumber}
        serialNumber={serialNumber}
        initialPeriod={period}
        notFound={<StatusPage screen="notFound" />}
      />
    </>
  );
}
