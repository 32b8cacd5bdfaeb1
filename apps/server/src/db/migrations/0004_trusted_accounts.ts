// Three changes for trusted accounts:
// - Accounts made before sign-up asked for a confirmed email keep working: they count as confirmed.
// - Profile pictures set through better-auth's own update-user endpoint (now closed) are cleared
//   when they are not a web address of sane length (e.g. `javascript:…`, or 866 KB of text).
// - On PostgreSQL the member number is assigned by the insert itself, from the counter row:
//   sign-up is now one transaction, and a second connection taken for the number while the
//   transaction holds one would exhaust the pool under concurrent sign-ups. (SQLite cannot
//   change a row in a BEFORE trigger; there the sign-up's own connection bumps the counter.)
import { type Migration, PostgresAdapter, sql } from 'kysely';

export const trustedAccountsMigration: Migration = {
  async up(db) {
    await sql`update "user" set email_verified = true where email_verified = false`.execute(db);
    await sql`
      update "user" set image = null
      where image is not null
        and (length(image) > 2048
          or not (image like '/uploads/%' or image like 'https://%' or image like 'http://%'))`.execute(db);
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`
      create function assign_user_number() returns trigger language plpgsql as $$
      begin
        update counter set value = value + 1 where name = 'user_number' returning value into new.user_number;
        if new.user_number is null then
          raise exception 'counter row "user_number" is missing; run the migrations';
        end if;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger assign_user_number before insert on "user"
      for each row when (new.user_number is null) execute function assign_user_number()`.execute(db);
  },
  async down(db) {
    // Which accounts were confirmed by mail is not recorded, so that part stays.
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`drop trigger assign_user_number on "user"`.execute(db);
    await sql`drop function assign_user_number()`.execute(db);
  },
};
