import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INSTALL_COUNTRIES,
  INSTALL_STEPS,
  isLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
  UNIT_SYSTEMS,
  ZInstallation,
  type TApplianceDetail,
  type TCommandResponse,
  type TInstallCountry,
  type TInstallStep,
  type TLanguage,
  type TUnitSystem,
  displayUnits,
} from '@washboard/contracts';
import { Loading } from '../../../ui/Loading';
import { timeZones } from '../../../ui/time-zones';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { useAssignToCustomer, useCustomers } from '../../customers/hooks/use-customers';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { useCommand } from '../../devices/hooks/use-command';
import { useApplianceDetail } from '../../devices/hooks/use-devices';
import { ProfileAnswer } from '../../settings-profiles/components/ProfileAnswer';
import { useSettingsProfiles } from '../../settings-profiles/hooks/use-settings-profiles';
import { installProfiles } from '../install-profile';
import { useLanguage } from '../../i18n/i18n';

/** Where a country's machines usually are, and what their kitchens speak: the form's starting choice. */
const COUNTRY_DEFAULTS: Record<TInstallCountry, { timeZone: string; language: TLanguage }> = {
  IT: { timeZone: 'Europe/Rome', language: 'it' },
  FR: { timeZone: 'Europe/Paris', language: 'fr' },
  DE: { timeZone: 'Europe/Berlin', language: 'de' },
  ES: { timeZone: 'Europe/Madrid', language: 'es' },
  GB: { timeZone: 'Europe/London', language: 'en' },
};
const LANGUAGE_COUNTRY: Record<TLanguage, TInstallCountry> = { it: 'IT', fr: 'FR', de: 'DE', es: 'ES', en: 'GB' };

type TForm = { name: string; country: TInstallCountry; unitSystem: TUnitSystem; timeZone: string; language: TLanguage };

function isCountry(value: string | null): value is TInstallCountry {
  return (INSTALL_COUNTRIES as readonly (string | null)[]).includes(value);
}
function isStep(value: unknown): value is TInstallStep {
  return (INSTALL_STEPS as readonly unknown[]).includes(value);
}

/**
 * "Replacement or install unsuccessful: <step>" (device-areas §8) in the app's language, with the
 * values the machine refused; other failures (offline, no session) as the API says them.
 */
function installFailure(error: Error, t: TFunction): string {
  const body = error instanceof ApiError ? (error.body as { step?: unknown; rejected?: unknown } | undefined) : undefined;
  if (!(error instanceof ApiError) || error.code !== 'INSTALL_FAILED' || !isStep(body?.step))
    return apiErrorMessage(error, t, t('mobile.errors.installFailed'));
  const text = t('apiErrors.INSTALL_FAILED', { step: t(`mobile.install.steps.${body.step}`) });
  const rejected = Array.isArray(body.rejected) ? body.rejected.map(String) : [];
  return rejected.length > 0 ? `${text}. ${t('mobile.install.refused', { codes: rejected.join(', ') })}` : text;
}

/** Step 1: name, country, unit system, date and time zone, language and settings profile → one `install`. */
function InstallForm({
  appliance,
  onInstalled,
}: {
  appliance: TApplianceDetail;
  onInstalled: (answer: TCommandResponse, name: string) => void;
}) {
  const { t } = useTranslation();
  const appLanguage = useLanguage();
  const client = useQueryClient();
  const install = useCommand(appliance.serialNumber, 'install', (args, answer) => {
    onInstalled(answer, args.name);
    return client.invalidateQueries({ queryKey: deviceKeys.all });
  });
  const [form, setForm] = useState<TForm>(() => {
    const country = isCountry(appliance.country) ? appliance.country : LANGUAGE_COUNTRY[appLanguage];
    return { name: appliance.applianceName, country, unitSystem: 'metric', ...COUNTRY_DEFAULTS[country] };
  });
  const [nameError, setNameError] = useState<string>();
  const zones = useMemo(() => timeZones(), []);
  const profiles = installProfiles(useSettingsProfiles(), appliance);
  const forModel = profiles.state === 'ready' ? profiles.forModel : [];
  // The model's default profile is chosen until the technician picks another one, or none.
  const [picked, setPicked] = useState<{ id: string | null }>();
  const profileId = picked ? picked.id : profiles.state === 'ready' ? profiles.defaultId : null;
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  // Hiline shows temperatures only, so its unit systems read as °C and °F (device-areas §9).
  const unitLabel = (system: TUnitSystem) => t(`units.${displayUnits(system, appliance.gamma).label}`);
  const clock = new Date().toLocaleString(appLanguage, { timeZone: form.timeZone, dateStyle: 'medium', timeStyle: 'short' });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ZInstallation.shape.name.safeParse(form.name).success) {
      setNameError(t('validation.mandatory'));
      return;
    }
    setNameError(undefined);
    if (profiles.state !== 'ready') return;
    install.mutate({ ...form, ...(profileId ? { settingsProfileId: profileId } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('mobile.install.name')}
          required
          maxLength={40}
          value={form.name}
          error={nameError}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <Select
          label={t('mobile.install.country')}
          data={INSTALL_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
          value={form.country}
          allowDeselect={false}
          onChange={(value) =>
            isCountry(value) && setForm((current) => ({ ...current, country: value, ...COUNTRY_DEFAULTS[value] }))
          }
        />
        <Select
          label={t('mobile.install.unitSystem')}
          data={UNIT_SYSTEMS.map((system) => ({ value: system, label: unitLabel(system) }))}
          value={form.unitSystem}
          allowDeselect={false}
          onChange={(value) => value && set('unitSystem', value as TUnitSystem)}
        />
        <Select
          label={t('mobile.install.timeZone')}
          description={t('mobile.install.clock', { time: clock })}
          data={zones}
          value={form.timeZone}
          searchable
          allowDeselect={false}
          onChange={(value) => value && set('timeZone', value)}
        />
        <Select
          label={t('mobile.install.language')}
          data={SUPPORTED_LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          value={form.language}
          allowDeselect={false}
          onChange={(value) => isLanguage(value ?? '') && set('language', value as TLanguage)}
        />
        <Select
          label={t('mobile.install.settingsProfile')}
          data={forModel.map((p) => ({
            value: p.id,
            label: p.isDefault ? t('mobile.install.defaultProfile', { name: p.name }) : p.name,
          }))}
          value={profileId}
          placeholder={
            profiles.state === 'ready'
              ? t(forModel.length > 0 ? 'mobile.install.noProfile' : 'mobile.install.noProfiles')
              : undefined
          }
          error={profiles.state === 'failed' ? apiErrorMessage(profiles.error, t, t('errors.generic')) : undefined}
          clearable
          disabled={forModel.length === 0}
          onChange={(value) => setPicked({ id: value })}
        />
        {install.error && (
          <Alert color="red" role="alert" title={t('mobile.errors.installFailed')}>
            {installFailure(install.error, t)}
          </Alert>
        )}
        <Button type="submit" loading={install.isPending} disabled={profiles.state !== 'ready'} fullWidth>
          {t('mobile.install.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: one of the company's customers, or skip. */
function AssignCustomer({ serialNumber, onDone }: { serialNumber: string; onDone: (customer: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const customers = useCustomers(q, 1);
  const assign = useAssignToCustomer(serialNumber);
  const items = customers.data?.items ?? [];
  const label = (c: { name: string; surname: string }) => `${c.surname} ${c.name}`;
  const chosen = items.find((c) => c.id === customerId);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('mobile.install.assignTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('mobile.install.assignHint')}
      </Text>
      <Select
        label={t('mobile.install.customer')}
        data={items.map((c) => ({ value: c.id, label: label(c) }))}
        value={customerId}
        onChange={setCustomerId}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={t('mobile.customers.empty')}
      />
      {assign.error && <Alert color="red">{apiErrorMessage(assign.error, t, t('errors.generic'))}</Alert>}
      <Group grow>
        <Button variant="default" onClick={() => onDone(null)}>
          {t('mobile.install.skip')}
        </Button>
        <Button
          disabled={!chosen}
          loading={assign.isPending}
          onClick={() => chosen && assign.mutate(chosen.id, { onSuccess: () => onDone(label(chosen)) })}
        >
          {t('mobile.install.assign')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Install machine (device-areas §2, docs/service-menu.md): the form sends one `install` command with
 * the chosen settings profile; the machine's answer per parameter shows, then the machine is assigned
 * to a customer (or not), then done. Wrap it in `ServicePinGate`: install needs a service session.
 */
export function InstallMachine({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const detail = useApplianceDetail(serialNumber);
  const [step, setStep] = useState(0);
  const [answer, setAnswer] = useState<TCommandResponse>();
  const [installedName, setInstalledName] = useState('');
  const [customer, setCustomer] = useState<string | null>(null);
  const appliance = detail.data;
  if (!appliance) return <Loading py="lg" />;
  const base = `/device/${encodeURIComponent(serialNumber)}`;
  return (
    <Stack gap="md" data-testid="install-machine">
      <Stepper active={step} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label={t('mobile.install.stepInstall')}>
          <InstallForm
            appliance={appliance}
            onInstalled={(result, name) => {
              setAnswer(result);
              setInstalledName(name.trim());
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label={t('mobile.install.stepCustomer')}>
          <Stack gap="md">
            <InstalledAnswer answer={answer} />
            <AssignCustomer
              serialNumber={serialNumber}
              onDone={(name) => {
                setCustomer(name);
                setStep(3);
              }}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('mobile.install.stepDone')} />
        <Stepper.Completed>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('mobile.install.installed')}
              </Title>
              <Text>
                {customer
                  ? t('mobile.install.doneAssigned', { name: installedName, customer })
                  : t('mobile.install.done', { name: installedName })}
              </Text>
              <Button component={Link} to={base}>
                {t('mobile.install.backToMachine')}
              </Button>
            </Stack>
          </Paper>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

/** "Machine installed", with the machine's answer for the profile's parameters when one was sent. */
function InstalledAnswer({ answer }: { answer: TCommandResponse | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text fw={600} c="teal">
          {t('mobile.install.installed')}
        </Text>
        {answer?.parameters && (
          <>
            <Text size="sm">{t('mobile.install.profileAnswer')}</Text>
            <ProfileAnswer ok parameters={answer.parameters} hide={['unchanged', 'skipped']} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
