import { COMMUNITY_LIMITS, type ProfileUpdate } from '@sahifa/contracts/community';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import fieldStyles from '#web/components/ui/Field.module.css';
import { TextField } from '#web/components/ui/TextField.tsx';
import { useUpdateProfile } from '#web/features/profile/api/update-profile.ts';
import { BigAvatar } from '#web/features/profile/components/BigAvatar.tsx';
import styles from '#web/features/profile/components/Profile.module.css';
import { isAllowedWebsite } from '#web/features/profile/website.ts';
import { ApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.tsx';
import { displayNameOf } from '#web/lib/display-name.ts';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** /app/settings/profile — the member edits their own public profile. */
export function EditProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(user.name ?? '');
  const [pronouns, setPronouns] = useState(user.pronouns ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [location, setLocation] = useState(user.location ?? '');
  const [website, setWebsite] = useState(user.website ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [websiteError, setWebsiteError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const bioId = useId();
  const fileId = useId();

  useEffect(() => {
    if (!avatar) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setSaved(false);
    if (!file) return;
    if (file.size > COMMUNITY_LIMITS.avatarBytes) {
      setAvatarError(t('profile.editForm.avatarTooBig'));
      event.target.value = '';
      return;
    }
    setAvatarError(null);
    setRemoveAvatar(false);
    setAvatar(file);
  }

  function onRemove() {
    setAvatar(null);
    setRemoveAvatar(true);
    setAvatarError(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (!isAllowedWebsite(website)) {
      setWebsiteError(t('profile.editForm.websiteInvalid'));
      return;
    }
    setWebsiteError(null);
    const data: ProfileUpdate = {
      displayName: displayName.trim(),
      pronouns: pronouns.trim(),
      bio: bio.trim(),
      location: location.trim(),
      website: website.trim(),
      ...(removeAvatar && !avatar ? { removeAvatar: true } : {}),
    };
    update.mutate(
      { data, avatar },
      {
        onSuccess: () => {
          setSaved(true);
          setAvatar(null);
          setRemoveAvatar(false);
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  }

  const serverError =
    update.error instanceof ApiError && update.error.status > 0 && update.error.status < 500
      ? update.error.status === 413
        ? t('profile.editForm.avatarTooBig')
        : update.error.message
      : update.error
        ? t('profile.editForm.saveFailed')
        : null;

  const shownImage = preview ?? (removeAvatar ? null : (user.image ?? null));

  return (
    <div className={styles.page}>
      <h1>{t('profile.editForm.title')}</h1>
      {user.userNumber ? (
        <p>
          <Link to={`/app/${user.userNumber}`}>{t('profile.editForm.viewProfile')}</Link>
        </p>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <span className={styles.label} id={`${fileId}-label`}>
            {t('profile.editForm.avatar')}
          </span>
          <div className={styles.avatarRow}>
            <BigAvatar
              name={displayNameOf({ name: displayName })}
              image={shownImage}
              alt={t('profile.editForm.avatarPreview')}
            />
            <div className={styles.field}>
              <label htmlFor={fileId}>{t('profile.editForm.chooseAvatar')}</label>
              <input
                ref={fileRef}
                id={fileId}
                name="avatar"
                type="file"
                accept={ACCEPTED}
                className={styles.fileInput}
                onChange={onFile}
              />
              {shownImage ? (
                <div>
                  <Button variant="ghost" size="small" onClick={onRemove}>
                    {t('profile.editForm.removeAvatar')}
                  </Button>
                </div>
              ) : null}
            </div>
          </div>
          <p className={styles.muted}>{t('profile.editForm.avatarHint')}</p>
          {avatarError ? (
            <p className={styles.fieldError} role="alert">
              {avatarError}
            </p>
          ) : null}
        </div>
        <TextField
          label={t('profile.editForm.displayName')}
          name="displayName"
          value={displayName}
          maxLength={COMMUNITY_LIMITS.displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          dir="auto"
        />
        <TextField
          label={t('profile.editForm.pronouns')}
          name="pronouns"
          value={pronouns}
          maxLength={COMMUNITY_LIMITS.pronouns}
          onChange={(e) => setPronouns(e.target.value)}
          dir="auto"
        />
        <div className={styles.field}>
          <label className={styles.label} htmlFor={bioId}>
            {t('profile.editForm.bio')}
          </label>
          <textarea
            id={bioId}
            name="bio"
            className={`${fieldStyles.textArea} ${styles.bioInput}`}
            rows={3}
            maxLength={COMMUNITY_LIMITS.bio}
            value={bio}
            onChange={(e) => setBio(e.target.value)}
            dir="auto"
          />
        </div>
        <TextField
          label={t('profile.editForm.location')}
          name="location"
          value={location}
          maxLength={COMMUNITY_LIMITS.location}
          onChange={(e) => setLocation(e.target.value)}
          dir="auto"
        />
        <TextField
          label={t('profile.editForm.website')}
          hint={t('profile.editForm.websiteHint')}
          name="website"
          type="url"
          inputMode="url"
          dir="ltr"
          value={website}
          maxLength={COMMUNITY_LIMITS.website}
          onChange={(e) => {
            setWebsite(e.target.value);
            setWebsiteError(null);
          }}
          error={websiteError}
        />
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        {saved ? <Alert tone="success">{t('profile.editForm.saved')}</Alert> : null}
        <div className={styles.actions}>
          <Button type="submit" busy={update.isPending} busyLabel={t('profile.editForm.saving')}>
            {t('profile.editForm.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}

export default EditProfilePage;
