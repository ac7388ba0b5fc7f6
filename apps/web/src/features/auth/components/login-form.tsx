import { useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconTerminal2 } from '@tabler/icons-react';
import { isImpersonationInput, LOGIN_CODE_LENGTH, messages } from '@prospector/core';
import { getAffiliateId } from '../../../lib/affiliate-id';
import { useHijack } from '../api/hijack';
import { useLogin } from '../api/login';
import { checkSendCode, useSendCode } from '../api/send-code';

export type LoginFormMode = 'login' | 'impersonate';

type LoginFormProps = {
  /** 'impersonate': the staff "Switch to user" dialog, where a name opens that user's session. */
  mode?: LoginFormMode;
  /** Embedded mode: codes are printed in the server log instead of being e-mailed. */
  codesInServerLog?: boolean;
  onSuccess?: () => void;
  footer?: ReactNode;
};

const copy = {
  staffFirst:
    'That looks like a name, not an e-mail address. Staff must log in with their e-mail first, then use “Switch to user” to open a workspace by name.',
  nameExpected: 'Type the name of the user to switch to, without an at-sign.',
  impersonateHint: 'Enter the user’s name to open their workspace. You can switch back at any time.',
  codeInServerLog: 'Embedded mode: no e-mail is sent. The code is printed in the server log.',
  codeRequired: `Enter the ${LOGIN_CODE_LENGTH}-digit code from the e-mail.`,
} as const;

export function LoginForm({ mode = 'login', codesInServerLog = false, onSuccess, footer }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const sendCode = useSendCode();
  const login = useLogin();
  const hijack = useHijack();
  const busy = checking || sendCode.isPending || login.isPending || hijack.isPending;

  async function submitEmail() {
    const input = email.trim();
    const isName = isImpersonationInput(input);
    if (mode === 'impersonate') {
      if (!isName) return setError(copy.nameExpected);
      return hijack.mutate({ name: input }, { onSuccess: () => onSuccess?.() });
    }
    if (isName) return setError(copy.staffFirst);
    setChecking(true);
    const parsed = await checkSendCode({ email: input, affId: getAffiliateId() }).finally(() =>
      setChecking(false),
    );
    if (!parsed?.success) return setError(parsed?.error.issues[0]?.message ?? messages.auth.invalidEmail);
    sendCode.mutate(parsed.data, { onSuccess: () => setStep('code') });
  }

  function submitCode() {
    if (!code.trim()) return setError(copy.codeRequired);
    login.mutate({ email: email.trim(), code: code.trim() }, { onSuccess: () => onSuccess?.() });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (step === 'email') void submitEmail();
    else submitCode();
  }

  function changeEmail() {
    setStep('email');
    setCode('');
    setError(null);
  }

  const inCodeStep = step === 'code';
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          placeholder={mode === 'impersonate' ? 'User name' : 'you@company.com'}
          description={mode === 'impersonate' ? copy.impersonateHint : undefined}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          readOnly={inCodeStep}
          autoComplete={mode === 'impersonate' ? 'off' : 'email'}
          inputMode={mode === 'impersonate' ? 'text' : 'email'}
          error={!inCodeStep ? error : undefined}
          data-autofocus
          size="md"
        />
        {inCodeStep && (
          <>
            <Paper role="status" bg="brand.0" radius="md" p="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconMailCheck
                  size={18}
                  color="var(--mantine-color-brand-6)"
                  style={{ flexShrink: 0, marginTop: 1 }}
                />
                <Text size="sm">{messages.login.codeSent}</Text>
              </Group>
            </Paper>
            <TextInput
              label="Login code"
              placeholder={'•'.repeat(LOGIN_CODE_LENGTH)}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH))}
              autoComplete="one-time-code"
              inputMode="numeric"
              error={error}
              autoFocus
              size="md"
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            />
            {codesInServerLog && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconTerminal2
                  size={16}
                  color="var(--mantine-color-dimmed)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <Text size="xs" c="dimmed">
                  {copy.codeInServerLog}
                </Text>
              </Group>
            )}
          </>
        )}
        <Button type="submit" size="md" fullWidth loading={busy}>
          {inCodeStep ? messages.login.submit : messages.login.sendCode}
        </Button>
        {inCodeStep ? (
          <Anchor component="button" type="button" size="sm" onClick={changeEmail} ta="center">
            Use a different e-mail
          </Anchor>
        ) : (
          mode === 'login' && (
            <Text size="sm" c="dimmed" ta="center">
              {messages.login.autoCreate}
            </Text>
          )
        )}
        {footer}
      </Stack>
    </form>
  );
}
