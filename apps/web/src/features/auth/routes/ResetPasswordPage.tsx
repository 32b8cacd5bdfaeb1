import { PASSWORD_MIN_LENGTH } from '@sahifa/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/Button.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import styles from '#web/features/auth/components/AuthCard.module.css';
import { AuthCard } from '#web/features/auth/components/AuthCard.tsx';
import { useFieldErrorText } from '#web/features/auth/components/useFieldError.ts';
import { type AuthFailure, authFailure, thrownFailure } from '#web/features/auth/errors.ts';
import { type FieldError, validateNewPassword } from '#web/features/auth/validation.ts';
import { authClient } from '#web/lib/auth-client.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [params] = useSearchParams();
  const token = params.get('token');
  // better-auth's own link sends ?error=INVALID_TOKEN when the token has expired.
  const linkError = params.get('error');

  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const invalid = validateNewPassword(password);
    setError(invalid);
    if (invalid) {
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { error: answer } = await authClient.resetPassword({ newPassword: password, token });
      if (answer) {
        const mapped = authFailure(answer);
        setFailure(mapped);
        if (mapped.field) passwordRef.current?.focus();
      } else setDone(true);
    } catch (thrown) {
      setFailure(thrownFailure(thrown));
    } finally {
      setBusy(false);
    }
  }

  const requestNew = <Link to="/forgot-password">{t('auth.reset.requestNew')}</Link>;

  if (done) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <div className={styles.form}>
          <Alert tone="success">
            <p>{t('auth.reset.done')}</p>
            <p>{t('auth.reset.signedOutEverywhere')}</p>
          </Alert>
          <ButtonLink to="/login" block>
            {t('auth.reset.goToLogin')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (!token || linkError) {
    return (
      <AuthCard title={t('auth.reset.title')} footer={<p>{requestNew}</p>}>
        <Alert tone="error">
          <p>{linkError ? t('auth.reset.invalidToken') : t('auth.reset.missingToken')}</p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} lead={t('auth.reset.lead')} footer={<p>{requestNew}</p>}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && !failure.field ? <Alert tone="error">{errorText(failure)}</Alert> : null}
        <TextField
          label={t('auth.fields.newPassword')}
          hint={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH })}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (error) setError(validateNewPassword(e.target.value));
            // A refusal of the password itself (too weak…) no longer applies to a new one.
            if (failure?.field) setFailure(null);
          }}
          error={errorText(error) ?? (failure?.field ? errorText(failure) : null)}
          inputRef={passwordRef}
          required
        />
        <Button type="submit" block busy={busy} busyLabel={t('auth.reset.busy')}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

export default ResetPasswordPage;
