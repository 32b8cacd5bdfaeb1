import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import styles from '#web/features/auth/components/AuthCard.module.css';
import { AuthCard } from '#web/features/auth/components/AuthCard.tsx';
import { useFieldErrorText } from '#web/features/auth/components/useFieldError.ts';
import { authFailure } from '#web/features/auth/errors.ts';
import { type FieldError, validateEmail } from '#web/features/auth/validation.ts';
import { authClient } from '#web/lib/auth-client.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [rateLimited, setRateLimited] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateEmail(email);
    setError(invalid);
    if (invalid) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setRateLimited(false);
    const address = email.trim();
    try {
      const { error: failure } = await authClient.requestPasswordReset({
        email: address,
        redirectTo: '/reset-password',
      });
      // Whether or not an account exists, the answer is the same: nothing is revealed about it.
      if (failure && authFailure(failure).key === 'tooManyRequests') setRateLimited(true);
      else setSentTo(address);
    } catch {
      setSentTo(address);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <p>
      <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
    </p>
  );

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      lead={sentTo ? undefined : t('auth.forgot.lead')}
      footer={footer}
    >
      {sentTo ? (
        <Alert tone="success">
          <p>{t('auth.forgot.sent', { email: sentTo })}</p>
        </Alert>
      ) : (
        // POST: should the browser ever send it itself (no script), no field goes into the address.
        <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
          {rateLimited ? <Alert tone="error">{t('auth.errors.tooManyRequests')}</Alert> : null}
          <TextField
            label={t('auth.fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(validateEmail(e.target.value));
            }}
            error={errorText(error)}
            inputRef={emailRef}
            required
          />
          <Button type="submit" block busy={busy} busyLabel={t('auth.forgot.busy')}>
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

export default ForgotPasswordPage;
