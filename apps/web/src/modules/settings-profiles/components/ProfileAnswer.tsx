import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  parameterByKey,
  type TParameter,
  type TProfileParameterAnswer,
  type TProfileParameterOutcome,
} from '@washboard/contracts';
import { useParameterLabel } from '../../parameters/components/ParameterField';

const COLORS: Record<TProfileParameterOutcome, string> = {
  applied: 'teal',
  unchanged: 'gray',
  rejected: 'red',
  notApplied: 'orange',
  skipped: 'gray',
};

/** A parameter's name as the editors show it, with its cycle for a cycle's field ("Eco · Wash duration"). */
function ParameterName({ param }: { param: TParameter }) {
  const { t } = useTranslation();
  const { label } = useParameterLabel(param);
  return <>{param.cycleType ? `${t(`cycles.${param.cycleType}`)} · ${label}` : label}</>;
}

type TProps = {
  ok: boolean;
  parameters: readonly TProfileParameterAnswer[];
  /** The outcomes not listed (the install screen lists only what the machine changed). */
  hide?: readonly TProfileParameterOutcome[];
};

/**
 * The machine's answer for a settings profile's parameters (applied to it, or sent with `install`):
 * a headline, and the parameters whose value changed or was not sent, with their outcome.
 */
export function ProfileAnswer({ ok, parameters, hide = ['unchanged'] }: TProps) {
  const { t } = useTranslation();
  const shown = parameters.flatMap((p) => {
    const param = parameterByKey(p.code);
    return param && !hide.includes(p.outcome) ? [{ ...p, param }] : [];
  });
  return (
    <Stack gap="xs" data-testid="apply-result">
      <Text fw={600} c={ok ? 'teal' : 'red'}>
        {t(ok ? 'mobile.settingsProfiles.appliedAll' : 'mobile.settingsProfiles.refusedSome', {
          count: parameters.filter((p) => p.outcome === 'applied').length,
        })}
      </Text>
      {shown.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mobile.settingsProfiles.parameter')}</Table.Th>
              <Table.Th>{t('mobile.settingsProfiles.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p.code}>
                <Table.Td>
                  <ParameterName param={p.param} />
                </Table.Td>
                <Table.Td>
                  <Badge color={COLORS[p.outcome]} variant="light">
                    {t(`mobile.settingsProfiles.outcomes.${p.outcome}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
