import { useNavigate } from 'react-router';
import { LoginForm, type LoginFormMode } from '../../features/auth';
import { usePublicConfig } from '../../features/public-config';
import { LegalConsent, type OpenLegal } from './legal-links';
import { paths } from '@prospector/core';

type LoginPanelProps = { mode?: LoginFormMode; onDone?: () => void; onOpenLegal?: OpenLegal };

/** The login form with the server's settings and the legal links; success goes to the home route. */
export function LoginPanel({ mode = 'login', onDone, onOpenLegal }: LoginPanelProps) {
  const navigate = useNavigate();
  const codesInServerLog = usePublicConfig().data?.codesInServerLog ?? false;
  return (
    <LoginForm
      mode={mode}
      codesInServerLog={codesInServerLog}
      footer={mode === 'login' ? <LegalConsent onOpen={onOpenLegal} /> : undefined}
      onSuccess={() => {
        onDone?.();
        void navigate(paths.home, { replace: true });
      }}
    />
  );
}
