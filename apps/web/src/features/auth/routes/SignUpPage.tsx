import { PASSWORD_MIN_LENGTH } from '@sahifa/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { TextField } from '#web/components/ui/TextField.tsx';
import styles from '#web/features/auth/components/AuthCard.module.css';
import { AuthCard } from '#web/features/auth/components/AuthCard.tsx';
import { CheckEmail } from '#web/features/auth/components/CheckEmail.tsx';
import { GoogleSignIn } from '#web/features/auth/components/GoogleSignIn.tsx';
import { useFieldErrorText } from '#web/features/auth/components/useFieldError.ts';
import { type AuthFailure, type AuthField, authFailure, thrownFailure } from '#web/features/auth/errors.ts';
import {
  type FieldError,
  validateEmail,
  validateName,
  validateNewPassword,
} from '#web/features/auth/validation.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { keepRedirect } from '#web/lib/redirect.ts';

type Values = Record<'name' | 'email' | 'password', string>;
type Errors = Partial<Record<keyof Values, FieldError | null>>;

const validators: Record<keyof Values, (value: string) => FieldError | null> = {
  name: validateName,
  email: validateEmail,
  password: validateNewPassword,
};

export function SignUpPage() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  /** Fields the member has left (or tried to submit): only those show inline errors. */
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  /** Set once the server has taken the sign-up: the address the confirmation link went to. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  /** True from "Use a different email" until the form is back: then the address gets the focus. */
  const backToForm = useRef(false);

  useEffect(() => {
    if (sentTo || !backToForm.current) return;
    backToForm.current = false;
    refs.email.current?.select();
  }, [sentTo, refs.email]);

  function changeEmail() {
    backToForm.current = true;
    setSentTo(null);
  }

  function update(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (touched[field]) setErrors((e) => ({ ...e, [field]: validators[field](value) }));
    if (failure?.field === field) setFailure(null);
  }

  function leave(field: keyof Values) {
    // An empty field the member merely tabbed through is not an error yet.
    if (!values[field] && !touched[field]) return;
    setTouched((s) => ({ ...s, [field]: true }));
    setErrors((e) => ({ ...e, [field]: validators[field](values[field]) }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {
      name: validateName(values.name),
      email: validateEmail(values.email),
      password: validateNewPassword(values.password),
    };
    setErrors(next);
    setTouched({ name: true, email: true, password: true });
    const firstInvalid = (['name', 'email', 'password'] as const).find((f) => next[f]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const email = values.email.trim();
    try {
      const { error } = await authClient.signUp.email({
        name: values.name.trim(),
        email,
        password: values.password,
      });
      setBusy(false);
      if (error) {
        const mapped = authFailure(error);
        setFailure(mapped);
        if (mapped.field) refs[mapped.field].current?.focus();
        return;
      }
      // No session yet: the account signs in from the link in the confirmation mail. The answer
      // is the same for an address that already has an account (its owner gets a mail instead).
      setSentTo(email);
    } catch (thrown) {
      setFailure(thrownFailure(thrown));
      setBusy(false);
    }
  }

  /** A server answer tied to a field is shown under that field; others above the form. */
  const serverErrorFor = (field: AuthField) => (failure?.field === field ? errorText(failure) : null);
  const fieldError = (field: keyof Values) =>
    (touched[field] ? errorText(errors[field]) : null) ?? serverErrorFor(field);

  const footer = (
    <p>
      {t('auth.signUp.haveAccount')}{' '}
      <Link to={keepRedirect('/login', params.get('redirectTo'))}>{t('common.logIn')}</Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth.checkEmail.title')} footer={footer}>
        <CheckEmail email={sentTo} onUseDifferentEmail={changeEmail} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signUp.title')} lead={t('auth.signUp.lead')} footer={footer}>
      <GoogleSignIn />
      {/* POST: should the browser ever send it itself (no script), no field goes into the address. */}
      <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
        {failure && !failure.field ? <Alert tone="error">{errorText(failure)}</Alert> : null}
        <TextField
          label={t('auth.fields.name')}
          hint={t('auth.hints.name')}
          name="name"
          autoComplete="name"
          dir="auto"
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          onBlur={() => leave('name')}
          error={fieldError('name')}
          inputRef={refs.name}
          required
        />
        <TextField
          label={t('auth.fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          onBlur={() => leave('email')}
          error={fieldError('email')}
          inputRef={refs.email}
          required
        />
        <TextField
          label={t('auth.fields.password')}
          hint={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH })}
          name="password"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
          onBlur={() => leave('password')}
          error={fieldError('password')}
          inputRef={refs.password}
          required
        />
        <p className={styles.small}>
          <Trans
            i18nKey="auth.signUp.agreement"
            components={{ terms: <Link to="/terms-conditions" />, privacy: <Link to="/privacy-policy" /> }}
          />
        </p>
        <Button type="submit" block busy={busy} busyLabel={t('auth.signUp.busy')}>
          {t('auth.signUp.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

export default SignUpPage;
