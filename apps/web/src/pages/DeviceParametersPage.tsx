import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ParametersScreen, type TParametersScreen } from '../modules/parameters/components/ParametersScreen';
import { PageHeader } from '../ui/PageHeader';
import { StatusPage } from './StatusPage';

const titles = { parameters: 'parameters', factory: 'factoryParameters', cycles: 'cycles' } as const;

/** /device/{serialNumber}/parameters, /factory-parameters and /cycles: the parameter editors. */
export function DeviceParametersPage({ screen }: { screen: TParametersScreen }) {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  return (
    <>
      <PageHeader title={`${t(`layout.breadcrumbs.${titles[screen]}`)} · ${serialNumber}`} />
      <ParametersScreen
        key={`${screen}-${serialNumber}`}
        serialNumber={serialNumber}
        screen={screen}
        notFound={<StatusPage screen="notFound" />}
      />
    </>
  );
}
