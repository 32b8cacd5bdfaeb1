import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';
import { Spinner } from './Spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost';

interface StyleProps {
  variant?: Variant;
  block?: boolean;
  size?: 'normal' | 'small';
}

function classes({ variant = 'primary', block, size }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], block && styles.block, size === 'small' && styles.small, extra]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and this text, and ignores clicks, while an action runs. */
  busy?: boolean;
  busyLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  block,
  size,
  busy = false,
  busyLabel,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes({ variant, block, size }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? (
        <>
          <Spinner size="small" />
          <span>{busyLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function ButtonLink({ variant, block, size, className, ...rest }: LinkProps & StyleProps) {
  return <Link className={classes({ variant, block, size }, className)} {...rest} />;
}
