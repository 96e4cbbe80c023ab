import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Center, Loader, NativeSelect, Paper } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CYCLE_TYPES, isCycleType, parametersFor, type TCycleType, type TGamma, type TParameter } from '@washboard/contracts';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { useApplianceDetail } from '../../devices/hooks/use-devices';
import { EmptyState } from '../../../ui/EmptyState';
import { useParameters } from '../hooks/use-parameters';
import { machineUnitSystem } from '../parameter-form';
import { ParameterEditor } from './ParameterEditor';

/** parameters: the coded cycle parameters; factory: the factory ones; cycles: each cycle's fields. */
export type TParametersScreen = 'parameters' | 'factory' | 'cycles';

function scopeOf(screen: TParametersScreen, gamma: TGamma): readonly TParameter[] {
  if (screen === 'factory') return parametersFor(gamma, 'factory');
  const cycle = parametersFor(gamma, 'cycle');
  return screen === 'cycles' ? cycle.filter((p) => p.cycleType !== undefined) : cycle.filter((p) => p.code !== undefined);
}

type TProps = { serialNumber: string; screen: TParametersScreen; notFound: ReactNode };

/** One of the three parameter editors of a machine, with the machine's values and unit system. */
export function ParametersScreen({ serialNumber, screen, notFound }: TProps) {
  const { t } = useTranslation();
  const detail = useApplianceDetail(serialNumber);
  const parameters = useParameters(serialNumber);
  const [cycle, setCycle] = useState<TCycleType>('fast');
  const gamma = detail.data?.gamma;
  const scope = useMemo(() => (gamma ? scopeOf(screen, gamma) : []), [gamma, screen]);

  if (detail.isPending || parameters.isPending) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }
  const failed = detail.error ?? parameters.error;
  if (failed || !parameters.data) {
    if (failed instanceof ApiError && (failed.status === 404 || failed.status === 403)) return notFound;
    return <EmptyState message={apiErrorMessage(failed, t, t('errors.generic'))} />;
  }
  const { values } = parameters.data;
  const reported = scope.filter((p) => values[p.key] !== undefined);
  // The spec's "Machine cannot be used (parameters empty)".
  if (!gamma || reported.length === 0) return <EmptyState message={t('parameters.empty')} />;

  const shown = screen === 'cycles' ? scope.filter((p) => p.cycleType === cycle) : scope;
  const header =
    screen === 'factory' ? (
      <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title={t('parameters.factoryTitle')}>
        {t('parameters.factoryWarning')}
      </Alert>
    ) : screen === 'cycles' ? (
      <Paper withBorder radius="md" p="md">
        <NativeSelect
          label={t('parameters.cycleEditor.selectCycle')}
          value={cycle}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isCycleType(next)) setCycle(next);
          }}
          data={CYCLE_TYPES.filter((c) => scope.some((p) => p.cycleType === c)).map((c) => ({
            value: c,
            label: t(`cycles.${c}`),
          }))}
          maw={360}
        />
      </Paper>
    ) : undefined;

  return (
    <ParameterEditor
      serialNumber={serialNumber}
      gamma={gamma}
      system={machineUnitSystem(values)}
      scope={scope}
      shown={shown}
      values={values}
      header={header}
    />
  );
}
