import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { useTranslation } from 'react-i18next';
import { PARAMETER_GROUPS, type TGamma, type TParameter, type TUnitSystem } from '@washboard/contracts';
import { apiErrorMessage } from '../../api/api-error-message';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { usePhone } from '../../../ui/use-phone';
import { useUnsavedChangesWarning } from '../hooks/use-unsaved-changes';
import { pendingSave, shownText, type TEdits } from '../parameter-form';
import { ParameterField } from './ParameterField';

/** How the editor saves: a mutation taking the changed raw values (the machine's write, or a settings profile's). */
export type TParameterWrite = {
  isPending: boolean;
  mutate(
    variables: { values: Record<string, number> },
    callbacks: { onSuccess: () => void; onError: (error: Error) => void },
  ): void;
};

type TProps = {
  write: TParameterWrite;
  /** What the success dialog says (the machine's editors: "Parameters saved"). */
  savedMessage?: string;
  gamma: TGamma;
  system: TUnitSystem;
  /** Every parameter this editor saves (edits survive switching what is shown). */
  scope: readonly TParameter[];
  /** The parameters shown now (a subset of `scope`), grouped by the catalogue's groups. */
  shown: readonly TParameter[];
  /** The machine's values, raw. */
  values: Readonly<Record<string, number>>;
  /** Above the groups: a cycle picker, a warning. */
  header?: ReactNode;
};

/**
 * A parameter editor: the catalogue's groups, one field per parameter, Save (only what changed,
 * answered by the machine) and Discard, and a warning before leaving with unsaved changes.
 */
export function ParameterEditor({ write, savedMessage, gamma, system, scope, shown, values, header }: TProps) {
  const { t, i18n } = useTranslation();
  const device = useDeviceTranslation();
  const dialog = useDialog();
  const phone = usePhone();
  const [edits, setEdits] = useState<TEdits>({});
  const pending = useMemo(
    () => pendingSave(scope, edits, values, system, gamma, i18n.language),
    [scope, edits, values, system, gamma, i18n.language],
  );
  const changed = Object.keys(pending.values).length;
  const dirty = changed > 0 || pending.invalid.length > 0;
  useUnsavedChangesWarning(dirty && !write.isPending);

  const groups = PARAMETER_GROUPS.map((group) => ({
    group,
    params: shown.filter((param) => param.group === group && values[param.key] !== undefined),
  })).filter(({ params }) => params.length > 0);

  const save = () => {
    if (pending.invalid.length > 0) {
      notify({ color: 'red', message: t('errors.checkModifiedFields') });
      return;
    }
    if (changed === 0) return;
    write.mutate(
      { values: pending.values },
      {
        onSuccess: () => {
          setEdits({});
          dialog.show({ kind: 'success', message: savedMessage ?? t('parameters.saved') });
        },
        onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) }),
      },
    );
  };

  return (
    <Stack gap="md">
      {header}
      {groups.map(({ group, params }) => (
        <Paper key={group} withBorder radius="md" p="md" component="section" aria-labelledby={`group-${group}`}>
          <Stack gap="md">
            <Title order={2} size="h4" id={`group-${group}`}>
              {device.t(`parameterGroups.${group}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
              {params.map((param) => {
                const original = shownText(param, values[param.key] ?? param.default, system, i18n.language);
                const text = edits[param.key];
                return (
                  <ParameterField
                    key={param.key}
                    param={param}
                    text={text ?? original}
                    edited={text !== undefined && text !== original}
                    system={system}
                    gamma={gamma}
                    onChange={(next) => setEdits((current) => ({ ...current, [param.key]: next }))}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <Paper
        withBorder
        radius="md"
        p={phone ? 'xs' : 'sm'}
        pos="sticky"
        bottom="calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-sm))"
        style={{ zIndex: 2 }}
        shadow={dirty ? 'md' : undefined}
        data-save-bar
      >
        {/* One row on a phone (no badge: the enabled buttons say there is something to save), so the bar stays small. */}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          {!phone && (
            <Group gap="xs">
              {dirty && (
                <Badge color="yellow" variant="light">
                  {t('common.unsavedChanges')}
                </Badge>
              )}
            </Group>
          )}
          <Group gap="xs" wrap="nowrap" justify="flex-end" flex={1}>
            <Button
              variant="default"
              px={phone ? 'sm' : undefined}
              disabled={Object.keys(edits).length === 0 || write.isPending}
              onClick={() => setEdits({})}
            >
              {t('common.discardChanges')}
            </Button>
            {/* A phone shows the short "Save"; the name stays the whole one, which contains it. */}
            <Button
              onClick={save}
              loading={write.isPending}
              disabled={!dirty}
              px={phone ? 'sm' : undefined}
              aria-label={t('parameters.save')}
            >
              {phone ? t('common.save') : t('parameters.save')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
