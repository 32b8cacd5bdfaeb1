import { ProfilePage } from '#web/features/profile/routes/ProfilePage.tsx';
import { MemberThoughts } from '#web/features/thoughts/components/MemberThoughts.tsx';

/** A member's profile, with their thoughts (likes, replies) composed in (features stay apart). */
export function ProfileRoute() {
  return (
    <ProfilePage
      renderThoughts={({ userNumber, firstPage, loadedAt, emptyText }) => (
        <MemberThoughts
          userNumber={userNumber}
          firstPage={firstPage}
          loadedAt={loadedAt}
          emptyText={emptyText}
        />
      )}
    />
  );
}

export default ProfileRoute;
