import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import styles from '#web/features/auth/components/AuthCard.module.css';
import { AuthCard } from '#web/features/auth/components/AuthCard.tsx';
import { GoogleSignIn } from '#web/features/auth/components/GoogleSignIn.tsx';
import { useFieldErrorText } from '#web/features/auth/components/useFieldError.ts';
import { type AuthFailure, authFailure, thrownFailure } from '#web/features/auth/errors.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { APP_HOME, keepRedirect, sanitizeRedirect } from '#web/lib/redirect.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const navigate = useNavigate();
  const { user, isPending, refetch } = useAuth();
  const [params] = useSearchParams();
  const redirectTo = sanitizeRedirect(params.get('redirectTo')) ?? APP_HOME;
  const cameFromGuard = params.has('redirectTo');
  // The confirmation link lands here (/login?verified=1), signed in, and the public-page guard
  // sends the member on; with ?error=TOKEN_EXPIRED (INVALID_TOKEN, USER_NOT_FOUND…) it did not
  // sign them in. Every other ?error= is Google's.
  const fromConfirmation = params.has('verified');
  const confirmationFailed = fromConfirmation && params.has('error');
  const googleFailed = !fromConfirmation && params.has('error');

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
      const address = email.trim();
      const { error } = await authClient.signIn.email({ email: address, password });
      if (error) {
        const mapped = authFailure(error);
        // Isolated, so that the address reads whole inside an Arabic sentence.
        setFailure({ ...mapped, values: { ...mapped.values, email: `\u2068${address}\u2069` } });
        setBusy(false);
        // Unconfirmed email: the password was right, the member now goes to their mail.
        if (mapped.key !== 'emailNotVerified') passwordRef.current?.select();
        return;
      }
      await refetch();
      navigate(redirectTo, { replace: true });
    } catch (thrown) {
      setFailure(thrownFailure(thrown));
      setBusy(false);
    }
  }

  /** What brought the member here, shown until they try to log in. */
  function arrivalNotice(): ReactNode {
    if (failure) return null;
    if (confirmationFailed) return <Alert tone="error">{t('auth.login.verifyLinkFailed')}</Alert>;
    // A confirmed member normally has a session and is sent on: say nothing until we know.
    if (fromConfirmation)
      return isPending || user ? null : <Alert tone="success">{t('auth.login.verified')}</Alert>;
    if (cameFromGuard) return <Alert tone="info">{t('auth.login.signedOutRedirect')}</Alert>;
    return null;
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      footer={
        <p>
          {t('auth.login.noAccount')}{' '}
          <Link to={keepRedirect('/sign-up', params.get('redirectTo'))}>{t('common.signUp')}</Link>
        </p>
      }
    >
      {arrivalNotice()}
      <GoogleSignIn callbackURL={redirectTo} failedBefore={googleFailed} />
      {/* POST: should the browser ever send it itself (no script), no field goes into the address. */}
      <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
        {failure ? (
          <Alert tone={failure.key === 'emailNotVerified' ? 'info' : 'error'}>{errorText(failure)}</Alert>
        ) : null}
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
