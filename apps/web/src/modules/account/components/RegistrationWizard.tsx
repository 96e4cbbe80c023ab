import { useState, type FormEvent } from 'react';
import { ActionIcon, Anchor, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  COMPANY_CODE_LENGTH,
  WIZARD_STEPS,
  wizardAfterAccountCreated,
  wizardBack,
  wizardProgress,
  type TApiErrorCode,
  type TRegistrationRequest,
  type TWizardStep,
} from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../ui/CodeInput';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { ApiError } from '../../api/api-client';
import { apiErrorMessage } from '../../api/api-error-message';
import { currentLanguage } from '../../i18n/i18n';
import { EMPTY_PERSONAL_DATA, type TPersonalData } from '../hooks/personal-data';
import { useRegister } from '../hooks/use-registration';
import { PersonalDataStep } from './PersonalDataStep';
import { VerificationCodeForm } from './VerificationCodeForm';

/** The steps where the account is created, and the code each sends. */
type TCreatingStep = 2 | 5 | 8 | 9;

type TCodeKey = 'company' | 'partner' | 'signup';

/** The refusals that name one code: the user corrects it where they typed it, nothing else is lost. */
const CODE_REFUSALS: Partial<Record<TApiErrorCode, TCodeKey>> = {
  COMPANY_CODE_UNKNOWN: 'company',
  PARENT_COMPANY_CODE_UNKNOWN: 'partner',
  SIGNUP_CODE_UNKNOWN: 'signup',
};

type TProps = {
  /** Back to login mode signin, with the registered e-mail to prefill when there is one. */
  onBackToSignin: (email?: string) => void;
};

/**
 * Login mode signup: the ten-step registration wizard of spec §2 (numbering in account.rules.ts and
 * docs/decisions.md). Kitchen managers are created at step 2, service users at step 5 (company
 * code), service managers at step 8 (service partner code) or 9 (signup code). The counter numbers
 * the path the user is on; a code nobody registered is said under its boxes, to be corrected there
 * (the spec's dialog back to sign-in stays for every other refusal, docs/decisions.md).
 */
export function RegistrationWizard({ onBackToSignin }: TProps) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [step, setStep] = useState<TWizardStep>(WIZARD_STEPS.personalData);
  const [personal, setPersonal] = useState<TPersonalData>(EMPTY_PERSONAL_DATA);
  const [profile, setProfile] = useState<'KITCHEN_MANAGER' | 'SERVICE'>('KITCHEN_MANAGER');
  const [codes, setCodes] = useState<Record<TCodeKey, string>>({ company: '', partner: '', signup: '' });
  const [codeError, setCodeError] = useState<{ key: TCodeKey; message: string }>();
  const [companyError, setCompanyError] = useState<string>();
  const register = useRegister();
  const busy = register.isPending;
  const email = personal.email.trim();

  const create = (from: TCreatingStep) => {
    const base = {
      firstName: personal.firstName.trim(),
      lastName: personal.lastName.trim(),
      email,
      password: personal.password,
      language: currentLanguage(),
      userDetails: {
        tnc: { check_1: true, check_2: true },
        privacy: { check_1: true, check_2: personal.privacyCheck2 },
      },
      ...(personal.companyName.trim() ? { companyName: personal.companyName.trim() } : {}),
    } satisfies Partial<TRegistrationRequest>;
    const request: TRegistrationRequest =
      from === 2
        ? { ...base, role: 'KITCHEN_MANAGER' }
        : from === 5
          ? { ...base, role: 'SERVICE', companyCode: codes.company }
          : from === 8
            ? { ...base, role: 'SERVICE_MANAGER', parentCompanyCode: codes.partner }
            : { ...base, role: 'SERVICE_MANAGER', signupCode: codes.signup };
    register.mutate(request, {
      onSuccess: () => setStep(wizardAfterAccountCreated(from)),
      onError: (error) => {
        const wrongCode = error instanceof ApiError && error.code ? CODE_REFUSALS[error.code] : undefined;
        if (wrongCode) {
          setCodeError({ key: wrongCode, message: apiErrorMessage(error, t, t('register.errorMessage')) });
          return;
        }
        const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
        dialog.show({
          kind: 'error',
          title: t('register.errorTitle'),
          message: known ? error.message : t('register.errorMessage'),
          confirmLabel: t('register.errorContinue'),
          onConfirm: () => onBackToSignin(),
          onCancel: () => onBackToSignin(),
        });
      },
    });
  };

  /** A service manager's company is the one of step 1, which is then no longer optional. */
  const createServiceManager = (from: 8 | 9) => {
    if (personal.companyName.trim() === '') {
      setCompanyError(t('validation.mandatoryForService'));
      setStep(WIZARD_STEPS.personalData);
      return;
    }
    create(from);
  };

  const verified = (kitchenManager: boolean) => {
    dialog.show(
      kitchenManager
        ? { kind: 'success', message: t('login.activationCode.success') }
        : { kind: 'success', title: t('login.pendingApproval.title'), message: t('login.pendingApproval.message') },
    );
    onBackToSignin(email);
  };

  const question = (prefix: 'register.step4' | 'register.step7', yes: TWizardStep, no: TWizardStep) => (
    <Stack>
      <Text>{t(`${prefix}.question`)}</Text>
      <Group grow>
        <Button variant="light" onClick={() => setStep(yes)}>
          {t(`${prefix}.yes`)}
        </Button>
        <Button variant="light" onClick={() => setStep(no)}>
          {t(`${prefix}.no`)}
        </Button>
      </Group>
    </Stack>
  );

  const codeStep = (prefix: 'register.step5' | 'register.step8' | 'register.step9', key: TCodeKey, onSubmit: () => void) => {
    const full = codes[key].length === COMPANY_CODE_LENGTH;
    const error = codeError?.key === key ? codeError.message : undefined;
    return (
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (full && !busy) onSubmit();
        }}
      >
        <Stack>
          <Text size="sm">{t(`${prefix}.description`)}</Text>
          <CodeInput
            length={COMPANY_CODE_LENGTH}
            value={codes[key]}
            onChange={(value) => {
              setCodes((c) => ({ ...c, [key]: value }));
              if (error) setCodeError(undefined);
            }}
            label={t(`${prefix}.codeLabel`)}
            error={error !== undefined}
            autoFocus
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" disabled={!full} loading={busy}>
            {t('common.continue')}
          </Button>
        </Stack>
      </form>
    );
  };

  const body = () => {
    switch (step) {
      case 1:
        return (
          <PersonalDataStep
            value={personal}
            onChange={setPersonal}
            companyError={companyError}
            onNext={() => setStep(WIZARD_STEPS.profileChoice)}
          />
        );
      case 2:
        return (
          <Stack>
            <Radio.Group
              label={t('register.step2.question')}
              value={profile}
              onChange={(v) => setProfile(v === 'SERVICE' ? 'SERVICE' : 'KITCHEN_MANAGER')}
            >
              <Stack gap="sm" mt="xs">
                <Radio
                  value="KITCHEN_MANAGER"
                  label={t('register.step2.kitchenManager')}
                  description={t('register.step2.kitchenManagerDescription')}
                />
                <Radio value="SERVICE" label={t('register.step2.service')} description={t('register.step2.serviceDescription')} />
              </Stack>
            </Radio.Group>
            {profile === 'KITCHEN_MANAGER' ? (
              <Button onClick={() => create(2)} loading={busy}>
                {t('register.step2.createAccount')}
              </Button>
            ) : (
              <Button onClick={() => setStep(WIZARD_STEPS.companyQuestion)}>{t('register.next')}</Button>
            )}
          </Stack>
        );
      case 3:
        return (
          <VerificationCodeForm
            email={email}
            description={t('register.step3.description', { email })}
            codeLabel={t('register.step3.codeLabel')}
            onVerified={() => verified(true)}
          />
        );
      case 4:
        return question('register.step4', WIZARD_STEPS.companyCode, WIZARD_STEPS.servicePartnerQuestion);
      case 5:
        return codeStep('register.step5', 'company', () => create(5));
      case 6:
        return (
          <VerificationCodeForm
            email={email}
            description={t('register.step6.description', { email })}
            codeLabel={t('register.step6.codeLabel')}
            onVerified={() => verified(false)}
          />
        );
      case 7:
        return question('register.step7', WIZARD_STEPS.servicePartnerCode, WIZARD_STEPS.signupCode);
      case 8:
        return codeStep('register.step8', 'partner', () => createServiceManager(8));
      case 9:
        return codeStep('register.step9', 'signup', () => createServiceManager(9));
      case 10:
        return (
          <VerificationCodeForm
            email={email}
            description={t('register.step10.description', { email })}
            codeLabel={t('register.step10.codeLabel')}
            onVerified={() => verified(false)}
          />
        );
    }
  };

  return (
    <Stack data-testid="registration-wizard" data-step={step}>
      <Title order={1} size="h2">
        {t('register.title')}
      </Title>
      <Group gap="xs" wrap="nowrap" align="center">
        {step > 1 && (
          <ActionIcon variant="subtle" size="lg" aria-label={t('register.back')} onClick={() => setStep(wizardBack(step))}>
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        )}
        <Stack gap={0}>
          <Text size="xs" c="dimmed" data-testid="wizard-step">
            {t('common.stepOf', wizardProgress(step, profile))}
          </Text>
          <Title order={2} size="h4">
            {t(`register.step${step}.title`)}
          </Title>
        </Stack>
      </Group>
      {body()}
      <Text size="sm" ta="center">
        {t('login.signup.haveAccount')}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => onBackToSignin()}>
          {t('login.signup.backToSignin')}
        </Anchor>
      </Text>
    </Stack>
  );
}
