import { useParams } from 'react-router';
import { PublicLayout } from '../app/layout/PublicLayout';
import { QueryProvider } from '../app/QueryProvider';
import { Inspection } from '../modules/haccp/components/Inspection';

/** An inspector link (/inspect/{token}): one machine's HACCP record, read-only, without an account. */
export function InspectionPage() {
  const { token = '' } = useParams();
  return (
    <PublicLayout width={1440} top>
      <QueryProvider>
        <Inspection token={token} />
      </QueryProvider>
    </PublicLayout>
  );
}
