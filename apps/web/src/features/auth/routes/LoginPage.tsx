import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import styles from '#web/features/auth/components/AuthCard.module.css';
import { AuthCard } from '#web/features/auth/components/AuthCard.tsx';
import { GoogleSignIn } from '#web/features/auth/components/GoogleSignIn.tsx';
import { type AuthFailure, authFailure, thrownFailure } from '#web/features/auth/errors.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { APP_HOME, sanitizeRedirect } from '#web/lib/redirect.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refetch } = useAuth();
  const [params] = useSearchParams();
  const redirectTo = sanitizeRedirect(params.get('redirectTo')) ?? APP_HOME;
  const cameFromGuard = params.has('redirectTo');
  const googleFailed = params.has('error');

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Spec: email/password sign-in does nothing if either field is empty (no request is sent).
    if (!email.trim() || !password) {
      (email.trim() ? passwordRef : emailRef).current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { error } = await authClient.signIn.email({ email: email.trim(), password });
      if (error) {
        setFailure(authFailure(error));
        setBusy(false);
        passwordRef.current?.select();
        return;
      }
      await refetch();
      navigate(redirectTo, { replace: true });
    } catch (thrown) {
      setFailure(thrownFailure(thrown));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      footer={
        <p>
          {t('auth.login.noAccount')} <Link to="/sign-up">{t('common.signUp')}</Link>
        </p>
      }
    >
      {cameFromGuard && !failure ? <Alert tone="info">{t('auth.login.signedOutRedirect')}</Alert> : null}
      <GoogleSignIn callbackURL={redirectTo} failedBefore={googleFailed} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {failure ? <Alert tone="error">{t(`auth.errors.${failure.key}`)}</Alert> : null}
        <TextField
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          inputRef={emailRef}
          required
        />
        <TextField
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          dir="ltr"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          inputRef={passwordRef}
          required
        />
        <div className={styles.row}>
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="submit" block busy={busy} busyLabel={t('auth.login.busy')}>
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

export default LoginPage;
